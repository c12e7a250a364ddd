// Background jobs through pg-boss, a well-kept queue on the database the service already has:
// jobs are rows in its `pgboss` schema, claimed with SKIP LOCKED, so with several instances each
// job runs once, on whichever instance claims it. On PostgreSQL pg-boss opens its own small pool
// on DATABASE_URL; on the embedded database (PGlite, one connection) it runs its statements over
// the service's connection (lib/db embeddedExecuteSql).
//
// server.ts calls startJobs() before listening and stopJobs() when it stops; route handlers only
// send(). The instance lives on globalThis: server.ts and the route handlers load separate copies
// of this module (as lib/db's client does).
import PgBoss from "pg-boss";
import { embeddedExecuteSql } from "@/lib/db";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";

const holder = globalThis as unknown as { __handJobs?: { boss: PgBoss; queues: Set<string> } };

/** How often an idle worker asks for a job. */
const POLL_SECONDS = 1;
/** How long stopJobs() lets running handlers finish before the process goes on stopping. */
const STOP_TIMEOUT_MS = 10_000;

export type JobHandler<T> = (data: T, job: { id: string; name: string }) => Promise<void>;

export interface QueueOptions {
  /** Runs after a failure (a thrown handler); default 0: a failed job stays failed. */
  retryLimit?: number;
  /** A job running longer than this is failed by pg-boss (default 15 minutes). */
  expireInSeconds?: number;
}

function jobs() {
  if (!holder.__handJobs) throw new Error("Background jobs are not running (startJobs() was not called in this process)");
  return holder.__handJobs;
}

/** Starts pg-boss (creating or upgrading its schema); idempotent. */
export async function startJobs(): Promise<void> {
  if (holder.__handJobs) return;
  const executeSql = embeddedExecuteSql();
  const boss = new PgBoss({
    ...(executeSql ? { db: { executeSql: (text: string, values: unknown[]) => executeSql(text, values) } } : {}),
    // pg-boss creates a table per queue (attached to its job table, which only the owner may do):
    // with DATABASE_MIGRATION_URL its connections are the schema owner's, in its own schema only.
    ...(executeSql ? {} : { connectionString: env().DATABASE_MIGRATION_URL ?? env().DATABASE_URL, max: 3 }),
    schema: "pgboss",
    // Its maintenance (expiry, archive) and cron schedules run on whichever instance holds its lock.
    supervise: true,
    schedule: true,
  });
  // pg-boss reports its own failures (a lost connection) as events: logged, never a crash.
  boss.on("error", (error: Error) =>
    logger.error({ err: { type: error.name, code: (error as { code?: unknown }).code } }, "job queue error"),
  );
  await boss.start();
  holder.__handJobs = { boss, queues: new Set() };
}

/** Stops taking jobs and waits (up to 10 s) for running handlers; idempotent. */
export async function stopJobs(): Promise<void> {
  const current = holder.__handJobs;
  holder.__handJobs = undefined;
  await current?.boss.stop({ graceful: true, wait: true, timeout: STOP_TIMEOUT_MS, close: true });
}

async function queue(name: string, options: QueueOptions = {}): Promise<PgBoss> {
  const { boss, queues } = jobs();
  if (!queues.has(name)) {
    await boss.createQueue(name, { name, retryLimit: options.retryLimit ?? 0, expireInSeconds: options.expireInSeconds ?? 15 * 60 });
    queues.add(name);
  }
  return boss;
}

/** Queues a job; its id. */
export async function send<T extends object>(name: string, data: T, options: QueueOptions = {}): Promise<string> {
  const id = await (await queue(name, options)).send(name, data);
  if (!id) throw new Error(`The job queue refused a job for ${name}`);
  return id;
}

/**
 * Runs `handler` for the queue's jobs on this instance, one job at a time: a handler that
 * throws fails its job (retried only under the queue's retryLimit).
 */
export async function work<T extends object>(name: string, handler: JobHandler<T>, options: QueueOptions = {}): Promise<void> {
  const boss = await queue(name, options);
  await boss.work<T>(name, { pollingIntervalSeconds: POLL_SECONDS, batchSize: 1 }, async ([job]) => {
    if (job) await handler(job.data, { id: job.id, name: job.name });
  });
}

/** Queues a job on a cron schedule (UTC, minute precision); every instance may call it, one job per tick is made. */
export async function schedule<T extends object>(name: string, cron: string, data: T, options: QueueOptions = {}): Promise<void> {
  await (await queue(name, options)).schedule(name, cron, data, { tz: "UTC" });
}
