// Required free text: the API reference's JSON Schema and the service give the same verdict, so a
// client that validates against the reference is never refused for a value it was told is valid
// (the document fuzz found a clinic named "  " valid per the document and refused by the code).
import assert from "node:assert/strict";
import { test } from "node:test";
import { Ajv2020 } from "ajv/dist/2020.js";
import fc from "fast-check";
import { z } from "zod";
import { requiredText } from "@/lib/api/text";

const field = z.object({ name: requiredText("must not be blank").max(40) });
const documented = new Ajv2020({ strict: true }).compile(z.toJSONSchema(field, { io: "input" }));

/** Strings made mostly of white space, a printable character now and then. */
const mostlyBlank = fc.string({ unit: fc.constantFrom(" ", "\t", "\n", "\r", "\u00a0", "\u2003", "a", "é"), maxLength: 40 });

test("required text: the documented schema and the service agree on every value, blank ones included", () => {
  fc.assert(
    fc.property(mostlyBlank, (name) => {
      assert.equal(documented({ name }), field.safeParse({ name }).success, JSON.stringify(name));
    }),
    { numRuns: 2000 },
  );
});

test("required text: blank is refused with the field's message, and what is stored is trimmed", () => {
  for (const blank of ["", " ", "\t\n ", "\u00a0"]) {
    const result = field.safeParse({ name: blank });
    assert.equal(result.success, false, JSON.stringify(blank));
    assert.deepEqual(
      result.error.issues.map((issue) => [issue.path.join("."), issue.message]),
      [["name", "must not be blank"]],
    );
  }
  assert.deepEqual(field.parse({ name: "  Riverside Hand Clinic \n" }), { name: "Riverside Hand Clinic" });
});
