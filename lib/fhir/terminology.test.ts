// The service's CodeSystem: unique codes, and every one of them in the mapping table of
// docs/fhir.md (so the table cannot silently fall behind the code).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { codeSystemResource } from "@/lib/fhir/terminology";

const concepts = codeSystemResource().concept!;

test("the CodeSystem's codes are unique and its count is right", () => {
  assert.equal(new Set(concepts.map((c) => c.code)).size, concepts.length);
  assert.equal(codeSystemResource().count, concepts.length);
});

test("docs/fhir.md names every code: measures and types by name, values by their set", () => {
  const doc = readFileSync("docs/fhir.md", "utf8");
  const missing = concepts.filter((concept) => {
    const valueOf = /^([\w-]+): [A-Z0-9_]+$/.exec(concept.definition ?? "");
    return !doc.includes(`\`${valueOf ? valueOf[1] : concept.code}\``);
  });
  assert.deepEqual(
    missing.map((c) => c.code),
    [],
  );
});
