// Four ways a citation in docs/guarantees.md could look proven without being proven, each planted
// here: the check must name every one. The last runs the project's own results reporter on a
// planted test file, so what is checked is what the runner really writes.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { citations, runProblems, staticProblems } from "@/scripts/lib/ledger.mjs";

const ledger = (...rows: string[]) =>
  ["## Claims ledger", "| Claim | Where | Proved by |", "| --- | --- | --- |", ...rows, "## Mutation testing"].join("\n");

test("a title found only inside a string literal is not a declared test", () => {
  const source = [
    'test("a real test", () => {});',
    "const example = 'test(\"a title in a string\", () => {})';",
    'const template = `describe("a title in a template", () => {})`;',
  ].join("\n");
  const planted = ledger('| A | README | `test/x.test.ts`: "a real test", "a title in a string", "a title in a template" |');
  assert.deepEqual(
    staticProblems(planted, () => source),
    [
      'test/x.test.ts: "a title in a string" is not the title of a test in that file',
      'test/x.test.ts: "a title in a template" is not the title of a test in that file',
    ],
  );
});

test("a table row written without the space after its bars is read like any other", () => {
  const planted = ledger('|A|README|`test/x.test.ts`: "no such test"|', '|B |README | `test/y.test.ts`: "another missing test" |');
  assert.deepEqual(
    citations(planted).map(({ file, names }) => ({ file, names })),
    [
      { file: "test/x.test.ts", names: ["no such test"] },
      { file: "test/y.test.ts", names: ["another missing test"] },
    ],
  );
  assert.deepEqual(
    staticProblems(planted, () => 'test("a real test", () => {});'),
    [
      'test/x.test.ts: "no such test" is not the title of a test in that file',
      'test/y.test.ts: "another missing test" is not the title of a test in that file',
    ],
  );
});

test("names in curly quotes are checked, and a test file cited without any name is a problem", () => {
  const planted = ledger(
    "| A | README | `test/x.test.ts`: “a curly-quoted missing test”, “a real test” |",
    "| B | README | `test/y.test.ts` |",
  );
  assert.deepEqual(
    staticProblems(planted, () => 'test("a real test", () => {});'),
    [
      'test/x.test.ts: "a curly-quoted missing test" is not the title of a test in that file',
      "test/y.test.ts: cites no test by name (row | B | README | `test/y.test.ts` |)",
    ],
  );
});

test("a describe, or a test with subtests, whose tests were all skipped counts as skipped, not passed", () => {
  const dir = mkdtempSync(join(tmpdir(), "ledger-planted-"));
  try {
    const file = join(dir, "planted.test.mjs");
    writeFileSync(
      file,
      [
        'import { describe, it, test } from "node:test";',
        'describe("every test skipped", () => { it("one", { skip: "no Redis" }, () => {}); it("two", { skip: true }, () => {}); });',
        'describe("one test ran", () => { it("three", { skip: true }, () => {}); describe("inner", () => { it("four", () => {}); }); });',
        'test("every subtest skipped", async (t) => { await t.test("five", { skip: "no PostgreSQL" }, () => {}); });',
        'describe("no tests at all", () => {});',
      ].join("\n"),
    );
    const results = join(dir, "results.jsonl");
    const run = spawnSync(
      process.execPath,
      ["--test", "--test-reporter=./scripts/lib/results-reporter.mjs", "--test-reporter-destination=/dev/null", file],
      // Without NODE_TEST_CONTEXT: inside a test, it would make the inner runner report to this one.
      { env: { ...process.env, NODE_TEST_CONTEXT: undefined, TEST_RESULTS: results }, encoding: "utf8" },
    );
    assert.equal(run.status, 0, run.stderr);
    const written = readFileSync(results, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line));
    // The reporter names the file it ran; the planted ledger cites it under a test path.
    const ran = written.map((result) => ({ ...result, file: "test/planted.test.ts" }));
    const planted = ledger(
      '| A | README | `test/planted.test.ts`: "every test skipped", "one test ran", "every subtest skipped", "no tests at all" |',
    );
    assert.deepEqual(runProblems(planted, [{ label: "embedded", results: ran }]), [
      'test/planted.test.ts: "every test skipped" was skipped in every pass',
      'test/planted.test.ts: "every subtest skipped" was skipped in every pass',
      'test/planted.test.ts: "no tests at all" was skipped in every pass',
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
