import assert from "node:assert/strict";
import { test } from "node:test";
import { fhirJson } from "@/lib/fhir/json";

test("control characters other than tab, line feed and carriage return are left out of FHIR strings", () => {
  const all = Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)).join("");
  assert.deepEqual(JSON.parse(fhirJson({ text: `a${all}b`, list: ["\u0000x", "y\u001f"] })), { text: "a\t\n\rb", list: ["x", "y"] });
});

test("escaped backslashes and the characters after them are kept as they were", () => {
  const value = { text: "C:\\b\\f\\u0001 \\\u0001 and \\\\u0000" };
  assert.deepEqual(JSON.parse(fhirJson(value)), { text: "C:\\b\\f\\u0001 \\ and \\\\u0000" });
  assert.equal(fhirJson({ plain: "no escapes", n: 1 }), JSON.stringify({ plain: "no escapes", n: 1 }));
});
