// A patient's whole assessment history as a tidy CSV, for a clinician's own records and
// spreadsheets: one row per measurement (lib/patients/history.ts) and per clinician note, oldest first, each with
// the patient's record number, the local date and time on the reader's clock with its zone, the
// UTC instant (ISO 8601), the test, hand, metric, the value on the measure's own scale (QuickDASH
// 0-100 and worst pain 0-10 as published, never the wire's inverted headline), its unit, which way
// is better, the camera's measurement quality and the result's code. In the reader's language:
// headers and words from the catalogue, numbers in its notation, and `;` between cells where its
// decimal separator is a comma, as spreadsheets of that language expect. UTF-8 with a byte-order
// mark, so spreadsheets read "°" and accents right. Opened through lib/access (audited).
import { openPatient } from "@/lib/access";
import type { AccessContext } from "@/lib/audit";
import { formatCode } from "@/lib/codes";
import type { Locale } from "@/lib/i18n/locales";
import { historyNotes, historyRecords, measurementQuality, measurementRows, olderRecordsLeftOut } from "@/lib/patients/history";
import type { Clock } from "@/lib/report-view/clock";
import { handName, typeName } from "@/lib/report-view/present";
import { wordsFor } from "@/lib/report-view/words";

const BOM = "\uFEFF";
const COLUMNS = ["record", "localTime", "utc", "test", "hand", "metric", "value", "unit", "direction", "quality", "code"] as const;

/**
 * One CSV cell: a number in the language's notation; a text quoted when needed, and a leading
 * = + - @ neutralised so spreadsheets never run it.
 */
function cell(value: string | number | null, separator: string, number: (value: number) => string): string {
  if (value === null) return "";
  let text = typeof value === "number" ? number(value) : value;
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return text.includes(separator) || /["\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** "2026-11-28 09:30 Europe/Madrid": the instant on the reader's clock, sortable, with the zone it is read in. */
function localTime(iso: string, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute} ${timeZone}`;
}

export async function patientHistoryCsv(
  caller: AccessContext,
  patientId: number,
  clock: Clock,
  language: Locale,
): Promise<{ filename: string; csv: string; recordsLeftOut: number }> {
  const patient = await openPatient(caller, patientId, "export_history");
  const w = wordsFor(language);
  const separator = w.number(0.5).includes(",") ? ";" : ",";
  const line = (cells: (string | number | null)[]) => cells.map((value) => cell(value, separator, (n) => w.number(n, 2))).join(separator);
  const records = await historyRecords(patient.patientId);
  const measured = records.flatMap((record) => {
    const common = {
      local: localTime(record.dateCreated, clock.timeZone),
      test: typeName(record.type, w),
      hand: handName(record.hand, true, w),
      quality: measurementQuality(record, w),
      code: formatCode(record.code),
    };
    return measurementRows(record, w).map((row) => ({
      at: record.dateCreated,
      line: line([
        patient.patientId,
        common.local,
        record.dateCreated,
        common.test,
        common.hand,
        row.label,
        row.value,
        w.measure.units[row.unit] ?? null,
        row.direction ? w.measure.direction[row.direction] : null,
        common.quality,
        common.code,
      ]),
    }));
  });
  // A note is a row too: its author where a measurement names its metric, its text as the value.
  const noted = (await historyNotes(patient, records, w)).map((note) => ({
    at: note.createdAt,
    line: line([
      patient.patientId,
      localTime(note.createdAt, clock.timeZone),
      note.createdAt,
      w.t("history.csv.note"),
      null,
      note.author,
      note.text,
      null,
      null,
      null,
      note.about,
    ]),
  }));
  // Oldest first; a note after the measurements of its instant (the sort is stable).
  const lines = [...measured, ...noted].sort((a, b) => Date.parse(a.at) - Date.parse(b.at)).map((row) => row.line);
  const header = line(COLUMNS.map((column) => w.t(`history.csv.${column}`)));
  return {
    filename: `patient-${patientId}-history.csv`,
    csv: `${BOM}${[header, ...lines].join("\r\n")}\r\n`,
    recordsLeftOut: await olderRecordsLeftOut(patient.patientId, records.length),
  };
}
