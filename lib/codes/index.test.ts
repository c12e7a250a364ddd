import assert from "node:assert/strict";
import { test } from "node:test";
import { CODE_ALPHABET, codeSchema, formatCode, generateCode, normalizeCode, withFreshCode } from "@/lib/codes";

test("the alphabet has 31 characters and none of 0, O, 1, I, L", () => {
  assert.equal(CODE_ALPHABET.length, 31);
  assert.equal(new Set(CODE_ALPHABET).size, 31);
  for (const c of "0O1IL") assert.ok(!CODE_ALPHABET.includes(c));
});

test("generated codes are 6 characters of the alphabet, and every character occurs", () => {
  const seen = new Set<string>();
  for (let i = 0; i < 2000; i++) {
    const code = generateCode();
    assert.match(code, new RegExp(`^[${CODE_ALPHABET}]{6}$`));
    for (const c of code) seen.add(c);
  }
  assert.equal(seen.size, 31);
});

test("a generated code always holds a letter, so it never reads as a record id", () => {
  for (let i = 0; i < 20_000; i++) assert.match(generateCode(), /[A-Z]/);
});

test("parsing accepts any case, with or without the middle dash", () => {
  assert.equal(normalizeCode("ABC234"), "ABC234");
  assert.equal(normalizeCode("abc-234"), "ABC234");
  assert.equal(normalizeCode(" aBc234 "), "ABC234");
});

test("parsing rejects wrong length, letters outside the alphabet and misplaced dashes", () => {
  for (const bad of ["", "ABC23", "ABC2345", "ABC-2345", "AB-C234", "ABC--234", "ABO234", "AB1234", "ABL234", "ABC 234", "ABC_234"]) {
    assert.equal(normalizeCode(bad), null, bad);
  }
  const result = codeSchema.safeParse("ABO-234");
  assert.equal(result.success, false);
});

test("formattedCode is the dashed form", () => {
  assert.equal(formatCode("ABC234"), "ABC-234");
});

test("minting retries on a unique-index collision on code, and only on that", async () => {
  const collision = Object.assign(new Error("Unique constraint failed"), { code: "P2002", meta: { target: ["code"] } });
  let calls = 0;
  const code = await withFreshCode(async (c) => {
    calls++;
    if (calls < 3) throw collision;
    return c;
  });
  assert.equal(calls, 3);
  assert.match(code, /^[A-Z2-9]{6}$/);

  const other = Object.assign(new Error("Unique constraint failed"), { code: "P2002", meta: { target: ["email"] } });
  await assert.rejects(
    withFreshCode(async () => Promise.reject(other)),
    other,
  );
  let attempts = 0;
  await assert.rejects(
    withFreshCode(async () => {
      attempts++;
      throw collision;
    }),
    collision,
  );
  assert.equal(attempts, 5);
});

test("plain-SQL writes: PostgreSQL's unique violation (23505) on the code index is retried, on another index it is not", async () => {
  const collision = Object.assign(new Error("duplicate key value violates unique constraint"), {
    code: "23505",
    constraint: "assessments_code_key",
  });
  let calls = 0;
  await withFreshCode(async (c) => {
    if (++calls < 2) throw collision;
    return c;
  });
  assert.equal(calls, 2);
  const other = Object.assign(new Error("duplicate key value violates unique constraint"), {
    code: "23505",
    constraint: "score_points_assessment_id_key",
  });
  await assert.rejects(
    withFreshCode(async () => Promise.reject(other)),
    other,
  );
});
