// The FHIR API's reads: each opens the patient through the access rule (lib/access, which also
// writes the audit row), then queries; a search of patients takes its scope from searchScope and
// audits every patient it shows. Anonymous records are never read: only non-anonymous
// assessments of patient contacts become Observations, and a report is a patient's
// DiagnosticReport only when every assessment in it is that patient's. Patient.managingOrganization
// is the clinic the reader sees the patient through.
import type { Bundle, DiagnosticReport, Observation, Organization, Patient, Resource } from "@medplum/fhirtypes";
import { badRequest, notFound } from "@/lib/api/errors";
import { loadResult, loadResults } from "@/lib/assessments/read";
import { storedType } from "@/lib/assessments/types";
import { auditShown, openPatient, reachOf, searchScope, type PatientHandle } from "@/lib/access";
import type { AccessContext } from "@/lib/audit";
import type { AuthUser } from "@/lib/auth/guard";
import { visibleClinic } from "@/lib/clinics/service";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { Prisma } from "@/lib/generated/prisma/client.ts";
import { renderReportPdf } from "@/lib/reports/service";
import { searchset, type Page } from "@/lib/fhir/bundle";
import { diagnosticReportResource, type ReportAuthor, type ReportRecord } from "@/lib/fhir/diagnostic-report";
import { observationResource } from "@/lib/fhir/observation";
import { organizationResource } from "@/lib/fhir/organization";
import { patientIdSystem, patientResource } from "@/lib/fhir/patient";
import {
  appliedParameters,
  dateCondition,
  idsOf,
  meets,
  observationFilter,
  pageSlices,
  subset,
  type DateCondition,
  type ObservationFilter,
  type ObservationQuery,
} from "@/lib/fhir/search";
import { newest } from "@/lib/fhir/versions";

/** The caller and the request's URL on the public origin (links in answers are built from `url`). */
export interface FhirRequest {
  user: AuthUser;
  access: AccessContext;
  /** The request's path on FRONTEND_URL's origin; for a search, with the parameters it applied and no others. */
  url: URL;
}

/**
 * The FhirRequest of a handle() handler's context. Its URL keeps the path but takes FRONTEND_URL's
 * origin: the Host header is the client's to choose, and links built from it would send readers
 * of the record (and caches) to any host. A search names its `parameters`: the URL keeps those
 * the request carries (the Bundle's self link), and an unknown one is a 400 under
 * Prefer: handling=strict, as an unsupported modifier always is.
 */
export function fhirRequest(
  context: { user: AuthUser; request: Request; caller: AccessContext },
  parameters?: readonly string[],
): FhirRequest {
  const requested = new URL(context.request.url);
  const url = new URL(requested.pathname, env().FRONTEND_URL);
  url.search = parameters ? appliedParameters(requested, context.request.headers, parameters).toString() : requested.search;
  return { user: context.user, access: context.caller, url };
}

/** What a search does with its matches: _summary=count (the total alone), _elements, _sort. */
export interface ResultOptions {
  _summary?: "count" | "false";
  _elements?: string[];
  _sort?: "date" | "-date";
}

/** The page a search shows: none of the matches under _summary=count. */
const shownPage = (page: Page, options: ResultOptions): Page => (options._summary === "count" ? { ...page, count: 0 } : page);

export const ASSESSMENT_SELECT = {
  id: true,
  ownerId: true,
  assessmentType: true,
  hand: true,
  dateCreated: true,
  claimedAt: true,
  resultSnapshot: true,
} as const;

type AssessmentRow = Prisma.AssessmentGetPayload<{ select: typeof ASSESSMENT_SELECT }>;

/** A patient's own records: never an anonymous one. */
const ownedBy = ({ patientId }: PatientHandle) => ({ ownerId: patientId, isAnonymous: false });

/** An Observation changes once, when its claim moves an anonymous record into the patient's (and makes it one). */
const observationUpdated = (row: { dateCreated: Date; claimedAt: Date | null }) => newest(row.dateCreated, row.claimedAt);

export async function observations(rows: AssessmentRow[]): Promise<Observation[]> {
  const results = await loadResults(rows.map((row) => row.id));
  return rows.map((row) => observationResource({ ...row, lastUpdated: observationUpdated(row), results: results.get(row.id) ?? null }));
}

/** A date condition on an SQL expression. */
function sqlDate(expression: Prisma.Sql, { gte, lt }: DateCondition): Prisma.Sql {
  return Prisma.sql`${gte ? Prisma.sql`AND ${expression} >= ${gte}` : Prisma.empty} ${lt ? Prisma.sql`AND ${expression} < ${lt}` : Prisma.empty}`;
}

/** `AND` conditions one after another (Prisma.join refuses an empty list). */
const sqlAll = (conditions: Prisma.Sql[]): Prisma.Sql => (conditions.length ? Prisma.join(conditions, " ", "", "") : Prisma.empty);

/** Each list: the row's id is one of them. */
function sqlIds(column: Prisma.Sql, lists: number[][]): Prisma.Sql {
  return sqlAll(lists.map((ids) => (ids.length === 0 ? Prisma.sql`AND FALSE` : Prisma.sql`AND ${column} IN (${Prisma.join(ids)})`)));
}

// ---------- Patient ----------

/**
 * The Patient's managingOrganization: for a care-team clinician the clinic whose share let them
 * in, for everyone else the clinic the patient shared with first; none when they share with none.
 */
async function managingClinic({ patientId, clinicId }: PatientHandle) {
  const share = await db().patientShare.findFirst({
    where: { patientId, ...(clinicId === null ? {} : { clinicId }) },
    orderBy: [{ sharedAt: "asc" }, { clinicId: "asc" }],
    select: { clinic: { select: { id: true, name: true } } },
  });
  return share?.clinic ?? null;
}

const PATIENT_SELECT = {
  id: true,
  kind: true,
  name: true,
  email: true,
  updatedAt: true,
  profile: { select: { dateOfBirth: true, sex: true, updatedAt: true } },
} as const;

type PatientRow = Prisma.ContactGetPayload<{ select: typeof PATIENT_SELECT }>;

/** A Patient changes with its contact row (name, e-mail) or its profile (birth date, sex). */
function toPatient(row: PatientRow, clinic: { id: number; name: string } | null = null): Patient {
  return patientResource(
    {
      ...row,
      dateOfBirth: row.profile?.dateOfBirth ?? null,
      sex: row.profile?.sex ?? null,
      lastUpdated: newest(row.updatedAt, row.profile?.updatedAt),
      clinic,
    },
    new URL(env().FRONTEND_URL).origin,
  );
}

async function loadPatient(handle: PatientHandle): Promise<Patient> {
  const [contact, clinic] = await Promise.all([
    db().contact.findUnique({ where: { id: handle.patientId }, select: PATIENT_SELECT }),
    managingClinic(handle),
  ]);
  if (contact?.kind !== "PATIENT") throw notFound("Patient not found");
  return toPatient(contact, clinic);
}

/**
 * GET /Organization/:id: a clinic, for its members, the service admin, the patients sharing with
 * it and backend services whose system/ scopes reach every patient (they export any clinic's
 * Group); 404 for everyone else.
 */
export async function readOrganization(request: FhirRequest, clinicId: number | null): Promise<Organization> {
  const NOT_FOUND = "Organization not found";
  if (clinicId === null) throw notFound(NOT_FOUND);
  const backend = request.user.smart?.backend === true && reachOf(request.user, "Organization", "read") === "every";
  if (!backend) return organizationResource(await visibleClinic(request.user, clinicId, NOT_FOUND));
  const clinic = await db().clinic.findUnique({ where: { id: clinicId }, select: { id: true, name: true } });
  if (!clinic) throw notFound(NOT_FOUND);
  return organizationResource(clinic);
}

/** GET /Patient/:id. A patient the caller may not read is as missing as an unknown id (404). */
export async function readPatient(request: FhirRequest, patientId: number | null): Promise<Patient> {
  if (patientId === null) throw notFound("Patient not found");
  return loadPatient(await openPatient(request.access, patientId, "fhir_read_patient"));
}

export interface PatientQuery extends ResultOptions {
  identifier?: string[];
  name?: string[];
  _id?: string[];
  _lastUpdated?: string[];
}

/** The patient ids an `identifier` value names: this service's system (or none given) and a patient id; anything else names none. */
function identifiedIds(value: string): number[] {
  const system = patientIdSystem(new URL(env().FRONTEND_URL).origin);
  return value.split(",").flatMap((token) => {
    const bar = token.indexOf("|");
    const [tokenSystem, id] = bar < 0 ? [system, token] : [token.slice(0, bar), token.slice(bar + 1)];
    return tokenSystem === system ? idsOf(id, "identifier") : [];
  });
}

/** LIKE's own characters, taken literally. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * GET /Patient?identifier=&name=&_id=&_lastUpdated=: the matching patients the caller may read
 * (searchScope: an admin every patient, a care-team clinician those sharing with their clinics, a
 * patient only themselves; a patient/ token only its patient context, as a read), ordered by id, each shown patient audited. `name` matches the start
 * of any word of the name, ignoring case.
 */
export async function searchPatients(request: FhirRequest, query: PatientQuery, page: Page): Promise<Bundle> {
  const { user } = request;
  const lastUpdated = (query._lastUpdated ?? []).map((value) => dateCondition(value, "_lastUpdated"));
  const names = (query.name ?? []).map((name) => name.trim().toLowerCase());
  // PostgreSQL text holds no NUL: refused here rather than failing the query.
  if (names.some((name) => name === "" || name.includes("\u0000"))) throw badRequest("name: empty, or holds a NUL character", "name");
  const where = Prisma.sql`
    FROM contacts c LEFT JOIN patient_profiles p ON p.contact_id = c.id
    WHERE c.kind = 'PATIENT' AND ${searchScope(user, "Patient")}
      ${sqlIds(Prisma.sql`c.id`, [...(query.identifier ?? []).map(identifiedIds), ...(query._id ?? []).map((value) => idsOf(value))])}
      ${sqlAll(
        names.map((name) => {
          const start = likeLiteral(name);
          return Prisma.sql`AND (lower(c.name) LIKE ${`${start}%`} OR lower(c.name) LIKE ${`% ${start}%`})`;
        }),
      )}
      ${sqlAll(lastUpdated.map((condition) => sqlDate(Prisma.sql`GREATEST(c.updated_at, p.updated_at)`, condition)))}`;
  const shown = shownPage(page, query);
  const [ids, [counted]] = await Promise.all([
    shown.count > 0 ? db().$queryRaw<{ id: number }[]>`SELECT c.id ${where} ORDER BY c.id LIMIT ${shown.count} OFFSET ${shown.offset}` : [],
    db().$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n ${where}`,
  ]);
  const rows = ids.length
    ? await db().contact.findMany({ where: { id: { in: ids.map((row) => row.id) } }, select: PATIENT_SELECT, orderBy: { id: "asc" } })
    : [];
  await auditShown(
    request.access,
    rows.map((row) => row.id),
    "fhir_search_patients",
  );
  return searchset(
    rows.map((row) => subset(toPatient(row), query._elements)),
    counted?.n ?? 0,
    shown,
    request.url,
  );
}

// ---------- Observation ----------

/**
 * GET /Observation/:id. A record of a patient the caller may not read, an anonymous one and a
 * missing id all answer the same 404: ids are sequential, so guessing them teaches nothing.
 */
export async function readObservation(request: FhirRequest, id: number | null): Promise<Observation> {
  const NOT_FOUND = "Observation not found";
  const owner =
    id === null
      ? null
      : await db().assessment.findFirst({ where: { id, isAnonymous: false, owner: { kind: "PATIENT" } }, select: { ownerId: true } });
  if (!owner) throw notFound(NOT_FOUND);
  const patient = await openPatient(request.access, owner.ownerId, "fhir_read_observation", { notFoundMessage: NOT_FOUND });
  const row = await db().assessment.findFirst({ where: { id: id!, ...ownedBy(patient) }, select: ASSESSMENT_SELECT });
  if (!row) throw notFound(NOT_FOUND);
  return observationResource({ ...row, lastUpdated: observationUpdated(row), results: await loadResult(row.id) });
}

/** Last change as FHIR sees it: the claim, or else the creation. */
const observationUpdatedWhere = (condition: DateCondition): Prisma.AssessmentWhereInput => ({
  OR: [{ claimedAt: condition }, { claimedAt: null, dateCreated: condition }],
});

function observationWhere(patient: PatientHandle, filter: ObservationFilter): Prisma.AssessmentWhereInput {
  return {
    ...ownedBy(patient),
    AND: [
      ...(filter.types ? [{ assessmentType: { in: filter.types.map(storedType) } }] : []),
      ...filter.dates.map((dateCreated) => ({ dateCreated })),
      ...filter.ids.map((ids) => ({ id: { in: ids } })),
      ...filter.lastUpdated.map(observationUpdatedWhere),
    ],
  };
}

const NEWEST_FIRST = [{ dateCreated: "desc" as const }, { id: "desc" as const }];
const OLDEST_FIRST = [{ dateCreated: "asc" as const }, { id: "asc" as const }];

/** GET /Observation?patient=...: one page, newest first (or oldest first under _sort=date), with the total. */
export async function searchObservations(
  request: FhirRequest,
  patientId: number,
  query: ObservationQuery & ResultOptions,
  page: Page,
): Promise<Bundle> {
  const filter = observationFilter(query);
  const where = observationWhere(await openPatient(request.access, patientId, "fhir_search_observations"), filter);
  const shown = shownPage(page, query);
  const orderBy = query._sort === "date" ? OLDEST_FIRST : NEWEST_FIRST;
  const [rows, total] = await Promise.all([
    shown.count > 0 ? db().assessment.findMany({ where, orderBy, skip: shown.offset, take: shown.count, select: ASSESSMENT_SELECT }) : [],
    db().assessment.count({ where }),
  ]);
  const resources = (await observations(rows)).map((observation) => subset(observation, query._elements));
  return searchset(resources, total, shown, request.url);
}

// ---------- DiagnosticReport ----------

// A patient's reports: those the patient made, and those staff made while the access rule let them
// read the patient (a care-team clinician, the service admin: reports.record_patient_id, decided
// as they made it). Anyone else holding a code can make a report with a title of their choice: it
// must not enter the record. A report enters it with at least one of the patient's assessments and
// none of anyone else's (nor any anonymous one): one bundling several people's is nobody's
// DiagnosticReport, since its PDF would show the others' results.
/** A report changes, as FHIR sees it, when the claim of one of its assessments makes it the patient's. */
const REPORT_UPDATED = Prisma.sql`GREATEST(r.created_at, (SELECT max(a.claimed_at) FROM report_items ri
  JOIN assessments a ON a.id = ri.assessment_id WHERE ri.report_id = r.id))`;

export interface ReportFilter {
  ids: number[][];
  lastUpdated: DateCondition[];
}

const NO_REPORT_FILTER: ReportFilter = { ids: [], lastUpdated: [] };

const patientReports = ({ patientId }: PatientHandle, filter: ReportFilter) => Prisma.sql`
  FROM reports r
  WHERE (r.owner_id = ${patientId} OR r.record_patient_id = ${patientId})
    AND r.id IN (SELECT ri.report_id FROM report_items ri JOIN assessments a ON a.id = ri.assessment_id WHERE a.owner_id = ${patientId})
    AND NOT EXISTS (SELECT 1 FROM report_items ri JOIN assessments a ON a.id = ri.assessment_id
                    WHERE ri.report_id = r.id AND (a.owner_id <> ${patientId} OR a.is_anonymous))
    ${sqlIds(Prisma.sql`r.id`, filter.ids)}
    ${sqlAll(filter.lastUpdated.map((condition) => sqlDate(REPORT_UPDATED, condition)))}`;

async function countReports(patient: PatientHandle, filter: ReportFilter): Promise<number> {
  const [row] = await db().$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n ${patientReports(patient, filter)}`;
  return row?.n ?? 0;
}

async function reportIds(patient: PatientHandle, filter: ReportFilter, skip: number, take: number, oldestFirst = false): Promise<number[]> {
  if (take === 0) return [];
  const order = oldestFirst ? Prisma.sql`r.created_at ASC, r.id ASC` : Prisma.sql`r.created_at DESC, r.id DESC`;
  const rows = await db().$queryRaw<{ id: number }[]>`
    SELECT r.id ${patientReports(patient, filter)} ORDER BY ${order} LIMIT ${take} OFFSET ${skip}`;
  return rows.map((row) => row.id);
}

export const REPORT_SELECT = {
  id: true,
  code: true,
  title: true,
  createdAt: true,
  ownerId: true,
  creatorRole: true,
  recordPatientId: true,
  owner: { select: { name: true } },
  creatorClinic: { select: { id: true, name: true } },
  items: {
    orderBy: { position: "asc" as const },
    select: {
      assessment: {
        select: { id: true, dateCreated: true, claimedAt: true, ownerId: true, isAnonymous: true, owner: { select: { kind: true } } },
      },
    },
  },
} as const;

type ReportRow = Prisma.ReportGetPayload<{ select: typeof REPORT_SELECT }>;

/**
 * The report's one patient, or null when it holds no assessment, an anonymous one or several
 * people's, or when neither that patient nor staff the rule let at them made it.
 */
export function reportPatient(row: ReportRow): number | null {
  const assessments = row.items.map((item) => item.assessment);
  const owner = assessments[0]?.ownerId;
  const onePatient = assessments.every((a) => a.ownerId === owner && !a.isAnonymous && a.owner.kind === "PATIENT");
  const inRecord = row.ownerId === owner || row.recordPatientId === owner;
  return owner !== undefined && onePatient && inRecord ? owner : null;
}

/** Who made the report, as its DiagnosticReport names them: the clinic whose share let a clinician in, and the person. */
function reportAuthor(row: ReportRow, patientId: number): ReportAuthor {
  if (row.ownerId === patientId) return { role: "patient", name: row.owner?.name ?? null, clinic: null };
  return {
    role: row.creatorRole === "admin" ? "admin" : "care_provider",
    name: row.owner?.name ?? null,
    clinic: row.creatorClinic,
  };
}

export function toReport(row: ReportRow, patientId: number, origin: string): DiagnosticReport {
  const assessments = row.items.map((item) => item.assessment);
  const record: ReportRecord = {
    ...row,
    patientId,
    author: reportAuthor(row, patientId),
    assessments,
    lastUpdated: newest(row.createdAt, ...assessments.map((a) => a.claimedAt)),
  };
  return diagnosticReportResource(record, origin);
}

async function loadReports(ids: number[], { patientId }: PatientHandle, origin: string): Promise<DiagnosticReport[]> {
  if (ids.length === 0) return [];
  const rows = await db().report.findMany({ where: { id: { in: ids } }, select: REPORT_SELECT });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toReport(row, patientId, origin)] : [];
  });
}

/** The report with this id and its patient, opened through the access rule; as Observation reads, one the caller may not read is a 404. */
async function openReport(
  request: FhirRequest,
  id: number | null,
  action: "fhir_read_diagnostic_report" | "fhir_read_binary",
  what: string,
) {
  const NOT_FOUND = `${what} not found`;
  const row = id === null ? null : await db().report.findUnique({ where: { id }, select: REPORT_SELECT });
  const owner = row ? reportPatient(row) : null;
  if (!row || owner === null) throw notFound(NOT_FOUND);
  const patient = await openPatient(request.access, owner, action, { notFoundMessage: NOT_FOUND });
  return { row, patient };
}

/** GET /DiagnosticReport/:id. */
export async function readDiagnosticReport(request: FhirRequest, id: number | null): Promise<DiagnosticReport> {
  const { row, patient } = await openReport(request, id, "fhir_read_diagnostic_report", "DiagnosticReport");
  return toReport(row, patient.patientId, request.url.origin);
}

/**
 * GET /Binary/:id: the PDF of the report with this id (its DiagnosticReport's presentedForm), under
 * the report's own rule: the token, never the sharing code, opens it.
 */
export async function readReportPdf(request: FhirRequest, id: number | null): Promise<Buffer> {
  const { row } = await openReport(request, id, "fhir_read_binary", "Binary");
  return renderReportPdf(row.code, request.access.limits.key);
}

export interface ReportQuery extends ResultOptions {
  _id?: string[];
  _lastUpdated?: string[];
}

/** GET /DiagnosticReport?patient=...: one page, newest first (or oldest first under _sort=date), with the total. */
export async function searchDiagnosticReports(request: FhirRequest, patientId: number, query: ReportQuery, page: Page): Promise<Bundle> {
  const filter: ReportFilter = {
    ids: (query._id ?? []).map((value) => idsOf(value)),
    lastUpdated: (query._lastUpdated ?? []).map((value) => dateCondition(value, "_lastUpdated")),
  };
  const patient = await openPatient(request.access, patientId, "fhir_search_diagnostic_reports");
  const shown = shownPage(page, query);
  const [ids, total] = await Promise.all([
    reportIds(patient, filter, shown.offset, shown.count, query._sort === "date"),
    countReports(patient, filter),
  ]);
  const reports = (await loadReports(ids, patient, request.url.origin)).map((report) => subset(report, query._elements));
  return searchset(reports, total, shown, request.url);
}

// ---------- Patient/$everything ----------

export interface EverythingQuery {
  _since?: string;
  _type?: string[];
}

/**
 * GET /Patient/:id/$everything: the Patient, then every Observation (newest first), then every
 * DiagnosticReport (newest first), paged as one list so a page never holds more than _count.
 * `_since` keeps the resources changed since then (meta.lastUpdated), `_type` the types named.
 */
export async function everything(request: FhirRequest, patientId: number | null, query: EverythingQuery, page: Page): Promise<Bundle> {
  const since = query._since === undefined ? [] : [{ gte: dateCondition(query._since, "_since").gte! }];
  const wanted = (type: string) => query._type === undefined || query._type.includes(type);
  if (patientId === null) throw notFound("Patient not found");
  const handle = await openPatient(request.access, patientId, "fhir_everything");
  const where = { ...ownedBy(handle), AND: since.map(observationUpdatedWhere) };
  const reportFilter: ReportFilter = { ...NO_REPORT_FILTER, lastUpdated: since };
  const [patient, observationTotal, reportTotal] = await Promise.all([
    loadPatient(handle),
    wanted("Observation") ? db().assessment.count({ where }) : 0,
    wanted("DiagnosticReport") ? countReports(handle, reportFilter) : 0,
  ]);
  const patientShown = wanted("Patient") && meets(new Date(patient.meta!.lastUpdated!), since);
  const patientTotal = patientShown ? 1 : 0;
  const [patientSlice, observationSlice, reportSlice] = pageSlices(page.offset, page.count, [patientTotal, observationTotal, reportTotal]);
  const [observationRows, ids] = await Promise.all([
    observationSlice!.take > 0
      ? db().assessment.findMany({
          where,
          orderBy: NEWEST_FIRST,
          skip: observationSlice!.skip,
          take: observationSlice!.take,
          select: ASSESSMENT_SELECT,
        })
      : [],
    reportIds(handle, reportFilter, reportSlice!.skip, reportSlice!.take),
  ]);
  const resources: Resource[] = [
    ...(patientSlice!.take > 0 ? [patient] : []),
    ...(await observations(observationRows)),
    ...(await loadReports(ids, handle, request.url.origin)),
  ];
  return searchset(resources, patientTotal + observationTotal + reportTotal, page, request.url);
}
