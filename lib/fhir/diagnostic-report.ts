// A report as a FHIR R4 DiagnosticReport: its assessments as result references, its PDF (the
// existing GET /api/reports/:code/pdf) as presentedForm.
import type { DiagnosticReport } from "@medplum/fhirtypes";
import { ownCoding } from "@/lib/fhir/terminology";

export interface ReportRecord {
  id: number;
  code: string;
  title: string;
  createdAt: Date;
  patientId: number;
  /** The report's assessments in the creator's order. */
  assessments: { id: number; dateCreated: Date }[];
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
    status: "final",
    code: { coding: [ownCoding("report")], text: record.title },
    subject: { reference: `Patient/${record.patientId}` },
    // When the measurements were taken: one assessment's time, or the span of several.
    ...(times.length === 0 ? {} : first === last ? { effectiveDateTime: first } : { effectivePeriod: { start: first, end: last } }),
    issued: created,
    result: record.assessments.map((a) => ({ reference: `Observation/${a.id}` })),
    presentedForm: [
      {
        contentType: "application/pdf",
        url: `${origin}/api/reports/${record.code}/pdf`,
        title: record.title,
        creation: created,
      },
    ],
  };
}
