// npm test ends with each test file's wall time (scripts/lib/timings-reporter.mjs, printed by
// scripts/test.mjs): the table docs/development.md's "Where the suite's time goes" is made from.
// Two planted files, one of which waits in its set-up as a server start would: the table names
// both with their tests, the slower first, its wait counted (lower bounds only: no clock is
// assumed faster than it is).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { test } from "node:test";

test("npm test prints every file's wall time with --timings, set-up included, slowest first", () => {
  const folder = mkdtempSync(join(tmpdir(), "hand-timings-"));
  try {
    const slow = join(folder, "slow.test.ts");
    const quick = join(folder, "quick.test.ts");
    writeFileSync(
      slow,
      `import { before, test } from "node:test";\nbefore(() => new Promise((done) => setTimeout(done, 1500)));\ntest("one", () => {});\ntest("two", () => {});\n`,
    );
    writeFileSync(quick, `import { test } from "node:test";\ntest("only", () => {});\n`);
    const run = spawnSync(process.execPath, ["scripts/test.mjs", "--timings", slow, quick], {
      encoding: "utf8",
      // Without NODE_TEST_CONTEXT the inner runner takes itself for a child of this one and reports
      // to it, not to stdout; without TEST_RESULTS it would empty this run's results file (check-ledger).
      env: { ...process.env, NODE_TEST_CONTEXT: undefined, TEST_RESULTS: undefined },
    });
    assert.equal(run.status, 0, run.stdout + run.stderr);
    const rows = [...run.stdout.matchAll(/^\| (\S+\.test\.ts) \| (\d+) \| ([\d.]+) \|$/gm)].map(([, file, tests, seconds]) => ({
      file,
      tests: Number(tests),
      seconds: Number(seconds),
    }));
    assert.deepEqual(
      rows.map(({ file, tests }) => ({ file, tests })),
      [
        { file: relative(process.cwd(), slow), tests: 2 },
        { file: relative(process.cwd(), quick), tests: 1 },
      ],
    );
    assert.ok(rows[0]!.seconds >= 1.5, `the slow file's set-up counts: ${rows[0]!.seconds} s`);
    assert.match(run.stdout, /^2 file\(s\) in \d+ s of wall time/m);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
