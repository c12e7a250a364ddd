// The standings' thresholds, in one place: the spec's ±2 trend rule, the low-score line and each
// kind's minimal clinically important difference. prisma/functions.sql receives them when it is
// applied (lib/db/functions.ts); the list's words (lib/patients/standing.ts) read the same values.
import { byKind } from "@/lib/assessments/kinds";

/** Spec: a change above +2 is improving, below -2 declining (the `trend` fields). */
export const TREND_POINTS = 2;

/** A latest daily overall score below this needs attention. */
export const ATTENTION_BELOW = 40;

/** Each kind's MCID in points of its 0-100 headline: a drop beyond it raises the attention flag. */
export const MCID_POINTS = byKind((kind) => kind.mcid.points);

export function standingThresholds() {
  return { trend: TREND_POINTS, attentionBelow: ATTENTION_BELOW, mcid: MCID_POINTS };
}
