// The request log's batched writer: lines wait a few milliseconds to share a write, and none is
// lost when the process ends with lines still queued (process.exit, or nothing left to do).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";

/**
 * Runs `script` (after importing the logger as `logger`) in a child process; its stdout lines as
 * they stood when the process's last exit listener ran. The one libuv worker thread is kept busy
 * from the first exit listener on, so a line left to an asynchronous write at exit is missing.
 */
function run(script: string): string[] {
  const dir = mkdtempSync(join(tmpdir(), "hand-log-"));
  const stdoutFile = join(dir, "stdout");
  const seenFile = join(dir, "seen");
  const stdout = openSync(stdoutFile, "w");
  try {
    const child = spawnSync(
      process.execPath,
      [
        "--import",
        "tsx",
        "--input-type=module",
        "-e",
        `const { logger } = await import("@/lib/log");
        const { pbkdf2 } = await import("node:crypto");
        const { copyFileSync } = await import("node:fs");
        process.prependListener("exit", () => pbkdf2("p", "s", 200000, 32, "sha256", () => {}));
        process.on("exit", () => copyFileSync(${JSON.stringify(stdoutFile)}, ${JSON.stringify(seenFile)}));
        ${script}`,
      ],
      {
        encoding: "utf8",
        stdio: ["ignore", stdout, "pipe"],
        env: { ...process.env, LOG_LEVEL: "info", NODE_ENV: "production", UV_THREADPOOL_SIZE: "1" },
      },
    );
    assert.equal(child.status, 0, child.stderr);
    return readFileSync(seenFile, "utf8").split("\n").filter(Boolean);
  } finally {
    closeSync(stdout);
    rmSync(dir, { recursive: true, force: true });
  }
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

test("each line carries the time it was logged, to the millisecond, in UTC", () => {
  const before = Date.now();
  const lines = run(`
    logger.info("first");
    await new Promise((resolve) => setTimeout(resolve, 25));
    logger.info("second");
  `);
  const after = Date.now();
  const [first, second] = lines.map((line) => JSON.parse(line).time as string);
  for (const time of [first!, second!]) {
    assert.match(time, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    assert.ok(Date.parse(time) >= before && Date.parse(time) <= after, `${time} within the run`);
  }
  assert.ok(Date.parse(second!) - Date.parse(first!) >= 20, `${second} at least 20 ms after ${first}`);
});
