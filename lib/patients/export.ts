// A patient's whole assessment history as CSV, for a clinician's own records: one row per
// record, oldest first, with its kind's own measure (QuickDASH 0-100 and worst pain 0-10 as
// published, lower is better; never the wire's inverted 0-100 headline), its scale, a one-line
// summary and, for range-of-motion records, the goniometry table's column for that record
// (lib/assessments/goniometry.ts): the wrist's extension and flexion, each finger joint's
// extension, flexion and arc (extension signed as ASSH records it: negative a deficit, positive
// hyperextension) and each finger's ASSH TAM. Opened through lib/access (audited).
import { openPatient } from "@/lib/access";
import { ROM_FINGERS, ROM_WRIST_MOTIONS } from "@/lib/assessments/kinds/rom";
import { kindOf } from "@/lib/assessments/kinds";
import { primaryMeasure } from "@/lib/assessments/kinds/kind";
import { measureOf, scaleWords } from "@/lib/report-view/measure";
import { ENGLISH } from "@/lib/report-view/words";
import { goniometryTables, measurementsFromHistory, type GoniometryTable } from "@/lib/assessments/goniometry";
import { assessmentSummaryLine, loadResults, type Snapshot } from "@/lib/assessments/read";
import { readType } from "@/lib/assessments/types";
import { formatCode } from "@/lib/codes";
import type { AccessContext } from "@/lib/audit";
import { db } from "@/lib/db";

/** Records one export holds: years of weekly measurement of every test. */
export const EXPORT_MAX_RECORDS = 5000;

type Column = { header: string; value: (table: GoniometryTable) => number | null };

const JOINT_READINGS = ["extension", "flexion", "arc"] as const;
const JOINT_COLUMNS: Column[] = [
  ...ROM_WRIST_MOTIONS.map(({ motion }): Column => ({
    header: `Wrist ${motion} (°)`,
    value: (table) => table.wrist.find((row) => row.motion === motion)?.cells[0]?.value ?? null,
  })),
  ...ROM_FINGERS.flatMap(({ finger, label, joints }) => {
    const fingerOf = (table: GoniometryTable) => table.fingers.find((f) => f.finger === finger);
    return [
      ...joints.flatMap((joint) =>
        JOINT_READINGS.map((reading): Column => ({
          header: `${label} ${joint} ${reading} (°)`,
          value: (table) => fingerOf(table)?.joints.find((row) => row.joint === joint)?.cells[0]?.[reading] ?? null,
        })),
      ),
      { header: `${label} TAM (°)`, value: (table: GoniometryTable) => fingerOf(table)?.tam[0]?.value ?? null },
    ];
  }),
];
const HEADER = ["date", "code", "test", "hand", "measure", "value", "scale", "summary", "lighting", ...JOINT_COLUMNS.map((c) => c.header)];

/** One CSV cell: quoted when needed; a leading = + - @ is neutralised so spreadsheets never run it. */
function cell(value: string | number | null): string {
  if (value === null) return "";
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && typeof value === "string") text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export async function patientHistoryCsv(caller: AccessContext, patientId: number): Promise<{ filename: string; csv: string }> {
  const patient = await openPatient(caller, patientId, "export_history");
  const rows = await db().assessment.findMany({
    where: { ownerId: patient.patientId },
    orderBy: [{ dateCreated: "asc" }, { id: "asc" }],
    take: EXPORT_MAX_RECORDS,
    select: { id: true, code: true, assessmentType: true, hand: true, dateCreated: true, resultSnapshot: true },
  });
  const results = await loadResults(rows.map((row) => row.id));
  const lines = rows.map((row) => {
    const snapshot = (row.resultSnapshot ?? {}) as Snapshot;
    const tables = goniometryTables(
      measurementsFromHistory([
        {
          code: row.code,
          dateCreated: row.dateCreated.toISOString(),
          hand: row.hand,
          resultSnapshot: snapshot,
          results: results.get(row.id) ?? null,
        },
      ]),
    );
    const table = tables.find((t) => t.hand === row.hand) ?? tables[0];
    const type = readType(row.assessmentType);
    const lighting = typeof snapshot.lightingQuality === "string" ? snapshot.lightingQuality : null;
    const kind = kindOf(type);
    const spec = kind ? primaryMeasure(kind) : null;
    return [
      row.dateCreated.toISOString(),
      formatCode(row.code),
      type,
      row.hand,
      spec?.label ?? null,
      kind ? (measureOf(kind, snapshot)?.value ?? null) : null,
      spec ? scaleWords(spec, ENGLISH.measure, (min, max, direction) => `${min}–${max} (${direction})`) : null,
      assessmentSummaryLine(row.assessmentType, snapshot),
      lighting,
      ...JOINT_COLUMNS.map((c) => (table ? c.value(table) : null)),
    ]
      .map(cell)
      .join(",");
  });
  return { filename: `patient-${patientId}-history.csv`, csv: [HEADER.map(cell).join(","), ...lines].join("\r\n") + "\r\n" };
}
