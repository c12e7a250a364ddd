// npm test removes what a run killed outright left behind (scripts/test.mjs sweepLeftovers): its
// temporary folder (on a tmpfs it holds memory) and its compiled test files, each named with the
// run's process id. A folder of a run still going is kept: two runs may share a machine.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { test } from "node:test";

/** The id of a process that has ended. */
function endedProcessId() {
  const ended = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
  return Number(ended.stdout);
}

test("npm test removes the folders of runs that were killed, and keeps those of a run still going", () => {
  const parent = mkdtempSync(join(tmpdir(), "hand-leftovers-"));
  const cache = resolve("node_modules", ".cache");
  const dead = endedProcessId();
  const planted = {
    killedRun: join(parent, `hand-run-${dead}-abc123`),
    liveRun: join(parent, `hand-run-${process.pid}-def456`),
    killedBundles: join(cache, `hand-tests-${dead}`),
    liveBundles: join(cache, `hand-tests-${process.pid}`),
    unrelated: join(parent, "hand-run-notes"),
  };
  try {
    for (const folder of Object.values(planted)) {
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, "left.txt"), "left behind");
    }
    const only = join(parent, "only.test.ts");
    writeFileSync(only, `import { test } from "node:test";\ntest("only", () => {});\n`);
    const run = spawnSync(process.execPath, ["scripts/test.mjs", only], {
      encoding: "utf8",
      // As in suite-timings.test.ts: the inner runner reports to stdout, and this run's results file is left alone.
      env: { ...process.env, NODE_TEST_CONTEXT: undefined, TEST_RESULTS: undefined, TEST_TMPDIR: parent },
    });
    assert.equal(run.status, 0, run.stdout + run.stderr);
    assert.deepEqual(Object.fromEntries(Object.entries(planted).map(([name, folder]) => [name, existsSync(folder)])), {
      killedRun: false,
      liveRun: true,
      killedBundles: false,
      liveBundles: true,
      unrelated: true,
    });
  } finally {
    rmSync(parent, { recursive: true, force: true });
    rmSync(planted.killedBundles, { recursive: true, force: true });
    rmSync(planted.liveBundles, { recursive: true, force: true });
  }
});
