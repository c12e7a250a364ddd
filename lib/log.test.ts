// The request log's batched writer: lines wait a few milliseconds to share a write, and none is
// lost when the process ends with lines still queued (process.exit, or nothing left to do).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { test } from "node:test";

/** Runs `script` (after importing the logger as `logger`) in a child process; its stdout lines. */
function run(script: string): string[] {
  const child = spawnSync(
    process.execPath,
    ["--import", "tsx", "--input-type=module", "-e", `const { logger } = await import("@/lib/log"); ${script}`],
    { encoding: "utf8", env: { ...process.env, LOG_LEVEL: "info", NODE_ENV: "production" } },
  );
  assert.equal(child.status, 0, child.stderr);
  return child.stdout.split("\n").filter(Boolean);
}

const messages = (lines: string[]) => lines.map((line) => JSON.parse(line).msg as string);

test("lines queued when the process exits are written, in order", () => {
  assert.deepEqual(messages(run(`for (let i = 0; i < 3; i++) logger.info("line " + i); process.exit(0);`)), ["line 0", "line 1", "line 2"]);
});

test("a process with nothing left to do writes its last lines as it ends", () => {
  assert.deepEqual(messages(run(`logger.info("last"); setTimeout(() => logger.info("later"), 1);`)), ["last", "later"]);
});

test("lines logged within a few milliseconds leave together, and a long-lived process writes them without exiting", () => {
  const lines = run(`
    const { writeSync } = await import("node:fs");
    logger.info("a");
    logger.info("b");
    // Before the flush: nothing written yet (the marker goes out first). After it, both lines.
    writeSync(1, JSON.stringify({ msg: "marker" }) + "\\n");
    await new Promise((resolve) => setTimeout(resolve, 200));
    writeSync(1, JSON.stringify({ msg: "after" }) + "\\n");
  `);
  assert.deepEqual(messages(lines), ["marker", "a", "b", "after"]);
});
