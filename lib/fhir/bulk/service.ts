// FHIR Bulk Data export (Bulk Data Access IG 2.0): kick-off, status, cancel and file download.
// The export's state and files live in PostgreSQL (bulk_exports, bulk_export_files,
// bulk_export_chunks), so any instance answers a poll or a download; the work itself is a pg-boss
// job (lib/jobs) that any instance may claim (lib/fhir/bulk/export.ts).
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { ApiError, forbidden, notFound } from "@/lib/api/errors";
import type { AccessContext } from "@/lib/audit";
import { auditShown, reachOf, searchScope } from "@/lib/access";
import { hasRole, type AuthUser } from "@/lib/auth/guard";
import { insufficientScope } from "@/lib/auth/smart";
import { db, withTransaction } from "@/lib/db";
import { env } from "@/lib/env";
import { send } from "@/lib/jobs";
import { Reply } from "@/lib/http/route";
import { EXPORT_TYPES, type ExportType, type kickOffQuery, type manifest } from "@/lib/fhir/bulk/schemas";

export const EXPORT_QUEUE = "fhir-bulk-export";

/** Patient: the caller's readable patients; group: one clinic's; system: every patient. */
export type ExportLevel = "patient" | "group" | "system";

/** Whose cap on running exports an export counts toward: patients' own records, or staff and backend services. */
type ExportPool = "patient" | "clinic";

/** The kick-off's caller as the export row keeps it: the job audits and scopes as this caller. */
export interface StoredCaller {
  user: AuthUser;
  route: string;
  requestId: string;
  clientRequestId: string | null;
  address: string;
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

/**
 * The types an export writes: those asked, each one the token may search (403 insufficient_scope
 * otherwise, as a search of it would be), or by default every type it may search. The same rule
 * as the reads (lib/access reachOf): a token without SMART scopes may search every type.
 */
function exportTypes(user: AuthUser, asked: ExportType[] | null): ExportType[] {
  const searchable = (type: ExportType) => reachOf(user, type, "search") !== "none";
  const types = asked ?? EXPORT_TYPES.filter(searchable);
  const refused = asked ? asked.find((type) => !searchable(type)) : types.length === 0 ? EXPORT_TYPES[0] : undefined;
  if (refused) throw insufficientScope(refused, "search");
  return types;
}

/** A clinic id from the Group id: a clinic the caller may export (member, or reaching every patient), else 404. */
async function exportableClinic(user: AuthUser, anyClinic: boolean, id: string): Promise<number> {
  const NOT_FOUND = "Group not found";
  const clinicId = /^[1-9]\d{0,9}$/.test(id) && Number(id) <= 2_147_483_647 ? Number(id) : null;
  if (clinicId === null) throw notFound(NOT_FOUND);
  const clinic = await db().clinic.findFirst({
    where: { id: clinicId, ...(anyClinic ? {} : { members: { some: { sub: user.sub } } }) },
    select: { id: true },
  });
  if (!clinic) throw notFound(NOT_FOUND);
  return clinic.id;
}

/** A new export's row, as the kick-off records it. */
interface NewExport {
  id: string;
  caller: StoredCaller;
  level: ExportLevel;
  pool: ExportPool;
  clinicId: number | null;
  types: ExportType[];
  since: Date | null;
  requestUrl: string;
}

/** Refuses (429) a requester with an export running or too many held, or a full pool. */
function refuseOverLimits(held: { active: number; kept: number; pool: number }, pool: ExportPool): void {
  const { BULK_EXPORT_MAX_ACTIVE, BULK_EXPORT_MAX_ACTIVE_PATIENTS, BULK_EXPORT_MAX_KEPT } = env();
  const poolCap = pool === "patient" ? BULK_EXPORT_MAX_ACTIVE_PATIENTS : BULK_EXPORT_MAX_ACTIVE;
  if (held.active > 0) {
    throw new ApiError(429, "An export of yours is still running: wait for it to finish or cancel it (DELETE its status URL)", {
      headers: { "retry-after": "60" },
    });
  }
  if (held.kept >= BULK_EXPORT_MAX_KEPT) {
    throw new ApiError(
      429,
      `You hold ${held.kept} exports (at most ${BULK_EXPORT_MAX_KEPT}, finished ones included): delete one you no longer need (DELETE its status URL) or wait until one expires`,
      { headers: { "retry-after": "3600" } },
    );
  }
  if (held.pool >= poolCap) {
    const whose = pool === "patient" ? "patients' exports of their own records" : "exports";
    throw new ApiError(429, `The service runs at most ${poolCap} ${whose} at once: try again later`, {
      headers: { "retry-after": "60" },
    });
  }
}

/** Records the export as queued, under the advisory lock, once the limits allow it. */
async function recordExport(created: NewExport): Promise<void> {
  await withTransaction(async (sql) => {
    await sql.query("SELECT pg_advisory_xact_lock($1)", [KICK_OFF_LOCK_KEY]);
    const [held] = await sql.query<{ active: number; kept: number; pool: number }>(
      `SELECT count(*) FILTER (WHERE requester_sub = $1 AND status = ANY($2::text[]))::int AS active,
              count(*) FILTER (WHERE requester_sub = $1 AND status <> 'failed')::int AS kept,
              count(*) FILTER (WHERE pool = $3 AND status = ANY($2::text[]))::int AS pool
         FROM bulk_exports WHERE expires_at > now()`,
      [created.caller.user.sub, ACTIVE, created.pool],
    );
    refuseOverLimits(held!, created.pool);
    await sql.query(
      `INSERT INTO bulk_exports (id, requester_sub, caller, level, pool, group_id, types, since, request_url, status, transaction_time, expires_at)
       VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7::text[], $8, $9, 'queued', now(), now() + make_interval(hours => $10))`,
      [
        created.id,
        created.caller.user.sub,
        JSON.stringify(created.caller),
        created.level,
        created.pool,
        created.clinicId,
        created.types,
        created.since,
        created.requestUrl,
        env().BULK_EXPORT_TTL_HOURS,
      ],
    );
  });
}

/** Queues the export's job; an export that cannot be queued is not kept. */
async function queueExport(id: string): Promise<void> {
  try {
    await send(EXPORT_QUEUE, { exportId: id });
  } catch (error) {
    await db().bulkExport.delete({ where: { id } });
    throw error;
  }
}

/**
 * A kick-off (its contract has checked Prefer: respond-async): checks who may export what, then records the export and
 * queues its job. Per requester: one active export, and BULK_EXPORT_MAX_KEPT held (finished ones
 * count until deleted or expired); across the service, BULK_EXPORT_MAX_ACTIVE active exports of
 * staff and backend services and, separately, BULK_EXPORT_MAX_ACTIVE_PATIENTS of patients'
 * own records, so patients looping on exports never starve a clinician's (429 beyond any of
 * them). Decided under an advisory lock so that concurrent kick-offs cannot pass together. (The
 * route spends the requester's daily allowance of kick-offs first, lib/rate-limit.)
 */
export async function kickOff({ request, caller, level, groupId, query }: KickOff): Promise<Reply> {
  const types = exportTypes(caller.user, query._type);
  // The service admin, or a backend service's client-credentials token with system/ scopes (lib/auth/smart.ts).
  const everyPatient = types.every((type) => reachOf(caller.user, type, "search") === "every");
  if (level === "system" && !everyPatient) {
    throw forbidden("System-level export is for the service admin or a backend service token with system/*.rs");
  }
  const clinicId = level === "group" ? await exportableClinic(caller.user, everyPatient, groupId!) : null;
  const pool: ExportPool = everyPatient || hasRole(caller.user, "care_provider") ? "clinic" : "patient";
  const { pathname, search } = new URL(request.url);
  const id = randomUUID();
  await recordExport({
    id,
    caller: {
      user: caller.user,
      route: caller.route,
      requestId: caller.requestId,
      clientRequestId: caller.clientRequestId,
      address: caller.address,
    },
    level,
    pool,
    clinicId,
    types,
    since: query._since,
    requestUrl: new URL(pathname + search, env().FRONTEND_URL).toString(),
  });
  await queueExport(id);
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

/**
 * The requester's right, checked again at every poll and download: the caller may still search
 * every patient of the export's files (of file `seq` alone when given), as the kick-off's token
 * did when the job ran (lib/access searchScope). Once a patient left the requester's reach (the
 * clinician was removed from the clinic, the patient stopped sharing with it, the record was
 * erased) the export is withdrawn: its files are deleted and the answer is a 403 saying so.
 */
async function checkRight(user: AuthUser, row: { id: string; groupId: number | null }, seq?: number): Promise<void> {
  const files = await db().bulkExportFile.findMany({
    where: { exportId: row.id, ...(seq === undefined ? {} : { seq }) },
    select: { seq: true, resourceType: true },
  });
  for (const file of files) {
    const scope = searchScope(user, file.resourceType, row.groupId ?? undefined);
    const lapsed = await db().$queryRaw<unknown[]>`
      SELECT 1 FROM bulk_export_file_patients f
       WHERE f.export_id = ${row.id}::uuid AND f.file_seq = ${file.seq}
         AND NOT EXISTS (SELECT 1 FROM contacts c WHERE c.id = f.patient_id AND c.kind = 'PATIENT' AND ${scope})
       LIMIT 1`;
    if (lapsed.length > 0) {
      await db().bulkExport.deleteMany({ where: { id: row.id } });
      throw forbidden(
        "This export holds patients you may no longer read (you left their clinic, or they stopped sharing with it): it is withdrawn and its files deleted; start a new export",
      );
    }
  }
}

/** GET status: 202 with X-Progress while queued or running, the manifest when complete, 500 when failed. */
export async function exportStatus(user: AuthUser, id: string): Promise<z.output<typeof manifest> | Reply> {
  const row = await ownExport(user, id);
  if (row.status === "failed") throw new ApiError(500, row.error ?? "The export failed: start it again");
  await checkRight(user, row);
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

/**
 * GET a file: the right checked again, one audit row per patient in the file (a download is a
 * disclosure: it shows in each patient's access log), then streamed a stored chunk at a time, so
 * a large file is never held whole.
 */
export async function exportFile(caller: AccessContext & { user: AuthUser }, id: string, file: string): Promise<Response> {
  const row = await ownExport(caller.user, id);
  const seq = /^\d{1,3}$/.test(file) ? Number(file) : null;
  const stored =
    row.status === "complete" && seq !== null
      ? await db().bulkExportFile.findUnique({ where: { exportId_seq: { exportId: row.id, seq } }, select: { seq: true } })
      : null;
  if (!stored) throw notFound("No such file in this export");
  await checkRight(caller.user, row, stored.seq);
  const patients = await db().bulkExportFilePatient.findMany({
    where: { exportId: row.id, fileSeq: stored.seq },
    select: { patientId: true },
  });
  await auditShown(
    caller,
    patients.map((patient) => patient.patientId),
    "fhir_bulk_download",
  );
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
