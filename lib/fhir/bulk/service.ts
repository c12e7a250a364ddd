// FHIR Bulk Data export (Bulk Data Access IG 2.0): kick-off, status, cancel and file download.
// The export's state and files live in PostgreSQL (bulk_exports, bulk_export_files,
// bulk_export_chunks), so any instance answers a poll or a download; the work itself is a pg-boss
// job (lib/jobs) that any instance may claim (lib/fhir/bulk/export.ts).
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { ApiError, forbidden, notFound } from "@/lib/api/errors";
import type { AccessContext } from "@/lib/audit";
import { hasRole, type AuthUser } from "@/lib/auth/guard";
import { levelsFor } from "@/lib/auth/smart";
import { db, withTransaction } from "@/lib/db";
import { env } from "@/lib/env";
import { send } from "@/lib/jobs";
import { Reply } from "@/lib/http/route";
import type { ExportType, kickOffQuery, manifest } from "@/lib/fhir/bulk/schemas";

export const EXPORT_QUEUE = "fhir-bulk-export";

/** Patient: the caller's readable patients; group: one clinic's; system: every patient. */
export type ExportLevel = "patient" | "group" | "system";

/** The kick-off's caller as the export row keeps it: the job audits and scopes as this caller. */
export interface StoredCaller {
  user: AuthUser;
  route: string;
  requestId: string;
  clientRequestId: string | null;
  address: string;
  /** A backend service's system/*.rs token: reads every patient, as the service admin does. */
  system: boolean;
}

/** Distinct from the other advisory lock keys (lib/db/migrate.ts, lib/lookup/purge.ts). */
const KICK_OFF_LOCK_KEY = 724_190_003;
/** What a poll while the export runs is told to wait, in seconds. */
const POLL_AFTER_SECONDS = 2;

const ACTIVE = ["queued", "running"];

interface KickOff {
  request: Request;
  caller: AccessContext & { user: AuthUser };
  level: ExportLevel;
  groupId?: string;
  query: z.output<typeof kickOffQuery>;
}

/** The status URL of an export, on the public origin. */
function statusUrl(id: string): string {
  return new URL(`/api/fhir/bulk-export/${id}`, env().FRONTEND_URL).toString();
}

/** A clinic id from the Group id: a clinic the caller may export (member, admin or backend service), else 404. */
async function exportableClinic(user: AuthUser, system: boolean, id: string): Promise<number> {
  const NOT_FOUND = "Group not found";
  const clinicId = /^[1-9]\d{0,9}$/.test(id) && Number(id) <= 2_147_483_647 ? Number(id) : null;
  if (clinicId === null) throw notFound(NOT_FOUND);
  const anyClinic = system || hasRole(user, "admin");
  const clinic = await db().clinic.findFirst({
    where: { id: clinicId, ...(anyClinic ? {} : { members: { some: { sub: user.sub } } }) },
    select: { id: true },
  });
  if (!clinic) throw notFound(NOT_FOUND);
  return clinic.id;
}

/**
 * A kick-off (its contract has checked Prefer: respond-async): checks who may export what, then records the export and
 * queues its job. One active export per requester and BULK_EXPORT_MAX_ACTIVE across the service
 * (429 beyond either), decided under an advisory lock so that concurrent kick-offs cannot pass both.
 */
export async function kickOff({ request, caller, level, groupId, query }: KickOff): Promise<Reply> {
  // A backend service's client-credentials token with system/*.rs (lib/auth/smart.ts) exports as the service admin would.
  const system = caller.user.smart ? levelsFor(caller.user.smart, "*", "search").has("system") : false;
  if (level === "system" && !system && !hasRole(caller.user, "admin")) {
    throw forbidden("System-level export is for the service admin or a backend service token with system/*.rs");
  }
  const clinicId = level === "group" ? await exportableClinic(caller.user, system, groupId!) : null;
  const stored: StoredCaller = {
    user: caller.user,
    route: caller.route,
    requestId: caller.requestId,
    clientRequestId: caller.clientRequestId,
    address: caller.address,
    system,
  };
  const { pathname, search } = new URL(request.url);
  const id = randomUUID();
  const { BULK_EXPORT_MAX_ACTIVE, BULK_EXPORT_TTL_HOURS } = env();
  await withTransaction(async (sql) => {
    await sql.query("SELECT pg_advisory_xact_lock($1)", [KICK_OFF_LOCK_KEY]);
    const [active] = await sql.query<{ mine: number; total: number }>(
      `SELECT count(*) FILTER (WHERE requester_sub = $1)::int AS mine, count(*)::int AS total
         FROM bulk_exports WHERE status = ANY($2::text[]) AND expires_at > now()`,
      [caller.user.sub, ACTIVE],
    );
    if (active!.mine > 0) {
      throw new ApiError(429, "An export of yours is still running: wait for it to finish or cancel it (DELETE its status URL)", {
        headers: { "retry-after": "60" },
      });
    }
    if (active!.total >= BULK_EXPORT_MAX_ACTIVE) {
      throw new ApiError(429, `The service runs at most ${BULK_EXPORT_MAX_ACTIVE} exports at once: try again later`, {
        headers: { "retry-after": "60" },
      });
    }
    await sql.query(
      `INSERT INTO bulk_exports (id, requester_sub, caller, level, group_id, types, since, request_url, status, transaction_time, expires_at)
       VALUES ($1, $2, $3::jsonb, $4, $5, $6::text[], $7, $8, 'queued', now(), now() + make_interval(hours => $9))`,
      [
        id,
        caller.user.sub,
        JSON.stringify(stored),
        level,
        clinicId,
        query._type,
        query._since,
        new URL(pathname + search, env().FRONTEND_URL).toString(),
        BULK_EXPORT_TTL_HOURS,
      ],
    );
  });
  try {
    await send(EXPORT_QUEUE, { exportId: id });
  } catch (error) {
    await db().bulkExport.delete({ where: { id } });
    throw error;
  }
  return new Reply(202, undefined, { "content-location": statusUrl(id) });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The caller's export (not expired); 404 for anyone else's, a cancelled or expired one and an unknown id alike. */
async function ownExport(user: AuthUser, id: string) {
  const row = UUID.test(id)
    ? await db().bulkExport.findFirst({ where: { id: id.toLowerCase(), requesterSub: user.sub, expiresAt: { gt: new Date() } } })
    : null;
  if (!row) throw notFound("No such export of yours (cancelled, expired or never started)");
  return row;
}

/** GET status: 202 with X-Progress while queued or running, the manifest when complete, 500 when failed. */
export async function exportStatus(user: AuthUser, id: string): Promise<z.output<typeof manifest> | Reply> {
  const row = await ownExport(user, id);
  if (row.status === "failed") throw new ApiError(500, row.error ?? "The export failed: start it again");
  if (row.status !== "complete") {
    const progress = row.status === "queued" ? "queued" : `running: ${row.written} resources written`;
    return new Reply(202, undefined, { "x-progress": progress, "retry-after": String(POLL_AFTER_SECONDS) });
  }
  const files = await db().bulkExportFile.findMany({
    where: { exportId: row.id, count: { gt: 0 } },
    orderBy: { seq: "asc" },
    select: { seq: true, resourceType: true, count: true },
  });
  return {
    transactionTime: row.transactionTime.toISOString(),
    request: row.requestUrl,
    requiresAccessToken: true,
    output: files.map((file) => ({ type: file.resourceType as ExportType, url: `${statusUrl(row.id)}/${file.seq}`, count: file.count })),
    error: [],
  };
}

/** DELETE status: the export goes with its files; a running job notices at its next batch and stops. */
export async function cancelExport(user: AuthUser, id: string): Promise<Reply> {
  const row = await ownExport(user, id);
  await db().bulkExport.deleteMany({ where: { id: row.id } });
  return new Reply(202, undefined);
}

/** GET a file: streamed a stored chunk at a time, so a large file is never held whole. */
export async function exportFile(user: AuthUser, id: string, file: string): Promise<Response> {
  const row = await ownExport(user, id);
  const seq = /^\d{1,3}$/.test(file) ? Number(file) : null;
  const stored =
    row.status === "complete" && seq !== null
      ? await db().bulkExportFile.findUnique({ where: { exportId_seq: { exportId: row.id, seq } }, select: { seq: true } })
      : null;
  if (!stored) throw notFound("No such file in this export");
  let next = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const chunk = await db().bulkExportChunk.findUnique({
        where: { exportId_fileSeq_seq: { exportId: row.id, fileSeq: stored.seq, seq: next++ } },
        select: { data: true },
      });
      if (chunk) controller.enqueue(chunk.data);
      else controller.close();
    },
  });
  return new Response(body, { headers: { "content-type": "application/fhir+ndjson" } });
}
