// A patient's whole history as PDF (GET /patients/{id}/export/pdf): opened through lib/access
// (audited as a history export, like the CSV), rendered by the PDF worker pool in the caller's
// turn. The records are the CSV's, oldest first; the goals are the patient's goals.
import { openPatient } from "@/lib/access";
import { goniometryTables, measurementsFromHistory } from "@/lib/assessments/goniometry";
import { loadResults } from "@/lib/assessments/read";
import { readType } from "@/lib/assessments/types";
import type { AccessContext } from "@/lib/audit";
import { formatCode } from "@/lib/codes";
import { db } from "@/lib/db";
import { goalsOf } from "@/lib/goals/service";
import { EXPORT_MAX_RECORDS } from "@/lib/patients/export";
import type { HistoryView } from "@/lib/pdf/history-document";
import { PDF_GONIOMETRY_COLUMNS } from "@/lib/pdf/plan";
import { renderHistory } from "@/lib/pdf/pool";
import { UTC_CLOCK, type Clock } from "@/lib/report-view/clock";

const asSnapshot = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

export async function patientHistoryPdf(
  caller: AccessContext,
  patientId: number,
  clock: Clock = UTC_CLOCK,
): Promise<{ filename: string; bytes: Buffer }> {
  const patient = await openPatient(caller, patientId, "export_history");
  const [contact, rows, goals] = await Promise.all([
    db().contact.findUnique({ where: { id: patient.patientId }, select: { name: true } }),
    db().assessment.findMany({
      where: { ownerId: patient.patientId },
      orderBy: [{ dateCreated: "asc" }, { id: "asc" }],
      take: EXPORT_MAX_RECORDS,
      select: { id: true, code: true, assessmentType: true, hand: true, dateCreated: true, resultSnapshot: true },
    }),
    goalsOf(patient),
  ]);
  const results = await loadResults(rows.map((row) => row.id));
  const history = rows.map((row) => ({
    code: row.code,
    dateCreated: row.dateCreated.toISOString(),
    hand: row.hand,
    resultSnapshot: asSnapshot(row.resultSnapshot),
    results: results.get(row.id) ?? null,
  }));
  const measurements = measurementsFromHistory(history);
  const view: HistoryView = {
    patientId: patient.patientId,
    patientName: contact?.name ?? null,
    createdAt: new Date().toISOString(),
    assessments: rows.map((row, index) => ({
      code: row.code,
      formattedCode: formatCode(row.code),
      assessmentType: readType(row.assessmentType),
      hand: row.hand,
      dateCreated: history[index]!.dateCreated,
      resultSnapshot: history[index]!.resultSnapshot,
      results: { joints: measurements[index]!.joints },
      weeksSinceSurgery: null,
    })) as HistoryView["assessments"],
    goniometry: goniometryTables(measurements, PDF_GONIOMETRY_COLUMNS),
    goals,
  };
  const bytes = await renderHistory(view, caller.limits.key, clock);
  return { filename: `patient-${patient.patientId}-history.pdf`, bytes };
}
