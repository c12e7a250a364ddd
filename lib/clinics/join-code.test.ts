import assert from "node:assert/strict";
import { test } from "node:test";
import { formatJoinCode, generateJoinCode, joinCodeSchema, withFreshJoinCode } from "@/lib/clinics/join-code";
import { CODE_ALPHABET } from "@/lib/codes";

test("a fresh join code is ten characters of the sharing codes' alphabet, and codes differ", () => {
  const codes = Array.from({ length: 200 }, generateJoinCode);
  for (const code of codes) assert.match(code, new RegExp(`^[${CODE_ALPHABET}]{10}$`));
  assert.equal(new Set(codes).size, codes.length);
  // Every character of the alphabet turns up, its last one too (no character is out of reach).
  assert.deepEqual(new Set(codes.join("")), new Set(CODE_ALPHABET));
});

test("a join code is printed as two groups of five joined by a dash", () => {
  assert.equal(formatJoinCode("ABCDEFGHJK"), "ABCDE-FGHJK");
});

test("a typed join code is read in any case, with or without its dash or a space, and kept as ten capitals", () => {
  const read = (typed: string) => joinCodeSchema.parse(typed);
  assert.equal(read("ABCDE-FGHJK"), "ABCDEFGHJK");
  assert.equal(read("abcdefghjk"), "ABCDEFGHJK");
  assert.equal(read(" abcde fghjk "), "ABCDEFGHJK");
  assert.equal(read("\tAbCdE-fGhJk\n"), "ABCDEFGHJK");
  assert.equal(read("23456-789AB"), "23456789AB");
});

test("a join code of the wrong length, with a look-alike character or a misplaced separator is refused, naming the format", () => {
  for (const typed of [
    "ABCDEFGHJ",
    "ABCDEFGHJKM",
    "ABCDE--FGHJK",
    "ABCD-EFGHJK",
    "ABCDE-FGHJK-",
    "OBCDEFGHJK",
    "IBCDEFGHJK",
    "LBCDEFGHJK",
    "0BCDEFGHJK",
    "1BCDEFGHJK",
    "xABCDEFGHJK",
    "ABCD!FGHJK",
    "ABCDEFGHJKx",
    "",
  ]) {
    const parsed = joinCodeSchema.safeParse(typed);
    assert.equal(parsed.success, false, typed);
    assert.equal(
      parsed.error!.issues[0]!.message,
      `must be a 10-character clinic join code from ${CODE_ALPHABET} (e.g. ABCDE-FGHJK)`,
      typed,
    );
  }
});

const takenJoinCode = () => Object.assign(new Error("duplicate key"), { code: "23505", constraint: "clinics_join_code_key" });

test("a join code already taken is drawn again, with a new code each time, until one is free", async () => {
  const tried: string[] = [];
  const made = await withFreshJoinCode(async (joinCode) => {
    tried.push(joinCode);
    if (tried.length < 3) throw takenJoinCode();
    return `clinic ${joinCode}`;
  });
  assert.equal(tried.length, 3);
  assert.equal(new Set(tried).size, 3);
  assert.equal(made, `clinic ${tried[2]}`);
});

test("after five taken codes, or at once on any other failure, the error is the caller's", async () => {
  let attempts = 0;
  await assert.rejects(
    withFreshJoinCode(async () => {
      attempts++;
      throw takenJoinCode();
    }),
    { code: "23505" },
  );
  assert.equal(attempts, 5);

  attempts = 0;
  const otherColumn = Object.assign(new Error("duplicate key"), { code: "23505", constraint: "clinics_name_key" });
  await assert.rejects(
    withFreshJoinCode(async () => {
      attempts++;
      throw otherColumn;
    }),
    (error) => error === otherColumn,
  );
  assert.equal(attempts, 1);

  attempts = 0;
  await assert.rejects(
    withFreshJoinCode(async () => {
      attempts++;
      throw takenJoinCode();
    }, 2),
    { code: "23505" },
  );
  assert.equal(attempts, 2);
});
