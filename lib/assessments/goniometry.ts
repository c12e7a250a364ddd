// The therapist's goniometry table: one row per finger joint (grouped by finger, in the order of
// the range-of-motion kind), one column per measurement date, each cell the joint's active range
// of motion with its change since the first measurement, and a total active motion (TAM) row per
// finger. One table per hand, so the other hand can be shown beside it. Pure: the report page,
// the PDF, the provider's patient page and the lookup page all draw this model.
import { ROM_FINGER_ALIASES, ROM_FINGERS, romJointNormal } from "@/lib/assessments/kinds/rom";

/** One measured joint as records carry it (the report view's joint results). */
export interface MeasuredJoint {
  hand: string | null;
  finger: string | null;
  jointType: string | null;
  rom: number | null;
  normalRange: readonly [number, number] | null;
}

/** One range-of-motion record: when it was taken, which hand it is about, its joints. */
export interface Measurement {
  code: string;
  date: string;
  hand: string | null;
  joints: MeasuredJoint[];
}

export interface GoniometryCell {
  /** Active range of motion, degrees (rounded). */
  rom: number;
  /** Degrees since the joint's first measurement in the table; null in that first column. */
  change: number | null;
  /** Under 90% of the normal range's span: camera measurement is not finer than that. */
  belowNormal: boolean;
}

export interface GoniometryJointRow {
  joint: string;
  normal: readonly [number, number] | null;
  cells: Array<GoniometryCell | null>;
}

export interface GoniometryTam {
  /** Sum of the finger's joints' active range of motion, degrees; null unless every joint was measured. */
  value: number | null;
  change: number | null;
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
  fingers: GoniometryFinger[];
}

const BELOW_NORMAL = 0.9;
const SIDES = ["RIGHT", "LEFT"] as const;

const fingerKey = (finger: string | null) => (finger ? (ROM_FINGER_ALIASES[finger.toUpperCase()] ?? finger.toUpperCase()) : null);

/** The joints of `m` measured on `side`: a joint names its hand, else the record's hand does. */
function jointsOn(m: Measurement, side: (typeof SIDES)[number]): MeasuredJoint[] {
  return m.joints.filter((j) => (j.hand === "LEFT" || j.hand === "RIGHT" ? j.hand : m.hand) === side);
}

/**
 * One table per hand with finger-joint measurements, right hand first; `maxColumns` keeps the
 * first measurement and the latest ones (the change since the first stays readable).
 */
export function goniometryTables(measurements: Measurement[], maxColumns = Infinity): GoniometryTable[] {
  const sorted = [...measurements].sort((a, b) => Date.parse(a.date) - Date.parse(b.date));
  return SIDES.flatMap((side) => {
    let records = sorted.filter((m) => jointsOn(m, side).some((j) => j.rom !== null && fingerKey(j.finger) !== null));
    if (records.length === 0) return [];
    if (records.length > maxColumns) records = [records[0]!, ...records.slice(records.length - Math.max(1, maxColumns - 1))];
    const lookup = records.map((m) => {
      const byJoint = new Map<string, MeasuredJoint>();
      for (const j of jointsOn(m, side))
        if (j.rom !== null && j.jointType) byJoint.set(`${fingerKey(j.finger)}:${j.jointType.toUpperCase()}`, j);
      return byJoint;
    });
    const fingers = ROM_FINGERS.map(({ finger, label, joints }): GoniometryFinger => {
      const rows = joints.map((joint): GoniometryJointRow => {
        const measured = lookup.map((byJoint) => byJoint.get(`${finger}:${joint}`) ?? null);
        const normal = measured.find((j) => j?.normalRange)?.normalRange ?? romJointNormal(finger, joint);
        const first = measured.find((j) => j !== null);
        const cells = measured.map((j) => {
          if (!j || j.rom === null) return null;
          const rom = Math.round(j.rom);
          return {
            rom,
            change: j === first ? null : rom - Math.round(first!.rom!),
            belowNormal: normal !== null && j.rom < BELOW_NORMAL * (normal[1] - normal[0]),
          };
        });
        return { joint, normal, cells };
      });
      const totals = records.map((_, column) => {
        const cells = rows.map((row) => row.cells[column]);
        return cells.every((cell) => cell !== null) ? cells.reduce((sum, cell) => sum + cell!.rom, 0) : null;
      });
      const firstTotal = totals.find((total) => total !== null) ?? null;
      const firstAt = totals.indexOf(firstTotal);
      const tam = totals.map((value, column) => ({
        value,
        change: value === null || firstTotal === null || column === firstAt ? null : value - firstTotal,
      }));
      return { finger, label, joints: rows, tam };
    }).filter((f) => f.joints.some((row) => row.cells.some((cell) => cell !== null)));
    return [{ hand: side, columns: records.map((m) => ({ code: m.code, date: m.date })), fingers }];
  });
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

/** Records as the report view and the lookup carry them, as the table's measurements. */
export function measurementsOf(
  records: Array<{ code: string; dateCreated: string; hand: string | null; results: { joints: MeasuredJoint[] } }>,
): Measurement[] {
  return records.map((r) => ({ code: r.code, date: r.dateCreated, hand: r.hand, joints: r.results.joints }));
}

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const asNumber = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : null);
const asText = (value: unknown) => (typeof value === "string" ? value : null);

/**
 * Records as the assessment history carries them (GET /patients/{id}/assessments: each with its
 * results tree, ROM's `handResults[].jointResults[]`), as the table's measurements.
 */
export function measurementsFromHistory(
  records: Array<{ code: string; dateCreated: string; hand: string | null; results: Record<string, unknown> | null }>,
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
          rom: asNumber(j.rom),
          normalRange: typeof low === "number" && typeof high === "number" ? [low, high] : null,
        };
      });
    });
    return { code: r.code, date: r.dateCreated, hand: r.hand, joints };
  });
}
