// The bulk export job: walks the patients in the requester's scope a batch at a time (by id), and
// writes each batch's Patients, Observations and DiagnosticReports as NDJSON lines into one file
// per type, stored in ~1 MiB chunks as they fill. Memory stays at one batch of records and one
// unwritten chunk per file, whatever the export's size. Each type's scope is the FHIR search's
// (lib/access searchScope: the access rule narrowed by the token's SMART scopes for that type)
// applied when the job runs, and every exported patient gets an audit row
// (auditShown) naming the requester and the kick-off request.
//
// After every batch the job beats its heartbeat and learns whether the export was cancelled
// (its row is gone). A running export whose heartbeat stopped (the instance died or restarted) is
// marked failed by sweepExports() (lib/fhir/bulk/worker.ts, which loads this module with the
// first job it runs).
import type { DiagnosticReport, Resource } from "@medplum/fhirtypes";
import { auditShown, searchScope } from "@/lib/access";
import type { AccessContext } from "@/lib/audit";
import { db, query } from "@/lib/db";
import { env } from "@/lib/env";
import { Prisma } from "@/lib/generated/prisma/client.ts";
import { limitSubjectOf } from "@/lib/http/client-address";
import { logger } from "@/lib/log";
import { fhirJson } from "@/lib/fhir/json";
import { patientResource } from "@/lib/fhir/patient";
import { newest } from "@/lib/fhir/versions";
import { observations, REPORT_SELECT, reportPatient, toReport } from "@/lib/fhir/service";
import { EXPORT_TYPES, type ExportType } from "@/lib/fhir/bulk/schemas";
import type { ExportLevel, StoredCaller } from "@/lib/fhir/bulk/service";

const PATIENT_BATCH = 50;
const ASSESSMENT_BATCH = 200;
/** A stored chunk's size: a file is written and read this much at a time. */
const CHUNK_BYTES = 256 * 1024;
/** PostgreSQL's SQLSTATE for a row whose parent is gone. */
const FOREIGN_KEY_VIOLATION = "23503";
const FAILED = "The export failed: start it again";

/** The export's row is gone (cancelled or expired) or no longer running (marked failed): stop quietly. */
class ExportGone extends Error {}

/**
 * One NDJSON file of the export. Each line is encoded at once into the file's one chunk buffer,
 * reused for every chunk and stored (as a binary parameter, straight to the driver) when the next
 * line would not fit. So a line's string dies young, and nothing chunk-sized lives long enough to
 * be promoted to V8's old generation, where an export's garbage piled up until a full collection
 * (performance.md, FHIR bulk export).
 */
class FileWriter {
  private readonly buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  private used = 0;
  private chunk = 0;
  count = 0;

  constructor(
    private readonly exportId: string,
    readonly seq: number,
  ) {}

  async write(resource: Resource): Promise<void> {
    const line = fhirJson(resource) + "\n";
    const bytes = Buffer.byteLength(line);
    if (this.used + bytes > CHUNK_BYTES) await this.flush();
    this.count++;
    // A line longer than a chunk is a chunk of its own.
    if (bytes > CHUNK_BYTES) await this.store(Buffer.from(line));
    else this.used += this.buffer.write(line, this.used);
  }

  async flush(): Promise<void> {
    if (this.used === 0) return;
    // The buffer is written to again only once the insert has finished with it.
    await this.store(this.buffer.subarray(0, this.used));
    this.used = 0;
  }

  private async store(data: Buffer): Promise<void> {
    try {
      await query(
        "INSERT INTO bulk_export_chunks (export_id, file_seq, seq, data) VALUES ($1::uuid, $2, $3, $4)",
        [this.exportId, this.seq, this.chunk++, data],
        "bulk_export_chunk",
      );
    } catch (error) {
      // The file's row went with a cancelled export (foreign key): nothing left to write to.
      if ((error as { code?: unknown }).code === FOREIGN_KEY_VIOLATION) throw new ExportGone();
      throw error;
    }
  }
}

interface ExportRow {
  id: string;
  caller: StoredCaller;
  level: ExportLevel;
  group_id: number | null;
  types: ExportType[];
  since: Date | null;
}

/**
 * The patients each type's file holds, as conditions on contacts `c`: the FHIR search's scope for
 * that type (lib/access searchScope), so a SMART token exports what its scopes let it search.
 */
function scopesOf(row: ExportRow, types: ExportType[]): Prisma.Sql[] {
  return types.map((type) => searchScope(row.caller.user, type, row.group_id ?? undefined));
}

/** Claims a queued export; null when it was cancelled (or claimed) meanwhile. */
async function claim(id: string): Promise<ExportRow | null> {
  const [row] = await db().$queryRaw<ExportRow[]>`
    UPDATE bulk_exports SET status = 'running', heartbeat_at = now()
     WHERE id = ${id}::uuid AND status = 'queued' AND expires_at > now()
    RETURNING id::text, caller, level, group_id, types, since`;
  return row ?? null;
}

/** The patients a batch put in a file: what every poll and download checks the requester may still see. */
async function recordPatients(exportId: string, fileSeq: number, patientIds: Set<number>): Promise<void> {
  if (patientIds.size === 0) return;
  try {
    await query(
      `INSERT INTO bulk_export_file_patients (export_id, file_seq, patient_id)
       SELECT $1::uuid, $2, unnest($3::int[]) ON CONFLICT DO NOTHING`,
      [exportId, fileSeq, [...patientIds]],
    );
  } catch (error) {
    if ((error as { code?: unknown }).code === FOREIGN_KEY_VIOLATION) throw new ExportGone();
    throw error;
  }
}

async function heartbeat(id: string, written: number): Promise<void> {
  const updated = await db().$executeRaw`
    UPDATE bulk_exports SET heartbeat_at = now(), written = ${written} WHERE id = ${id}::uuid AND status = 'running'`;
  if (updated === 0) throw new ExportGone();
}

async function writePatients(row: ExportRow, ids: number[], file: FileWriter, touched: Set<number>): Promise<void> {
  const since = row.since;
  const contacts = await db().contact.findMany({
    where: {
      id: { in: ids },
      ...(since ? { OR: [{ updatedAt: { gt: since } }, { profile: { updatedAt: { gt: since } } }] } : {}),
    },
    orderBy: { id: "asc" },
    select: { id: true, name: true, email: true, updatedAt: true, profile: { select: { dateOfBirth: true, sex: true, updatedAt: true } } },
  });
  const origin = new URL(env().FRONTEND_URL).origin;
  for (const contact of contacts) {
    touched.add(contact.id);
    await file.write(
      patientResource(
        {
          ...contact,
          dateOfBirth: contact.profile?.dateOfBirth ?? null,
          sex: contact.profile?.sex ?? null,
          lastUpdated: newest(contact.updatedAt, contact.profile?.updatedAt),
        },
        origin,
      ),
    );
  }
}

type AssessmentRow = Parameters<typeof observations>[0][number];

/** A batch of the patients' assessments, oldest id first, after `after`. */
async function assessmentBatch(row: ExportRow, ids: number[], after: number): Promise<AssessmentRow[]> {
  // Straight to the driver rather than through Prisma, whose extra copies of every row (its
  // result-set form, the snapshot as text) were garbage that reached the old generation
  // (performance.md, FHIR bulk export).
  const rows = await query<{
    id: number;
    owner_id: number;
    assessment_type: string;
    hand: string | null;
    date_created: Date;
    claimed_at: Date | null;
    result_snapshot: unknown;
  }>(
    `SELECT id, owner_id, assessment_type, hand, date_created, claimed_at, result_snapshot FROM assessments
        WHERE owner_id = ANY($1::int[]) AND NOT is_anonymous AND id > $2
          AND ($3::timestamptz IS NULL OR date_created > $3 OR claimed_at > $3)
        ORDER BY id LIMIT $4`,
    // A claimed record joined the patient's record when it was claimed.
    [ids, after, row.since, ASSESSMENT_BATCH],
    "bulk_export_assessments",
  );
  return rows.map((assessment) => ({
    id: assessment.id,
    ownerId: assessment.owner_id,
    assessmentType: assessment.assessment_type as AssessmentRow["assessmentType"],
    hand: assessment.hand as AssessmentRow["hand"],
    dateCreated: assessment.date_created,
    claimedAt: assessment.claimed_at,
    resultSnapshot: assessment.result_snapshot as AssessmentRow["resultSnapshot"],
  }));
}

async function writeObservations(row: ExportRow, ids: number[], file: FileWriter, touched: Set<number>): Promise<void> {
  let after = 0;
  for (;;) {
    const rows = await assessmentBatch(row, ids, after);
    for (const observation of await observations(rows)) await file.write(observation);
    for (const assessment of rows) touched.add(assessment.ownerId);
    if (rows.length < ASSESSMENT_BATCH) return;
    after = rows.at(-1)!.id;
  }
}

async function writeReports(row: ExportRow, ids: number[], file: FileWriter, touched: Set<number>): Promise<void> {
  const candidates = await db().$queryRaw<{ id: number }[]>`
    SELECT DISTINCT ri.report_id AS id FROM report_items ri JOIN assessments a ON a.id = ri.assessment_id
     WHERE a.owner_id IN (${Prisma.join(ids)}) ORDER BY 1`;
  const origin = new URL(env().FRONTEND_URL).origin;
  for (let start = 0; start < candidates.length; start += ASSESSMENT_BATCH) {
    const reports = await db().report.findMany({
      where: {
        id: { in: candidates.slice(start, start + ASSESSMENT_BATCH).map((candidate) => candidate.id) },
        ...(row.since ? { createdAt: { gt: row.since } } : {}),
      },
      orderBy: { id: "asc" },
      select: REPORT_SELECT,
    });
    for (const report of reports) {
      // The patient's DiagnosticReports are those lib/fhir/service.ts's reads answer: one patient's, made by them or staff.
      const patientId = reportPatient(report);
      if (patientId === null || !ids.includes(patientId)) continue;
      touched.add(patientId);
      await file.write(toReport(report, patientId, origin) as DiagnosticReport);
    }
  }
}

const WRITERS: Record<ExportType, typeof writePatients> = {
  Patient: writePatients,
  Observation: writeObservations,
  DiagnosticReport: writeReports,
};

/** Runs one export to completion: every batch of patients into the type files, then the files' counts and the status. */
async function runExport(row: ExportRow): Promise<void> {
  const caller: AccessContext = { ...row.caller, limits: limitSubjectOf(row.caller.address, row.caller.user) };
  const types = EXPORT_TYPES.filter((type) => row.types.includes(type));
  await db().bulkExportFile.createMany({ data: types.map((resourceType, seq) => ({ exportId: row.id, seq, resourceType })) });
  const files = types.map((type, seq) => ({ type, writer: new FileWriter(row.id, seq) }));
  const scopes = scopesOf(row, types);
  let after = 0;
  for (;;) {
    const batch = await db().$queryRaw<{ id: number; covered: boolean[] }[]>`
      SELECT c.id, ARRAY[${Prisma.join(scopes)}] AS covered FROM contacts c
       WHERE c.kind = 'PATIENT' AND c.id > ${after} AND (${Prisma.join(scopes, " OR ")}) ORDER BY c.id LIMIT ${PATIENT_BATCH}`;
    if (batch.length === 0) break;
    const touched = new Set<number>();
    for (const [index, { type, writer }] of files.entries()) {
      const ids = batch.filter((patient) => patient.covered[index]).map((patient) => patient.id);
      if (ids.length === 0) continue;
      const inFile = new Set<number>();
      await WRITERS[type](row, ids, writer, inFile);
      await recordPatients(row.id, writer.seq, inFile);
      for (const id of inFile) touched.add(id);
    }
    await auditShown(caller, touched, "fhir_bulk_export");
    await heartbeat(
      row.id,
      files.reduce((sum, file) => sum + file.writer.count, 0),
    );
    after = batch.at(-1)!.id;
  }
  for (const { writer } of files) {
    await writer.flush();
    await db().bulkExportFile.update({ where: { exportId_seq: { exportId: row.id, seq: writer.seq } }, data: { count: writer.count } });
  }
  const written = files.reduce((sum, file) => sum + file.writer.count, 0);
  const done = await db().$executeRaw`
    UPDATE bulk_exports SET status = 'complete', written = ${written}, heartbeat_at = now(),
           expires_at = now() + make_interval(hours => ${env().BULK_EXPORT_TTL_HOURS})
     WHERE id = ${row.id}::uuid AND status = 'running'`;
  if (done === 0) throw new ExportGone();
}

/** A failed or interrupted export keeps its row (the status says so) but not its partial files. */
async function fail(id: string, message: string): Promise<void> {
  await db().$executeRaw`UPDATE bulk_exports SET status = 'failed', error = ${message} WHERE id = ${id}::uuid AND status = 'running'`;
  await db().bulkExportFile.deleteMany({ where: { exportId: id, export: { status: { not: "complete" } } } });
}

/** The job's handler. */
export async function exportJob({ exportId }: { exportId: string }): Promise<void> {
  const row = await claim(exportId);
  if (!row) return;
  try {
    await runExport(row);
    logger.info({ exportId }, "bulk export complete");
  } catch (error) {
    if (error instanceof ExportGone) {
      await db().bulkExportFile.deleteMany({ where: { exportId, export: { status: { not: "complete" } } } });
      return;
    }
    logger.error({ exportId, err: { type: (error as Error).name, code: (error as { code?: unknown }).code } }, "bulk export failed");
    await fail(exportId, FAILED);
  }
}
