// The job queue starts after the server listens (server.ts): a job sent while pg-boss is still
// starting waits for the start instead of failing, and a stop during the start waits for it.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import type { TestDatabase } from "@/test/support/database";
import { dropDatabase, useFreshDatabase } from "@/test/support/in-process-db";

let database: TestDatabase;
let jobs: typeof import("@/lib/jobs");

before(async () => {
  database = await useFreshDatabase();
  jobs = await import("@/lib/jobs");
});
after(async () => {
  await jobs.stopJobs();
  await dropDatabase(database);
});

test("a job sent while the queue is still starting waits for the start, is queued and runs", async () => {
  const starting = jobs.startJobs();
  const id = await jobs.send("early-job", { n: 7 });
  await starting;
  assert.match(id, /^[0-9a-f-]{36}$/);
  const ran = new Promise<{ data: { n: number }; id: string }>((resolve) => {
    void jobs.work<{ n: number }>("early-job", async (data, job) => resolve({ data, id: job.id }));
  });
  assert.deepEqual(await ran, { data: { n: 7 }, id });
});

test("a stop during the start waits for it; once stopped, sending is refused until the next start", async () => {
  await jobs.stopJobs();
  void jobs.startJobs();
  await jobs.stopJobs();
  await assert.rejects(jobs.send("after-stop", {}), /Background jobs are not running/);
  await jobs.startJobs();
  assert.match(await jobs.send("after-restart", {}), /^[0-9a-f-]{36}$/);
});
