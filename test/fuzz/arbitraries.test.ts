// The valid-input generators make only what the service documents as valid: every sample parses
// under the route's own zod schema and its text is well-formed Unicode without NUL (which the
// service rightly refuses with a 400). A generator bug must not pass for a service defect.
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { z } from "zod";
import { arthritisInput } from "@/lib/assessments/kinds/arthritis-contract";
import { dexterityInput } from "@/lib/assessments/kinds/dexterity-contract";
import { painInput } from "@/lib/assessments/kinds/pain-contract";
import { romInput } from "@/lib/assessments/kinds/rom-contract";
import { consistentRomJoints, firstCodeUnits, isWellFormed, validFor } from "@/test/fuzz/arbitraries";

function malformedText(value: unknown): string | null {
  if (typeof value === "string") return isWellFormed(value) && !value.includes("\u0000") ? null : value;
  if (value && typeof value === "object") {
    for (const [key, member] of Object.entries(value)) {
      const found = malformedText(key) ?? malformedText(member);
      if (found !== null) return found;
    }
  }
  return null;
}

for (const [name, schema] of Object.entries({ arthritisInput, dexterityInput, painInput, romInput })) {
  test(`every generated ${name} parses under its schema and holds only well-formed text`, () => {
    fc.assert(
      // ROM joints' angles must agree with their rom, a rule beside the shape: the generators order them.
      fc.property(
        validFor(schema).map((input) => (schema === romInput ? consistentRomJoints(input as { joints?: unknown }) : input)),
        (input) => {
          assert.equal(malformedText(input), null);
          const parsed = schema.safeParse(input);
          assert.ok(parsed.success, parsed.success ? "" : JSON.stringify(parsed.error.issues[0]));
        },
      ),
      { numRuns: 2_000, seed: 1506368656 },
    );
  });
}

test("text cut to a short maximum stays well-formed (emoji are never split)", () => {
  const shortNote = z.object({ note: z.string().min(1).max(3) });
  fc.assert(
    fc.property(validFor(shortNote, { optionalPresence: 1 }), (input) => {
      assert.equal(malformedText(input), null);
      assert.ok(shortNote.safeParse(input).success);
    }),
    { numRuns: 2_000, seed: 1506368656 },
  );
});

test("firstCodeUnits keeps whole code points within the limit", () => {
  assert.equal(firstCodeUnits("a🙂b", 2), "a");
  assert.equal(firstCodeUnits("a🙂b", 3), "a🙂");
  assert.equal(firstCodeUnits("abc", 5), "abc");
  assert.equal(isWellFormed("a🙂".slice(0, 2)), false, "a plain slice would have split the pair");
});
