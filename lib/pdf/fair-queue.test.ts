import assert from "node:assert/strict";
import { test } from "node:test";
import { FairQueue, QueueFull } from "@/lib/pdf/fair-queue";

/** A task that runs until released; records the order in which tasks start. */
function gate(started: string[], name: string) {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return { task: () => (started.push(name), done.then(() => name)), release: () => release() };
}

test("a free slot goes to the client waiting longest since its last start, not to the flooder queued first", async () => {
  const queue = new FairQueue({ concurrency: 1, maxWaiting: 10, maxWaitingPerClient: 3 });
  const started: string[] = [];
  const jobs = ["a1", "a2", "a3", "b1", "c1"].map((name) => ({ name, ...gate(started, name) }));
  const results = jobs.map(({ name, task }) => queue.run(name[0]!, task));
  for (const job of jobs) {
    job.release();
    await new Promise((resolve) => setImmediate(resolve));
  }
  assert.deepEqual(await Promise.all(results), ["a1", "a2", "a3", "b1", "c1"]);
  assert.deepEqual(started, ["a1", "b1", "c1", "a2", "a3"]);
});

test("past its own cap a client is refused while others may still wait", async () => {
  const queue = new FairQueue({ concurrency: 1, maxWaiting: 3, maxWaitingPerClient: 1 });
  const started: string[] = [];
  const running = gate(started, "a1");
  const first = queue.run("a", running.task);
  const second = queue.run("a", async () => "a2");
  await assert.rejects(
    queue.run("a", async () => "a3"),
    (error: unknown) => error instanceof QueueFull && error.scope === "client",
  );
  const other = queue.run("b", async () => "b1");
  const third = queue.run("c", async () => "c1");
  await assert.rejects(
    queue.run("d", async () => "d1"),
    (error: unknown) => error instanceof QueueFull && error.scope === "all",
  );
  running.release();
  assert.deepEqual(await Promise.all([first, second, other, third]), ["a1", "a2", "b1", "c1"]);
});
