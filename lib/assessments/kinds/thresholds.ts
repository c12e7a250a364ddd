// What the standings' SQL (prisma/functions.sql) judges each test by, generated from the measure
// model: each kind's own measure (its snapshot key, direction, MCID and low threshold) and what
// makes a result too poor to judge. lib/db/functions.ts renders it into the SQL when applied; the
// list's words (lib/patients/standing.ts) read the same declarations.
import { KIND_LIST } from "@/lib/assessments/kinds";
import { primaryMeasure } from "@/lib/assessments/kinds/kind";

/** A camera result whose wrist had fewer usable frames than this (percent) is re-measured, not judged: this service's own choice. */
export const MIN_VALID_FRAMES_PERCENT = 50;

/** The lighting a camera result records when it cannot be trusted (lib/assessments/goniometry.ts recordedInPoorLight). */
export const POOR_LIGHTING = "POOR";

/** What the SQL receives for one test: its measure on its own scale. */
export interface MeasureRule {
  /** The read name the standings carry (DEXTERITY for FINGER_TAPPING). */
  test: string;
  key: string;
  higherIsBetter: boolean;
  points: number;
  fraction: number | null;
  lowAt: number | null;
}

function measureRule(kind: (typeof KIND_LIST)[number]): MeasureRule {
  const spec = primaryMeasure(kind);
  if (!spec.direction || !spec.mcid) throw new Error(`${kind.type}'s measure declares no direction or MCID`);
  return {
    test: kind.type,
    key: spec.key,
    higherIsBetter: spec.direction === "higherIsBetter",
    points: spec.mcid.points,
    fraction: spec.mcid.fraction ?? null,
    lowAt: spec.low?.at ?? null,
  };
}

/** Each kind's rule by its stored name (the name the assessments table holds). */
export function standingThresholds() {
  return {
    measures: Object.fromEntries(KIND_LIST.map((kind) => [kind.stored, measureRule(kind)])),
    poorLighting: POOR_LIGHTING,
    minValidFramesPercent: MIN_VALID_FRAMES_PERCENT,
  };
}
