// Background jobs through pg-boss, a well-kept queue on the database the service already has:
// jobs are rows in its `pgboss` schema, claimed with SKIP LOCKED, so with several instances each
// job runs once, on whichever instance claims it. pg-boss runs its statements over the service's
// own connections (lib/db poolExecuteSql: the pool on PostgreSQL, the one connection on the
// embedded database), so it opens no pool of its own; only with DATABASE_MIGRATION_URL does it
// open a small one (3) as the schema's owner, because it creates a table per queue.
//
// server.ts calls startJobs() once it listens (health answers meanwhile; a job sent meanwhile
// waits for the start) and stopJobs() when it stops; route handlers only send(). The instance
// lives on globalThis: in development the route handlers (bundled by Next) load a separate copy
// of this module (as lib/db's client does).
import PgBoss from "pg-boss";
import { databaseKind, poolExecuteSql } from "@/lib/db";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";

interface Jobs {
  boss: PgBoss;
  queues: Set<string>;
}

const holder = globalThis as unknown as { __handJobs?: Promise<Jobs> };

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

function jobs(): Promise<Jobs> {
  if (!holder.__handJobs) return Promise.reject(new Error("Background jobs are not running (startJobs() was not called in this process)"));
  return holder.__handJobs;
}

/**
 * Starts pg-boss (creating or upgrading its schema); idempotent, and what send() and work() wait
 * for. A start that fails is forgotten: the next call tries again.
 */
export async function startJobs(): Promise<void> {
  if (!holder.__handJobs) {
    const starting = start();
    holder.__handJobs = starting;
    starting.catch(() => {
      if (holder.__handJobs === starting) holder.__handJobs = undefined;
    });
  }
  await holder.__handJobs;
}

async function start(): Promise<Jobs> {
  // pg-boss creates a table per queue (attached to its job table, which only the owner may do):
  // with DATABASE_MIGRATION_URL its connections are the schema owner's, in its own schema only.
  const ownerUrl = databaseKind() === "postgres" ? env().DATABASE_MIGRATION_URL : undefined;
  const executeSql = ownerUrl ? null : poolExecuteSql();
  const boss = new PgBoss({
    ...(executeSql
      ? { db: { executeSql: (text: string, values: unknown[]) => executeSql(text, values) } }
      : { connectionString: ownerUrl, max: 3 }),
    schema: "pgboss",
    // Its maintenance (expiry, archive) and cron schedules run on whichever instance holds its lock.
    supervise: true,
    schedule: true,
  });
  // pg-boss reports its own failures (a lost connection) as events: logged, never a crash.
  boss.on("error", (error: Error) =>
    logger.error({ err: { type: error.name, code: (error as { code?: unknown }).code } }, "job queue error"),
  );
  try {
    await boss.start();
  } catch (error) {
    await boss.stop({ graceful: false, close: true }).catch(() => {});
    throw error;
  }
  return { boss, queues: new Set() };
}

/** Stops taking jobs and waits (up to 10 s) for running handlers; idempotent. A start under way is waited for. */
export async function stopJobs(): Promise<void> {
  const current = holder.__handJobs;
  holder.__handJobs = undefined;
  const running = await current?.catch(() => undefined);
  await running?.boss.stop({ graceful: true, wait: true, timeout: STOP_TIMEOUT_MS, close: true });
}

async function queue(name: string, options: QueueOptions = {}): Promise<PgBoss> {
  const { boss, queues } = await jobs();
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
