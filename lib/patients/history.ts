// A patient's records as the history documents read them (the CSV, lib/patients/export.ts, and
// the PDF, lib/patients/history-pdf.ts): oldest first, each with its results tree, and each
// broken into its measurements, one per figure, on the measure's own scale with its unit and
// direction (the kind's declaration), the finger joints from the goniometry model.
import { goniometryTables, measurementsFromHistory } from "@/lib/assessments/goniometry";
import { kindOf } from "@/lib/assessments/kinds";
import { presentMetrics, type Direction, type MetricUnit } from "@/lib/assessments/kinds/kind";
import { loadResults } from "@/lib/assessments/read";
import { readType } from "@/lib/assessments/types";
import type { PatientHandle } from "@/lib/access";
import { formatCode } from "@/lib/codes";
import { db } from "@/lib/db";
import { listNotes } from "@/lib/notes/service";
import type { HistoryNote } from "@/lib/pdf/history-document";
import { jointName, metricLabel, tokenName } from "@/lib/report-view/present";
import type { Words } from "@/lib/report-view/words";

/** Records one export holds: years of weekly measurement of every test. */
export const EXPORT_MAX_RECORDS = 5000;

export interface HistoryRecord {
  id: number;
  code: string;
  type: ReturnType<typeof readType>;
  hand: string | null;
  dateCreated: string;
  snapshot: Record<string, unknown>;
  results: Record<string, unknown> | null;
}

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/**
 * The patient's newest EXPORT_MAX_RECORDS records, oldest first: past the cap the oldest are left
 * out, never the latest result a clinician opens the history for (`olderRecordsLeftOut` counts them).
 */
export async function historyRecords(patientId: number): Promise<HistoryRecord[]> {
  const newestFirst = await db().assessment.findMany({
    where: { ownerId: patientId },
    orderBy: [{ dateCreated: "desc" }, { id: "desc" }],
    take: EXPORT_MAX_RECORDS,
    select: { id: true, code: true, assessmentType: true, hand: true, dateCreated: true, resultSnapshot: true },
  });
  const rows = newestFirst.reverse();
  const results = await loadResults(rows.map((row) => row.id));
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    type: readType(row.assessmentType),
    hand: row.hand,
    dateCreated: row.dateCreated.toISOString(),
    snapshot: asRecord(row.resultSnapshot),
    results: (results.get(row.id) as Record<string, unknown> | null | undefined) ?? null,
  }));
}

/** How many of the patient's records `historyRecords` left out (0 below the cap). */
export async function olderRecordsLeftOut(patientId: number, shown: number): Promise<number> {
  if (shown < EXPORT_MAX_RECORDS) return 0;
  return (await db().assessment.count({ where: { ownerId: patientId } })) - shown;
}

/** One figure of one record. */
export interface MeasurementRow {
  /** A stable name: the kind's metric key, or FINGER.JOINT.reading for a finger joint. */
  metric: string;
  label: string;
  value: number;
  unit: MetricUnit;
  direction: Direction | null;
}

const JOINT_READINGS = ["extension", "flexion", "arc"] as const;

/** The record's figures: the kind's metrics, then for a range-of-motion record each finger joint's extension, flexion and arc, and each finger's TAM. */
export function measurementRows(record: HistoryRecord, w: Words): MeasurementRow[] {
  const kind = kindOf(record.type);
  if (!kind) return [];
  const rows: MeasurementRow[] = presentMetrics(kind, record.snapshot).map(({ spec, value }) => ({
    metric: spec.key,
    label: metricLabel(kind, spec, w),
    value,
    unit: spec.unit,
    direction: spec.direction ?? null,
  }));
  const [table] = goniometryTables(
    measurementsFromHistory([
      { code: record.code, dateCreated: record.dateCreated, hand: record.hand, resultSnapshot: null, results: record.results },
    ]),
  );
  for (const finger of table?.fingers ?? []) {
    const fingerName = w.t(`goniometry.fingers.${finger.finger}`);
    for (const joint of finger.joints) {
      const cell = joint.cells[0];
      if (!cell) continue;
      for (const reading of JOINT_READINGS) {
        const value = cell[reading];
        if (value === null) continue;
        rows.push({
          metric: `${finger.finger}.${joint.joint}.${reading}`,
          label: w.t("history.jointReading", {
            finger: fingerName,
            joint: jointName(joint.joint, w),
            reading: w.t(`history.readings.${reading}`),
          }),
          value,
          unit: "degree",
          // Extension is signed (a deficit negative, hyperextension positive): neither way is simply better.
          direction: reading === "extension" ? null : "higherIsBetter",
        });
      }
    }
    const tam = finger.tam[0]?.value;
    if (typeof tam === "number") {
      rows.push({
        metric: `${finger.finger}.TAM`,
        label: w.t("history.fingerTam", { finger: fingerName, tam: w.t("goniometry.tam") }),
        value: tam,
        unit: "degree",
        direction: "higherIsBetter",
      });
    }
  }
  return rows;
}

/** The share of usable camera frames, when the record's results carry it. */
function validFrames(results: Record<string, unknown> | null): number | null {
  const wrist = asRecord(results?.wrist);
  const percent = wrist.percent_valid_frames;
  if (typeof percent === "number" && Number.isFinite(percent)) return percent;
  const { frames_valid: valid, frames_total: total } = wrist;
  return typeof valid === "number" && typeof total === "number" && total > 0 ? (100 * valid) / total : null;
}

/** A camera result's measurement quality in words ("Good lighting, 93.3 % valid frames"); null for a questionnaire or when nothing was recorded. */
export function measurementQuality(record: Pick<HistoryRecord, "snapshot" | "results">, w: Words): string | null {
  const token = record.snapshot.lightingQuality;
  const lighting = typeof token === "string" && token.trim() !== "" ? tokenName(token, w) : null;
  const frames = validFrames(record.results);
  const percent = frames === null ? null : w.number(frames, 1);
  if (lighting && percent) return w.t("history.quality.both", { lighting, percent });
  if (lighting) return w.t("history.quality.lighting", { lighting });
  if (percent) return w.t("history.quality.frames", { percent });
  return null;
}

/** Notes one export holds, like its records. */
const EXPORT_MAX_NOTES = 1000;

/** The care team's notes for the history documents: oldest first, each signed "name, clinic", with what it corrects or is about. */
export async function historyNotes(patient: PatientHandle, records: HistoryRecord[], w: Words): Promise<HistoryNote[]> {
  const { notes } = await listNotes(patient, { limit: EXPORT_MAX_NOTES });
  const written = new Map(notes.map((note) => [note.id, note.createdAt]));
  const codes = new Map(records.map((record) => [record.id, formatCode(record.code)]));
  return notes.reverse().map((note) => ({
    createdAt: note.createdAt,
    author: [note.author.name ?? w.t("clinicianNotes.unnamed"), note.author.clinic?.name].filter(Boolean).join(", "),
    text: note.text,
    corrects: note.corrects === null ? null : (written.get(note.corrects) ?? null),
    about: note.assessmentId === null ? null : (codes.get(note.assessmentId) ?? null),
  }));
}
