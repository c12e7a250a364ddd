// docs/guarantees.md names, for every promise, the test that proves it: a file and the test's
// exact name. A renamed, moved or deleted test must not leave the ledger pointing at nothing, and
// a name found only in a comment is no test. What the runner really ran is checked after both
// passes of .ci/run (scripts/check-ledger.mjs); the planted cases below show both checks bite.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { test } from "node:test";
import { citations, runProblems, staticProblems } from "@/scripts/lib/ledger.mjs";

const LEDGER = readFileSync("docs/guarantees.md", "utf8");
const readSource = (file: string) => (existsSync(file) ? readFileSync(file, "utf8") : null);

test("the ledger cites test files", () => {
  assert.ok(citations(LEDGER).length >= 60, `only ${citations(LEDGER).length} citations found`);
});

test("every test file the ledger cites exists, and every name it quotes is the title of a test in that file", () => {
  assert.deepEqual(staticProblems(LEDGER, readSource), []);
});

const PLANTED = [
  "## Claims ledger",
  "| Claim | Where | Proved by |",
  "| --- | --- | --- |",
  '| A | README | `test/x.test.ts`: "a real test", "a name in a comment" |',
  '| B | README | `test/x.test.ts`: "a skipped test" |',
  '| C | README | `test/x.test.ts`: "a PostgreSQL test" |',
  '| D | README | `test/x.test.ts`: "a PostgreSQL test" (PostgreSQL) |',
  '| E | README | `test/x.test.ts`: "${kind} round trip" |',
  "## Mutation testing",
].join("\n");
const PLANTED_SOURCE = [
  "// a name in a comment",
  'test("a real test", () => {});',
  'test("a skipped test", { skip: "no Redis" }, () => {});',
  'test("a PostgreSQL test", () => {});',
  "for (const kind of kinds) test(`${kind} round trip`, () => {});",
].join("\n");

test("a planted citation of a name found only in a comment fails the source check", () => {
  assert.deepEqual(
    staticProblems(PLANTED, () => PLANTED_SOURCE),
    ['test/x.test.ts: "a name in a comment" is not the title of a test in that file'],
  );
});

test("a planted citation of a skipped test, or of one that passed only on PostgreSQL in an unmarked row, fails the run check", () => {
  const result = (name: string, status: string) => ({ file: "test/x.test.ts", name, status });
  const runs = [
    {
      label: "postgres",
      results: [
        result("a real test", "pass"),
        result("a skipped test", "skip"),
        result("a PostgreSQL test", "pass"),
        result("ROM round trip", "pass"),
      ],
    },
    {
      label: "embedded",
      results: [
        result("a real test", "pass"),
        result("a skipped test", "skip"),
        result("a PostgreSQL test", "skip"),
        result("PAIN round trip", "pass"),
      ],
    },
  ];
  assert.deepEqual(runProblems(PLANTED, runs), [
    'test/x.test.ts: "a name in a comment" did not run in any pass',
    'test/x.test.ts: "a skipped test" was skipped in every pass',
    'test/x.test.ts: "a PostgreSQL test" passed only on PostgreSQL; its row must say "(PostgreSQL"',
  ]);
});
