// The harness's hold on a server's output stays bounded however long the server talks, and it
// still finds the lines tests wait for.
import assert from "node:assert/strict";
import test from "node:test";
import { HEAD_CHARS, RetainedLog, TAIL_CHARS } from "./log-tail.ts";

const line = (n: number) => `{"level":30,"msg":"request","n":${n},"path":"/api/lookup/ABC234"}\n`;

test("50 MB of log lines leave the start-up lines, the last lines and at most head + tail characters", () => {
  const log = new RetainedLog();
  log.push('{"level":30,"port":41234,"msg":"listening on http://localhost:41234"}\n');
  let pushed = 0;
  let n = 0;
  while (pushed < 50 * 1024 * 1024) {
    // Chunks of a few lines, as a pipe delivers them.
    const chunk = line(n++) + line(n++) + line(n++);
    log.push(chunk);
    pushed += chunk.length;
  }
  assert.ok(log.retainedChars <= HEAD_CHARS + TAIL_CHARS, `${log.retainedChars} characters retained`);
  const text = log.text();
  assert.ok(text.length < HEAD_CHARS + TAIL_CHARS + 100, `${text.length} characters in output()`);
  assert.match(text, /listening on/);
  assert.ok(text.endsWith(line(n - 1)));
  assert.match(text, /characters not kept/);
});

test("a short log is kept whole", () => {
  const log = new RetainedLog();
  log.push(line(1));
  log.push(line(2), "stderr");
  assert.equal(log.text(), line(1) + line(2));
});

test("a wait sees a line already retained and a line that arrives later split over chunks and streams", async () => {
  const log = new RetainedLog();
  log.push('{"msg":"mail not configured"}\n');
  assert.match(await log.waitFor(/mail not configured/, 1_000), /mail not configured/);

  const later = log.waitFor(/"purged":[1-9]/, 60_000);
  log.push('{"msg":"purge","pur');
  log.push('{"msg":"unrelated line on the other stream"}\n', "stderr");
  log.push('ged":3}\n');
  assert.match(await later, /"purged":3/);

  const listening = log.nextLine(/"port":(\d+),[^\n]*listening on/);
  log.push('{"port":5150,"msg":"listening on http://localhost:5150"}\n');
  assert.equal(await listening, '{"port":5150,"msg":"listening on http://localhost:5150"}');
});

test("a wait that sees no matching line fails with the retained output", async () => {
  const log = new RetainedLog(16, 32);
  log.push(line(1));
  await assert.rejects(log.waitFor(/never printed/, 10), /did not print \/never printed\//);
});
