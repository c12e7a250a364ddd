// Expired anonymous records leave the database on a schedule inside the service: each instance
// tries every PURGE_INTERVAL_SECONDS, and a PostgreSQL advisory lock lets one at a time do the
// work. Records go with their detail rows and score points (foreign keys cascade) and their
// emptied anonymous contacts; batches keep every lock short. `npm run db:purge-expired` runs the
// same purge once.
import { withConnection, type SqlRunner } from "@/lib/db";
import { logger } from "@/lib/log";

/** Distinct from the migration runner's key (lib/db/migrate.ts). */
const PURGE_LOCK_KEY = 724_190_002;
const FIRST_RUN_DELAY_MS = 60_000;

const ORPHANED_ANONYMOUS = `SELECT c.id FROM contacts c
  WHERE c.kind = 'ANONYMOUS' AND NOT EXISTS (SELECT 1 FROM assessments a WHERE a.owner_id = c.id)`;

export interface PurgeResult {
  records: number;
  contacts: number;
  batches: number;
}

async function purgeBatches(sql: SqlRunner, batchSize: number): Promise<PurgeResult> {
  const result: PurgeResult = { records: 0, contacts: 0, batches: 0 };
  for (;;) {
    const deleted = await sql.query<{ owner_id: number }>(
      `DELETE FROM assessments WHERE id IN (
         SELECT id FROM assessments WHERE is_anonymous AND expires_at <= now() ORDER BY id LIMIT $1
       ) RETURNING owner_id`,
      [batchSize],
    );
    if (deleted.length === 0) break;
    result.batches++;
    result.records += deleted.length;
    const owners = [...new Set(deleted.map((row) => row.owner_id))];
    const removed = await sql.query(`DELETE FROM contacts WHERE id = ANY($1::int[]) AND id IN (${ORPHANED_ANONYMOUS}) RETURNING id`, [
      owners,
    ]);
    result.contacts += removed.length;
  }
  // Anonymous contacts left without a record (e.g. by an interrupted earlier run).
  for (;;) {
    const removed = await sql.query(`DELETE FROM contacts WHERE id IN (${ORPHANED_ANONYMOUS} LIMIT $1) RETURNING id`, [batchSize]);
    result.contacts += removed.length;
    if (removed.length < batchSize) break;
  }
  return result;
}

/** One purge, unless another instance is purging right now (then null). */
export async function purgeExpired(batchSize = 500): Promise<PurgeResult | null> {
  return withConnection(async (sql) => {
    const [lock] = await sql.query<{ locked: boolean }>("SELECT pg_try_advisory_lock($1) AS locked", [PURGE_LOCK_KEY]);
    if (!lock?.locked) return null;
    try {
      return await purgeBatches(sql, batchSize);
    } finally {
      await sql.query("SELECT pg_advisory_unlock($1)", [PURGE_LOCK_KEY]);
    }
  });
}

/** Purges every `intervalMs` (the first time after at most a minute); stop() ends the schedule. */
export function schedulePurge(intervalMs: number): { stop(): void } {
  let timer: NodeJS.Timeout;
  let stopped = false;
  const run = async () => {
    try {
      const result = await purgeExpired();
      if (result && (result.records || result.contacts))
        logger.info({ purged: result.records, contacts: result.contacts }, "expired anonymous records purged");
    } catch (error) {
      logger.warn({ err: (error as Error).name }, "purging expired records failed; trying again at the next interval");
    }
    if (!stopped) timer = setTimeout(run, intervalMs).unref();
  };
  timer = setTimeout(run, Math.min(intervalMs, FIRST_RUN_DELAY_MS)).unref();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
