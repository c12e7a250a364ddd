// The finger-tapping test's scoring, from the raw taps of one timed run (docs/clinical.md,
// "Finger tapping in the browser"). Pure and client-safe: the page scores with it, the tests
// check it on recorded series. Four targets, one per finger from index to little, tapped in
// order 1-2-3-4 over and over for RUN_SECONDS with one hand.

export const RUN_SECONDS = 10;
export const TARGETS = 4;
/** Fewer taps than this is no run to score. */
export const MIN_TAPS = 10;
/** A pause this long between taps: the person stopped, most often to change hands. */
export const MAX_GAP_MS = 2000;
/** Correct taps per second that score 100 for speed: this service's own reference, not a norm. */
export const REFERENCE_RATE = 4;

export type Pointer = "touch" | "mouse" | "pen" | "key";

export interface Tap {
  /** Milliseconds since the run started. */
  t: number;
  /** The target tapped (0 to TARGETS − 1), null for a tap beside every target. */
  target: number | null;
  /** Distance from the target's centre over its radius: 0 dead centre, 1 its edge; ignored for a miss. */
  offset: number;
  pointer: Pointer;
  /** Touch points down at the tap: more than one is a second finger or hand on the screen. */
  touches: number;
}

export type Unusable = "tooFewTaps" | "handSwitched";

export interface DexterityFields {
  duration: number;
  overallScore: number;
  speedScore: number;
  touchPrecision: number;
  consistencyScore: number;
  cycleCount: number;
  totalTouches: number;
  sequencesCompleted: number;
  timeTo10Sequences: number | null;
  averageFrequency: number;
  sequenceAccuracy: number;
}

export type TappingResult = { usable: true; fields: DexterityFields; pointer: Pointer } | { usable: false; reason: Unusable };

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
const clamp = (value: number) => Math.min(100, Math.max(0, value));
const mean = (values: readonly number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

/** The pointer most taps were made with: what the result says it was measured with. */
function mainPointer(taps: readonly Tap[]): Pointer {
  const counts = new Map<Pointer, number>();
  for (const tap of taps) counts.set(tap.pointer, (counts.get(tap.pointer) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
}

export function scoreTapping(taps: readonly Tap[], seconds = RUN_SECONDS): TappingResult {
  if (taps.length < MIN_TAPS) return { usable: false, reason: "tooFewTaps" };
  const ordered = [...taps].sort((a, b) => a.t - b.t);
  const intervals = ordered.slice(1).map((tap, i) => tap.t - ordered[i]!.t);
  if (ordered.some((tap) => tap.touches > 1) || intervals.some((gap) => gap > MAX_GAP_MS)) return { usable: false, reason: "handSwitched" };

  let expected = 0;
  let correct = 0;
  let sequences = 0;
  let tenth: number | null = null;
  for (const tap of ordered) {
    if (tap.target !== expected) continue;
    correct += 1;
    expected = (expected + 1) % TARGETS;
    if (expected === 0) {
      sequences += 1;
      if (sequences === 10) tenth = tap.t;
    }
  }
  const intervalMean = mean(intervals);
  const spread = Math.sqrt(mean(intervals.map((gap) => (gap - intervalMean) ** 2)));
  const speedScore = clamp((100 * correct) / seconds / REFERENCE_RATE);
  const touchPrecision = clamp(100 * mean(ordered.map((tap) => (tap.target === null ? 0 : Math.max(0, 1 - tap.offset)))));
  const consistencyScore = clamp(100 * (1 - (intervalMean > 0 ? spread / intervalMean : 1)));
  const sequenceAccuracy = (100 * correct) / ordered.length;
  return {
    usable: true,
    pointer: mainPointer(ordered),
    fields: {
      duration: seconds,
      overallScore: round(mean([speedScore, touchPrecision, consistencyScore, sequenceAccuracy])),
      speedScore: round(speedScore),
      touchPrecision: round(touchPrecision),
      consistencyScore: round(consistencyScore),
      cycleCount: correct,
      totalTouches: ordered.length,
      sequencesCompleted: sequences,
      timeTo10Sequences: tenth === null ? null : round(tenth / 1000, 2),
      averageFrequency: round(ordered.length / seconds, 2),
      sequenceAccuracy: round(sequenceAccuracy),
    },
  };
}
