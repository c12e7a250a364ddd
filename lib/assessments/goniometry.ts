// The therapist's goniometry table: the wrist's extension and flexion, then one row per finger
// joint (grouped by finger, in the order of the range-of-motion kind), one column per measurement
// date. Each joint cell is written as therapists write it, extension/flexion (ASSH: an extension
// deficit is negative, hyperextension positive, so "−25/70" or "+10/85"), with the arc beside it
// and the arc's change since the first measurement; each finger has a total active motion (TAM)
// row, by the ASSH method, with the same finger of the other hand as a percentage when both hands
// were measured. One table per hand. Pure: the report page, the PDF, the provider's patient page,
// the lookup page and the CSV all draw this model. docs/clinical.md, "Goniometry", gives the rules.
import type { z } from "zod";
import { ROM_FINGER_ALIASES, ROM_FINGERS, ROM_WRIST_MOTIONS, romJointNormal } from "@/lib/assessments/kinds/rom";

/** One measured joint as records carry it (the report view's joint results). */
export interface MeasuredJoint {
  hand: string | null;
  finger: string | null;
  jointType: string | null;
  /** The most extended position, degrees of flexion: positive is an extension deficit, negative hyperextension. */
  minAngle: number | null;
  /** The most flexed position, degrees of flexion. */
  maxAngle: number | null;
  rom: number | null;
  normalRange: readonly [number, number] | null;
}

/** The wrist's maximum extension and flexion, degrees (the record's snapshot). */
export interface WristAngles {
  extension: number | null;
  flexion: number | null;
}

/** One range-of-motion record: when it was taken, which hand it is about, its joints and wrist. */
export interface Measurement {
  code: string;
  date: string;
  hand: string | null;
  joints: MeasuredJoint[];
  wrist?: WristAngles | null;
}

export interface GoniometryCell {
  /** Extension from neutral, degrees, as ASSH records it: negative an extension deficit, positive hyperextension; null when the record has no angles. */
  extension: number | null;
  /** Flexion, degrees; null when the record has no angles. */
  flexion: number | null;
  /** Active range of motion (the arc), degrees (rounded). */
  arc: number;
  /** Arc degrees since the joint's first measurement in the table; null in that first column. */
  change: number | null;
  /** Under 90% of the normal range's span: camera measurement is not finer than that. */
  belowNormal: boolean;
}

export interface GoniometryJointRow {
  joint: string;
  normal: readonly [number, number] | null;
  cells: Array<GoniometryCell | null>;
}

export interface GoniometryWristCell {
  /** Degrees (rounded). */
  value: number;
  change: number | null;
  belowNormal: boolean;
}

export interface GoniometryWristRow {
  motion: (typeof ROM_WRIST_MOTIONS)[number]["motion"];
  normal: readonly [number, number];
  cells: Array<GoniometryWristCell | null>;
}

export interface GoniometryTam {
  /** ASSH total active motion, degrees: Σ flexion − Σ extension deficits; null unless every joint of the finger was measured. */
  value: number | null;
  change: number | null;
  /** This TAM as a percentage of the same finger's TAM on the other hand (its latest by then, else its first); null when that hand has none. */
  ofOtherHand: number | null;
}

export interface GoniometryFinger {
  finger: (typeof ROM_FINGERS)[number]["finger"];
  label: string;
  joints: GoniometryJointRow[];
  tam: GoniometryTam[];
}

export interface GoniometryTable {
  hand: "LEFT" | "RIGHT";
  /** One column per record: its code and ISO instant, oldest first. */
  columns: Array<{ code: string; date: string }>;
  /** The wrist's extension and flexion; empty when no record of this hand carries them. */
  wrist: GoniometryWristRow[];
  fingers: GoniometryFinger[];
}

/** A submitted joint's contradiction of its own angles: the member named and why. */
export interface JointAngleIssue {
  field: "rom" | "maxAngle";
  message: string;
}

/** How far a submitted `rom` may stand from `maxAngle − minAngle`: the camera reports whole and rounded degrees. */
const ROM_TOLERANCE_DEGREES = 1;

const BELOW_NORMAL = 0.9;
const SIDES = ["RIGHT", "LEFT"] as const;
type Side = (typeof SIDES)[number];

/**
 * What is wrong with a submitted joint's angles: a maximum below its minimum, or a `rom` further
 * than ROM_TOLERANCE_DEGREES from `maxAngle − minAngle`. Empty when the joint is consistent or
 * does not carry the angles to tell.
 */
export function jointAngleIssues(joint: { minAngle?: number | null; maxAngle?: number | null; rom?: number | null }): JointAngleIssue[] {
  const { minAngle, maxAngle, rom } = joint;
  if (typeof minAngle !== "number" || typeof maxAngle !== "number") return [];
  if (maxAngle < minAngle) return [{ field: "maxAngle", message: `maxAngle ${maxAngle} is below minAngle ${minAngle}` }];
  if (typeof rom === "number" && Math.abs(rom - (maxAngle - minAngle)) > ROM_TOLERANCE_DEGREES)
    return [
      {
        field: "rom",
        message: `rom ${rom} is not maxAngle − minAngle (${maxAngle - minAngle}) within ${ROM_TOLERANCE_DEGREES}°`,
      },
    ];
  return [];
}

/** The ROM joint input schema's refinement: each issue of jointAngleIssues as a 400 naming its member (e.g. `joints.3.rom`). */
export function checkJointAngles(joint: Parameters<typeof jointAngleIssues>[0], ctx: z.RefinementCtx): void {
  for (const issue of jointAngleIssues(joint)) ctx.addIssue({ code: "custom", path: [issue.field], message: issue.message });
}

/** `n` rounded, never −0. */
const whole = (n: number) => Math.round(n) || 0;

const fingerKey = (finger: string | null) => (finger ? (ROM_FINGER_ALIASES[finger.toUpperCase()] ?? finger.toUpperCase()) : null);

/** The joints of `m` measured on `side`: a joint names its hand, else the record's hand does. */
function jointsOn(m: Measurement, side: Side): MeasuredJoint[] {
  return m.joints.filter((j) => (j.hand === "LEFT" || j.hand === "RIGHT" ? j.hand : m.hand) === side);
}

/** The wrist's angles of `m` when it is about `side` and carries any. */
function wristOn(m: Measurement, side: Side): WristAngles | null {
  if (m.hand !== side || !m.wrist) return null;
  return m.wrist.extension === null && m.wrist.flexion === null ? null : m.wrist;
}

function cellOf(j: MeasuredJoint, normal: readonly [number, number] | null): Omit<GoniometryCell, "change"> {
  const angles = j.minAngle !== null && j.maxAngle !== null;
  return {
    extension: angles ? whole(-j.minAngle!) : null,
    flexion: angles ? whole(j.maxAngle!) : null,
    arc: whole(j.rom!),
    belowNormal: normal !== null && j.rom! < BELOW_NORMAL * (normal[1] - normal[0]),
  };
}

/**
 * A joint's part of the ASSH total active motion: its flexion less its extension deficit, so
 * hyperextension adds nothing and a lag subtracts. A joint recorded without its angles counts its arc.
 */
function tamPart(cell: GoniometryCell): number {
  if (cell.extension === null || cell.flexion === null) return cell.arc;
  return Math.max(0, cell.flexion) - Math.max(0, -cell.extension);
}

/** Each value's change since the row's first value; null for that first one and for gaps. */
function changesSinceFirst(values: Array<number | null>): Array<number | null> {
  const firstAt = values.findIndex((v) => v !== null);
  return values.map((v, i) => (v === null || i === firstAt ? null : v - values[firstAt]!));
}

function handTable(sorted: Measurement[], side: Side): GoniometryTable | null {
  const records = sorted.filter(
    (m) => wristOn(m, side) !== null || jointsOn(m, side).some((j) => j.rom !== null && fingerKey(j.finger) !== null),
  );
  if (records.length === 0) return null;
  const lookup = records.map((m) => {
    const byJoint = new Map<string, MeasuredJoint>();
    for (const j of jointsOn(m, side))
      if (j.rom !== null && j.jointType) byJoint.set(`${fingerKey(j.finger)}:${j.jointType.toUpperCase()}`, j);
    return byJoint;
  });
  const wrist = ROM_WRIST_MOTIONS.map(({ motion, normal }): GoniometryWristRow => {
    const degrees = records.map((m) => wristOn(m, side)?.[motion] ?? null);
    const changes = changesSinceFirst(degrees.map((d) => (d === null ? null : whole(d))));
    const cells = degrees.map((d, i) =>
      d === null ? null : { value: whole(d), change: changes[i]!, belowNormal: d < BELOW_NORMAL * (normal[1] - normal[0]) },
    );
    return { motion, normal, cells };
  }).filter((row) => row.cells.some((cell) => cell !== null));
  const fingers = ROM_FINGERS.map(({ finger, label, joints }): GoniometryFinger => {
    const rows = joints.map((joint): GoniometryJointRow => {
      const measured = lookup.map((byJoint) => byJoint.get(`${finger}:${joint}`) ?? null);
      const normal = measured.find((j) => j?.normalRange)?.normalRange ?? romJointNormal(finger, joint);
      const changes = changesSinceFirst(measured.map((j) => (j === null ? null : whole(j.rom!))));
      return { joint, normal, cells: measured.map((j, i) => (j === null ? null : { ...cellOf(j, normal), change: changes[i]! })) };
    });
    const totals = records.map((_, column) => {
      const cells = rows.map((row) => row.cells[column]);
      return cells.every((cell) => cell !== null) ? cells.reduce((sum, cell) => sum + tamPart(cell!), 0) : null;
    });
    const changes = changesSinceFirst(totals);
    const tam = totals.map((value, i): GoniometryTam => ({ value, change: changes[i]!, ofOtherHand: null }));
    return { finger, label, joints: rows, tam };
  }).filter((f) => f.joints.some((row) => row.cells.some((cell) => cell !== null)));
  return { hand: side, columns: records.map((m) => ({ code: m.code, date: m.date })), wrist, fingers };
}

/**
 * Each finger's TAM as a percentage of the other hand's: its latest measured by then, or its first
 * when the other hand was measured only later.
 */
function compareHands(table: GoniometryTable, other: GoniometryTable): GoniometryTable {
  const fingers = table.fingers.map((finger) => {
    const theirs = other.fingers.find((f) => f.finger === finger.finger);
    const measured = (theirs?.tam ?? []).flatMap((tam, i) =>
      tam.value ? [{ value: tam.value, at: Date.parse(other.columns[i]!.date) }] : [],
    );
    const tam = finger.tam.map((own, column) => {
      if (own.value === null || measured.length === 0) return own;
      const at = Date.parse(table.columns[column]!.date);
      const reference = measured.findLast((m) => m.at <= at) ?? measured[0]!;
      return { ...own, ofOtherHand: Math.round((100 * own.value) / reference.value) };
    });
    return { ...finger, tam };
  });
  return { ...table, fingers };
}

/** The table's columns at `keep`, every row's cells with them. */
function pickColumns(table: GoniometryTable, keep: number[]): GoniometryTable {
  const pick = <T>(cells: T[]) => keep.map((i) => cells[i]!);
  return {
    ...table,
    columns: pick(table.columns),
    wrist: table.wrist.map((row) => ({ ...row, cells: pick(row.cells) })),
    fingers: table.fingers.map((f) => ({ ...f, joints: f.joints.map((row) => ({ ...row, cells: pick(row.cells) })), tam: pick(f.tam) })),
  };
}

/**
 * One table per measured hand, right hand first; `maxColumns` keeps the first measurement and the
 * latest ones (the change since the first stays readable).
 */
export function goniometryTables(measurements: Measurement[], maxColumns = Infinity): GoniometryTable[] {
  const sorted = [...measurements].sort((a, b) => Date.parse(a.date) - Date.parse(b.date));
  const tables = SIDES.flatMap((side) => handTable(sorted, side) ?? []);
  return tables
    .map((table) => {
      const other = tables.find((t) => t.hand !== table.hand);
      return other ? compareHands(table, other) : table;
    })
    .map((table) => {
      const count = table.columns.length;
      if (count <= maxColumns) return table;
      const latest = Math.max(1, maxColumns - 1);
      return pickColumns(table, [0, ...Array.from({ length: latest }, (_, i) => count - latest + i)]);
    });
}

/** Extension as ASSH writes it: "+10" hyperextension, "−25" an extension deficit, "0". */
export function formatExtension(extension: number): string {
  if (extension === 0) return "0";
  return extension > 0 ? `+${extension}` : `−${Math.abs(extension)}`;
}

/** A joint cell as therapists write it, extension/flexion ("−25/70"); null when the record has no angles. */
export function jointNotation(cell: GoniometryCell): string | null {
  return cell.extension === null || cell.flexion === null ? null : `${formatExtension(cell.extension)}/${cell.flexion}`;
}

/** Whether a camera record was recorded in poor lighting (its angles and touches may be less accurate). */
export function recordedInPoorLight(item: { resultSnapshot: Record<string, unknown> }): boolean {
  return item.resultSnapshot.lightingQuality === "POOR";
}

/** "+12°", "−5°", "±0°" for a change; "" when there is none to show. */
export function formatChange(change: number | null): string {
  if (change === null) return "";
  if (change === 0) return "±0°";
  return change > 0 ? `+${change}°` : `−${Math.abs(change)}°`;
}

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const asNumber = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : null);
const asText = (value: unknown) => (typeof value === "string" ? value : null);

/** The wrist's angles a record's snapshot carries (the range-of-motion kind's extensionDeg and flexionDeg). */
function wristOf(snapshot: unknown): WristAngles | null {
  const s = asRecord(snapshot);
  const [extension, flexion] = ROM_WRIST_MOTIONS.map(({ key }) => asNumber(s[key]));
  return extension === null && flexion === null ? null : { extension: extension ?? null, flexion: flexion ?? null };
}

/** Records as the report view and the lookup carry them, as the table's measurements. */
export function measurementsOf(
  records: Array<{
    code: string;
    dateCreated: string;
    hand: string | null;
    resultSnapshot?: Record<string, unknown>;
    results: { joints: MeasuredJoint[] };
  }>,
): Measurement[] {
  return records.map((r) => ({
    code: r.code,
    date: r.dateCreated,
    hand: r.hand,
    joints: r.results.joints,
    wrist: wristOf(r.resultSnapshot),
  }));
}

/**
 * Records as the assessment history carries them (GET /patients/{id}/assessments: each with its
 * snapshot and results tree, ROM's `handResults[].jointResults[]`), as the table's measurements.
 */
export function measurementsFromHistory(
  records: Array<{
    code: string;
    dateCreated: string;
    hand: string | null;
    resultSnapshot?: Record<string, unknown> | null;
    results: Record<string, unknown> | null;
  }>,
): Measurement[] {
  return records.map((r) => {
    const hands = asRecord(r.results).handResults;
    const joints = (Array.isArray(hands) ? hands : []).flatMap((handResult) => {
      const { hand, jointResults } = asRecord(handResult);
      return (Array.isArray(jointResults) ? jointResults : []).map((value): MeasuredJoint => {
        const j = asRecord(value);
        const [low, high] = Array.isArray(j.normalRange) ? j.normalRange.map(asNumber) : [];
        return {
          hand: asText(hand),
          finger: asText(j.finger),
          jointType: asText(j.jointType),
          minAngle: asNumber(j.minAngle),
          maxAngle: asNumber(j.maxAngle),
          rom: asNumber(j.rom),
          normalRange: typeof low === "number" && typeof high === "number" ? [low, high] : null,
        };
      });
    });
    return { code: r.code, date: r.dateCreated, hand: r.hand, joints, wrist: wristOf(r.resultSnapshot) };
  });
}
