import assert from "node:assert/strict";
import { test } from "node:test";
import {
  CODE_ALPHABET,
  CODE_INPUT_PATTERN,
  CODE_LENGTH,
  codeSchema,
  formatCode,
  generateCode,
  NOT_FOUND_MESSAGE,
  normalizeCode,
  notFoundCode,
  withFreshCode,
} from "@/lib/codes";

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

test("a Prisma collision is recognised by the index's target in every shape the drivers report it", async () => {
  const shapes: Record<string, unknown>[] = [
    { code: "P2002", meta: { target: "code" } },
    { code: "P2002", meta: { target: "assessments_code_key" } },
    { code: "P2002", meta: { target: ['"code"'] } },
    { code: "P2002", meta: {} },
    { code: "P2002" },
    // A target of no known shape names no index: taken as the code's, as with no target at all.
    { code: "P2002", meta: { target: 5 } },
    { code: "P2002", meta: { driverAdapterError: { cause: { constraint: { fields: ["code"] } } } } },
    { code: "P2002", meta: { driverAdapterError: { cause: { constraint: { fields: ['"code"'] } } } } },
    { code: "23505" },
    // The driver's error without a constraint names no index either.
    { code: "P2002", meta: { driverAdapterError: {} } },
    { code: "P2002", meta: { driverAdapterError: { cause: {} } } },
    // One of the names is enough.
    { code: "P2002", meta: { target: ["email"], driverAdapterError: { cause: { constraint: { fields: ["code"] } } } } },
  ];
  for (const shape of shapes) {
    let calls = 0;
    await withFreshCode(async (c) => {
      if (++calls < 2) throw Object.assign(new Error("collision"), shape);
      return c;
    });
    assert.equal(calls, 2, JSON.stringify(shape));
  }
  const others: Record<string, unknown>[] = [
    { code: "P2002", meta: { target: "email" } },
    { code: "P2002", meta: { target: "codes" } },
    { code: "P2002", meta: { target: "assessments_email_key" } },
    { code: "P2002", meta: { driverAdapterError: { cause: { constraint: { fields: ["sub"] } } } } },
    { code: "P2003", meta: { target: ["code"] } },
    { code: "23503", constraint: "assessments_code_key" },
    { code: "23505", constraint: "assessments_code_idx" },
    {},
  ];
  for (const shape of others) {
    const error = Object.assign(new Error("other"), shape);
    let calls = 0;
    await assert.rejects(
      withFreshCode(async () => {
        calls++;
        throw error;
      }),
      error,
    );
    assert.equal(calls, 1, JSON.stringify(shape));
  }
  await assert.rejects(
    withFreshCode(async () => Promise.reject(null)),
    (error) => error === null,
  );
});

test("the number of attempts can be given; the first free code is returned", async () => {
  const collision = Object.assign(new Error("collision"), { code: "P2002", meta: { target: ["code"] } });
  let calls = 0;
  await assert.rejects(
    withFreshCode(async () => {
      calls++;
      throw collision;
    }, 2),
    collision,
  );
  assert.equal(calls, 2);
  assert.equal(await withFreshCode(async (c) => `got ${c.length}`), "got 6");
});

test("a code in a path, query or body: normalized, or a message naming the alphabet and the form", () => {
  assert.equal(codeSchema.parse(" abc-234 "), "ABC234");
  const result = codeSchema.safeParse("ABC");
  assert.equal(result.success, false);
  assert.equal(result.error?.issues[0]?.message, `must be a 6-character code from ${CODE_ALPHABET} (dash optional, e.g. ABC-234)`);
  assert.equal(CODE_LENGTH, 6);
  assert.equal(CODE_ALPHABET, "ABCDEFGHJKMNPQRSTUVWXYZ23456789");
});

test("an unknown and an expired code answer alike: 404 with one message", () => {
  const error = notFoundCode();
  assert.equal(error.status, 404);
  assert.equal(error.message, "No assessment with this code (it may have expired)");
  assert.equal(NOT_FOUND_MESSAGE, error.message);
});

test("the input pattern takes lower-case letters but no other characters", () => {
  assert.ok(CODE_INPUT_PATTERN.test("abcdef"));
  assert.ok(CODE_INPUT_PATTERN.test("\tABC-DEF\n"));
  for (const bad of ["abcdeo", "ABCDE!", "ABC-DE", "ABCDEFG", "xABC-DEF", "ABC-DEFx"])
    assert.equal(CODE_INPUT_PATTERN.test(bad), false, bad);
});

test("a unique violation on another column is thrown at once, without minting a second code", async () => {
  const other = Object.assign(new Error("Unique constraint failed"), { code: "P2002", meta: { target: ["email"] } });
  let attempts = 0;
  await assert.rejects(
    withFreshCode(async () => {
      attempts++;
      throw other;
    }),
    other,
  );
  assert.equal(attempts, 1);
});
