// A patient's whole history as PDF (GET /patients/{id}/export/pdf): opened through lib/access
// (audited as a history export, like the CSV), rendered by the PDF worker pool in the caller's
// turn. The records are the CSV's, oldest first (past the cap the newest, and a line says how many
// older ones are left out); the header the patient's profile; the goals the
// patient's goals; in the asker's language.
import { openPatient } from "@/lib/access";
import { goniometryTables, measurementsFromHistory } from "@/lib/assessments/goniometry";
import type { AccessContext } from "@/lib/audit";
import { formatCode } from "@/lib/codes";
import { db } from "@/lib/db";
import { goalsOf } from "@/lib/goals/service";
import type { Locale } from "@/lib/i18n/locales";
import { historyNotes, historyRecords, measurementQuality, olderRecordsLeftOut } from "@/lib/patients/history";
import type { HistoryView } from "@/lib/pdf/history-document";
import { PDF_GONIOMETRY_COLUMNS } from "@/lib/pdf/plan";
import { renderHistory } from "@/lib/pdf/pool";
import type { Clock } from "@/lib/report-view/clock";
import { wordsFor } from "@/lib/report-view/words";

const WEEK_MS = 7 * 86_400_000;
const day = (value: Date | null | undefined) => value?.toISOString().slice(0, 10) ?? null;
/** Whole weeks from a surgery day to an instant (negative before it). */
const weeksFrom = (surgery: Date, iso: string) => Math.floor((Date.parse(iso) - surgery.getTime()) / WEEK_MS);

export async function patientHistoryPdf(
  caller: AccessContext,
  patientId: number,
  clock: Clock,
  language: Locale,
): Promise<{ filename: string; bytes: Buffer }> {
  const patient = await openPatient(caller, patientId, "export_history");
  const [contact, exporter, records, goals] = await Promise.all([
    db().contact.findUnique({ where: { id: patient.patientId }, select: { name: true, profile: true } }),
    caller.user ? db().contact.findUnique({ where: { id: caller.user.contactId }, select: { name: true, email: true } }) : null,
    historyRecords(patient.patientId),
    goalsOf(patient),
  ]);
  const w = wordsFor(language);
  const [notes, recordsLeftOut] = await Promise.all([
    historyNotes(patient, records, w),
    olderRecordsLeftOut(patient.patientId, records.length),
  ]);
  const profile = contact?.profile ?? null;
  const surgery = profile?.surgeryDate ?? null;
  const createdAt = new Date().toISOString();
  const measurements = measurementsFromHistory(records.map((record) => ({ ...record, resultSnapshot: record.snapshot })));
  const view: HistoryView = {
    language,
    patient: {
      id: patient.patientId,
      name: contact?.name ?? null,
      dateOfBirth: day(profile?.dateOfBirth),
      injury: profile?.injury ?? null,
      surgeryType: profile?.surgeryType ?? null,
      surgeryDate: day(surgery),
      weeksSinceSurgery: surgery ? weeksFrom(surgery, createdAt) : null,
      affectedHand: profile?.affectedHand ?? null,
      dominantHand: profile?.dominantHand ?? null,
    },
    exportedBy: exporter?.name ?? exporter?.email ?? null,
    createdAt,
    assessments: records.map((record, index) => ({
      code: record.code,
      formattedCode: formatCode(record.code),
      assessmentType: record.type,
      hand: record.hand,
      dateCreated: record.dateCreated,
      resultSnapshot: record.snapshot,
      results: { joints: measurements[index]!.joints },
      weeksSinceSurgery: surgery ? weeksFrom(surgery, record.dateCreated) : null,
    })) as HistoryView["assessments"],
    recordsLeftOut,
    quality: Object.fromEntries(
      records.flatMap((record) => {
        const quality = measurementQuality(record, w);
        return quality ? [[record.code, quality]] : [];
      }),
    ),
    goniometry: goniometryTables(measurements, PDF_GONIOMETRY_COLUMNS),
    goals,
    notes,
  };
  const bytes = await renderHistory(view, caller.limits.key, clock);
  return { filename: `patient-${patient.patientId}-history.pdf`, bytes };
}
