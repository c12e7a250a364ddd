// The FHIR API's reads: each opens the patient through the access rule (lib/access, which also
// writes the audit row), then queries. Anonymous records are never read:
// only non-anonymous assessments of patient contacts become Observations, and a report is a
// patient's DiagnosticReport only when every assessment in it is that patient's.
import type { Bundle, DiagnosticReport, Observation, Organization, Patient, Resource } from "@medplum/fhirtypes";
import { notFound } from "@/lib/api/errors";
import { loadResult, loadResults } from "@/lib/assessments/read";
import { storedType, type ReadAssessmentType } from "@/lib/assessments/types";
import { openPatient, type PatientHandle } from "@/lib/access";
import type { AccessContext } from "@/lib/audit";
import type { AuthUser } from "@/lib/auth/guard";
import { visibleClinic } from "@/lib/clinics/service";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { Prisma } from "@/lib/generated/prisma/client.ts";
import { searchset, type Page } from "@/lib/fhir/bundle";
import { diagnosticReportResource, type ReportRecord } from "@/lib/fhir/diagnostic-report";
import { observationResource } from "@/lib/fhir/observation";
import { organizationResource } from "@/lib/fhir/organization";
import { patientResource } from "@/lib/fhir/patient";
import { pageSlices, type DateCondition } from "@/lib/fhir/search";

/** The caller and the request's URL on the public origin (links in answers are built from `url`). */
export interface FhirRequest {
  user: AuthUser;
  access: AccessContext;
  url: URL;
}

export interface ObservationFilter {
  /** Only these types; undefined: every type. */
  types?: ReadAssessmentType[];
  dates: DateCondition[];
}

/**
 * The FhirRequest of a handle() handler's context. Its URL keeps the path and query but takes
 * FRONTEND_URL's origin: the Host header is the client's to choose, and links built from it would
 * send readers of the record (and caches) to any host.
 */
export function fhirRequest(context: { user: AuthUser; request: Request; caller: AccessContext }): FhirRequest {
  const { pathname, search } = new URL(context.request.url);
  return { user: context.user, access: context.caller, url: new URL(pathname + search, env().FRONTEND_URL) };
}

export const ASSESSMENT_SELECT = {
  id: true,
  ownerId: true,
  assessmentType: true,
  hand: true,
  dateCreated: true,
  resultSnapshot: true,
} as const;

/** A patient's own records: never an anonymous one. */
const ownedBy = ({ patientId }: PatientHandle) => ({ ownerId: patientId, isAnonymous: false });

export async function observations(rows: Prisma.AssessmentGetPayload<{ select: typeof ASSESSMENT_SELECT }>[]): Promise<Observation[]> {
  const results = await loadResults(rows.map((row) => row.id));
  return rows.map((row) => observationResource({ ...row, results: results.get(row.id) ?? null }));
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

async function loadPatient(handle: PatientHandle): Promise<Patient> {
  const [contact, clinic] = await Promise.all([
    db().contact.findUnique({
      where: { id: handle.patientId },
      select: { id: true, kind: true, name: true, email: true, profile: { select: { dateOfBirth: true, sex: true } } },
    }),
    managingClinic(handle),
  ]);
  if (contact?.kind !== "PATIENT") throw notFound("Patient not found");
  return patientResource({ ...contact, dateOfBirth: contact.profile?.dateOfBirth ?? null, sex: contact.profile?.sex ?? null, clinic });
}

/** GET /Organization/:id: a clinic, for its members, the service admin and the patients sharing with it (404 for everyone else). */
export async function readOrganization(request: FhirRequest, clinicId: number | null): Promise<Organization> {
  if (clinicId === null) throw notFound("Organization not found");
  return organizationResource(await visibleClinic(request.user, clinicId, "Organization not found"));
}

/** GET /Patient/:id. A patient the caller may not read is as missing as an unknown id (404). */
export async function readPatient(request: FhirRequest, patientId: number | null): Promise<Patient> {
  if (patientId === null) throw notFound("Patient not found");
  return loadPatient(await openPatient(request.access, patientId, "fhir_read_patient"));
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
  return observationResource({ ...row, results: await loadResult(row.id) });
}

function observationWhere(patient: PatientHandle, filter: ObservationFilter): Prisma.AssessmentWhereInput {
  return {
    ...ownedBy(patient),
    ...(filter.types ? { assessmentType: { in: filter.types.map(storedType) } } : {}),
    ...(filter.dates.length > 0 ? { AND: filter.dates.map((dateCreated) => ({ dateCreated })) } : {}),
  };
}

const NEWEST_FIRST = [{ dateCreated: "desc" as const }, { id: "desc" as const }];

/** GET /Observation?patient=...: one page, newest first, with the total. */
export async function searchObservations(request: FhirRequest, patientId: number, filter: ObservationFilter, page: Page): Promise<Bundle> {
  const where = observationWhere(await openPatient(request.access, patientId, "fhir_search_observations"), filter);
  const [rows, total] = await Promise.all([
    db().assessment.findMany({ where, orderBy: NEWEST_FIRST, skip: page.offset, take: page.count, select: ASSESSMENT_SELECT }),
    db().assessment.count({ where }),
  ]);
  return searchset(await observations(rows), total, page, request.url);
}

// ---------- DiagnosticReport ----------

// A patient's reports: those the patient or staff made (anyone holding a code can make one, with
// a title of their choice: a stranger's report must not enter the record), with at least one of
// the patient's assessments and none of anyone else's (nor any anonymous one). A report bundling
// several people's records is nobody's DiagnosticReport: its PDF link would show the others' results.
/** Creator roles whose reports enter a patient's record (lib/audit actorRole). */
const STAFF_CREATORS = ["care_provider", "admin"];

const patientReports = ({ patientId }: PatientHandle) => Prisma.sql`
  FROM reports r
  WHERE (r.owner_id = ${patientId} OR r.creator_role IN (${Prisma.join(STAFF_CREATORS)}))
    AND r.id IN (SELECT ri.report_id FROM report_items ri JOIN assessments a ON a.id = ri.assessment_id WHERE a.owner_id = ${patientId})
    AND NOT EXISTS (SELECT 1 FROM report_items ri JOIN assessments a ON a.id = ri.assessment_id
                    WHERE ri.report_id = r.id AND (a.owner_id <> ${patientId} OR a.is_anonymous))`;

async function countReports(patient: PatientHandle): Promise<number> {
  const [row] = await db().$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n ${patientReports(patient)}`;
  return row?.n ?? 0;
}

async function reportIds(patient: PatientHandle, skip: number, take: number): Promise<number[]> {
  if (take === 0) return [];
  const rows = await db().$queryRaw<{ id: number }[]>`
    SELECT r.id ${patientReports(patient)} ORDER BY r.created_at DESC, r.id DESC LIMIT ${take} OFFSET ${skip}`;
  return rows.map((row) => row.id);
}

export const REPORT_SELECT = {
  id: true,
  code: true,
  title: true,
  createdAt: true,
  ownerId: true,
  creatorRole: true,
  items: {
    orderBy: { position: "asc" as const },
    select: {
      assessment: { select: { id: true, dateCreated: true, ownerId: true, isAnonymous: true, owner: { select: { kind: true } } } },
    },
  },
} as const;

type ReportRow = Prisma.ReportGetPayload<{ select: typeof REPORT_SELECT }>;

/**
 * The report's one patient, or null when it holds no assessment, an anonymous one or several
 * people's, or when neither that patient nor staff made it.
 */
export function reportPatient(row: ReportRow): number | null {
  const assessments = row.items.map((item) => item.assessment);
  const owner = assessments[0]?.ownerId;
  const onePatient = assessments.every((a) => a.ownerId === owner && !a.isAnonymous && a.owner.kind === "PATIENT");
  const madeByPatientOrStaff = row.ownerId === owner || STAFF_CREATORS.includes(row.creatorRole);
  return owner !== undefined && onePatient && madeByPatientOrStaff ? owner : null;
}

export function toReport(row: ReportRow, patientId: number, origin: string): DiagnosticReport {
  const record: ReportRecord = { ...row, patientId, assessments: row.items.map((item) => item.assessment) };
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

/** GET /DiagnosticReport/:id: as Observation reads, a report the caller may not read is a 404. */
export async function readDiagnosticReport(request: FhirRequest, id: number | null): Promise<DiagnosticReport> {
  const NOT_FOUND = "DiagnosticReport not found";
  const row = id === null ? null : await db().report.findUnique({ where: { id }, select: REPORT_SELECT });
  const owner = row ? reportPatient(row) : null;
  if (!row || owner === null) throw notFound(NOT_FOUND);
  const patient = await openPatient(request.access, owner, "fhir_read_diagnostic_report", { notFoundMessage: NOT_FOUND });
  return toReport(row, patient.patientId, request.url.origin);
}

/** GET /DiagnosticReport?patient=...: one page, newest first, with the total. */
export async function searchDiagnosticReports(request: FhirRequest, patientId: number, page: Page): Promise<Bundle> {
  const patient = await openPatient(request.access, patientId, "fhir_search_diagnostic_reports");
  const [ids, total] = await Promise.all([reportIds(patient, page.offset, page.count), countReports(patient)]);
  return searchset(await loadReports(ids, patient, request.url.origin), total, page, request.url);
}

// ---------- Patient/$everything ----------

/**
 * GET /Patient/:id/$everything: the Patient, then every Observation (newest first), then every
 * DiagnosticReport (newest first), paged as one list so a page never holds more than _count.
 */
export async function everything(request: FhirRequest, patientId: number | null, page: Page): Promise<Bundle> {
  if (patientId === null) throw notFound("Patient not found");
  const handle = await openPatient(request.access, patientId, "fhir_everything");
  const where = ownedBy(handle);
  const [patient, observationTotal, reportTotal] = await Promise.all([
    loadPatient(handle),
    db().assessment.count({ where }),
    countReports(handle),
  ]);
  const [patientSlice, observationSlice, reportSlice] = pageSlices(page.offset, page.count, [1, observationTotal, reportTotal]);
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
    reportIds(handle, reportSlice!.skip, reportSlice!.take),
  ]);
  const resources: Resource[] = [
    ...(patientSlice!.take > 0 ? [patient] : []),
    ...(await observations(observationRows)),
    ...(await loadReports(ids, handle, request.url.origin)),
  ];
  return searchset(resources, 1 + observationTotal + reportTotal, page, request.url);
}
