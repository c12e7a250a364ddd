// What an instance runs for bulk exports (server.ts, once the job queue has started): it takes
// export jobs, and the sweep runs now and every minute (on one instance per tick). The export
// job itself (lib/fhir/bulk/export.ts, with the FHIR mapping and the access rule it reads) is
// loaded with the first job this instance runs, not at start.
import { withConnection } from "@/lib/db";
import { schedule, work } from "@/lib/jobs";
import { logger } from "@/lib/log";
import { EXPORT_QUEUE } from "@/lib/fhir/bulk/service";

/** A running export whose heartbeat is older than this was interrupted. */
const STALE_SECONDS = 60;
const MAINTENANCE_QUEUE = "fhir-bulk-export-maintenance";

export const INTERRUPTED = "The export was interrupted (the service restarted or an instance stopped while it ran): start it again";

/**
 * Marks exports whose heartbeat stopped as failed (their files go) and deletes expired exports with
 * their files. Any instance may run it; each statement is idempotent.
 */
export async function sweepExports(): Promise<{ interrupted: number; expired: number }> {
  return withConnection(async (sql) => {
    const interrupted = await sql.query<{ id: string }>(
      `UPDATE bulk_exports SET status = 'failed', error = $1
        WHERE status = 'running' AND heartbeat_at < now() - make_interval(secs => $2) RETURNING id`,
      [INTERRUPTED, STALE_SECONDS],
    );
    if (interrupted.length > 0) {
      await sql.query(`DELETE FROM bulk_export_files WHERE export_id = ANY($1::uuid[])`, [interrupted.map((row) => row.id)]);
    }
    const expired = await sql.query(`DELETE FROM bulk_exports WHERE expires_at <= now() RETURNING id`);
    return { interrupted: interrupted.length, expired: expired.length };
  });
}

/** server.ts: this instance takes export jobs, and the sweep runs now and every minute (on one instance per tick). */
export async function startBulkExports(): Promise<void> {
  const swept = await sweepExports();
  if (swept.interrupted > 0) logger.warn({ interrupted: swept.interrupted }, "bulk exports interrupted by a restart marked failed");
  await work<{ exportId: string }>(EXPORT_QUEUE, async (data) => (await import("@/lib/fhir/bulk/export")).exportJob(data));
  await work(MAINTENANCE_QUEUE, async () => {
    await sweepExports();
  });
  await schedule(MAINTENANCE_QUEUE, "* * * * *", {});
}
