// A report as a FHIR R4 DiagnosticReport: its assessments as result references, its PDF as
// presentedForm, read as Binary/<report id> under the same token rule as the report itself. The
// report's sharing code is in no element: whoever holds the resource holds no key to the record.
import type { DiagnosticReport } from "@medplum/fhirtypes";
import { organizationReference } from "@/lib/fhir/organization";
import { ownCoding } from "@/lib/fhir/terminology";
import { resourceMeta } from "@/lib/fhir/versions";

/** Who made a report in a patient's record: the patient, or staff the access rule let at them (and the clinic whose share did). */
export interface ReportAuthor {
  role: "patient" | "care_provider" | "admin";
  name: string | null;
  clinic: { id: number; name: string } | null;
}

export interface ReportRecord {
  id: number;
  title: string;
  createdAt: Date;
  patientId: number;
  author: ReportAuthor;
  /** The report's assessments in the creator's order. */
  assessments: { id: number; dateCreated: Date }[];
  /** When it last changed as FHIR sees it: its creation, or the claim of one of its assessments that made it the patient's. */
  lastUpdated: Date;
}

/** The PDF's FHIR read: a Binary with the report's id. */
export const reportBinaryUrl = (origin: string, reportId: number) => `${origin}/api/fhir/Binary/${reportId}`;

const AUTHOR_ROLES: Record<ReportAuthor["role"], string> = { patient: "the patient", care_provider: "clinician", admin: "service admin" };

/**
 * The report's performer: who made it, by name and role (a display: the service has no
 * Practitioner resources, and R4 lets no Patient be a performer), after the clinic whose share let
 * a clinician in, as the Organization the access log names.
 */
function performer({ role, name, clinic }: ReportAuthor): NonNullable<DiagnosticReport["performer"]> {
  const person = name ? `${name} (${AUTHOR_ROLES[role]})` : AUTHOR_ROLES[role].replace(/^./, (c) => c.toUpperCase());
  return [...(clinic ? [organizationReference(clinic)] : []), { display: person }];
}

/** `origin` is the service's public origin (FRONTEND_URL), never the request's Host. */
export function diagnosticReportResource(record: ReportRecord, origin: string): DiagnosticReport {
  const times = record.assessments.map((a) => a.dateCreated.getTime());
  const first = new Date(Math.min(...times)).toISOString();
  const last = new Date(Math.max(...times)).toISOString();
  const created = record.createdAt.toISOString();
  return {
    resourceType: "DiagnosticReport",
    id: String(record.id),
    meta: resourceMeta(record.lastUpdated),
    status: "final",
    code: { coding: [ownCoding("report")], text: record.title },
    subject: { reference: `Patient/${record.patientId}` },
    // When the measurements were taken: one assessment's time, or the span of several.
    ...(times.length === 0 ? {} : first === last ? { effectiveDateTime: first } : { effectivePeriod: { start: first, end: last } }),
    issued: created,
    performer: performer(record.author),
    result: record.assessments.map((a) => ({ reference: `Observation/${a.id}` })),
    presentedForm: [
      {
        contentType: "application/pdf",
        url: reportBinaryUrl(origin, record.id),
        title: record.title,
        creation: created,
      },
    ],
  };
}
