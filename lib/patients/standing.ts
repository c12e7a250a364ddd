// A patient's standing in words: each test (and hand) judged on its own measure, and why the
// attention flag is up or a result should be measured again. The judgement comes from
// patient_standings (prisma/functions.sql); the list, the profile, the narrative and the pages all
// word it through these functions, in the measure's own units and direction.
import { KINDS, byKind } from "@/lib/assessments/kinds";
import { primaryMeasure, roundTo, type KindModule, type MetricSpec, type MetricUnit } from "@/lib/assessments/kinds/kind";
import type { ReadAssessmentType } from "@/lib/assessments/types";
import type { ATTENTION_GROUPS, AttentionReason, TestStanding, TestTrendWord } from "@/lib/patients/schemas";

export const TEST_NAMES: Record<ReadAssessmentType, string> = byKind((kind) => kind.shortName);

const HAND_NAMES = { LEFT: "left", RIGHT: "right", BOTH: "both hands" } as const;

export const TREND_WORDS: Record<TestTrendWord, string> = {
  improving: "improving",
  declining: "declining",
  stable: "stable",
  insufficient: "not enough data",
};

export type AttentionGroup = (typeof ATTENTION_GROUPS)[number];

/** The list's group of an attention rank (patient_standings.attention_rank). */
export const ATTENTION_GROUP_OF_RANK: Record<number, AttentionGroup | null> = { 0: "decline", 1: "low", 2: "remeasure", 3: null };

/** "Pain (both hands)", "Range of motion (right)", "Thumb". */
export function testLabel(test: ReadAssessmentType, hand: TestStanding["hand"]): string {
  return hand ? `${TEST_NAMES[test]} (${HAND_NAMES[hand]})` : TEST_NAMES[test];
}

export const oneDecimal = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));

/** A 0-100 score is named after its test ("QuickDASH", "Range of motion"); any other measure by its label ("Worst pain"). */
function measureName(kind: KindModule, spec: MetricSpec, hand: TestStanding["hand"]): string {
  const name = spec.unit === "score" ? kind.shortName : spec.label;
  return hand ? `${name} (${HAND_NAMES[hand]})` : name;
}

/** The symbols written after a value of a unit that has one. */
const SYMBOL_AFTER: Partial<Record<MetricUnit, string>> = { degree: "°", kg: " kg", percent: " %" };

/** "/10" after a value on a scale other than 0-100 ("4/10"); a unit's symbol ("65°", "22 kg"). */
function unitAfter(spec: MetricSpec): string {
  const symbol = SYMBOL_AFTER[spec.unit];
  if (symbol) return symbol;
  return spec.scale && spec.unit !== "score" ? `/${spec.scale[1]}` : "";
}

const shown = (spec: MetricSpec, value: number) => roundTo(value, spec.digits ?? 1);

/** "+18.1", "−14". */
function signed(value: number): string {
  const text = roundTo(Math.abs(value), 1);
  return value > 0 ? `+${text}` : value < 0 ? `−${text}` : "±0";
}

/** Which part of the MCID a change reached: "≥ 2 points" or "≥ 30 %" where it has a fraction, else the points. */
function mcidReached(spec: MetricSpec, drop: number): string {
  const mcid = spec.mcid!;
  if (mcid.fraction === undefined) return `clinically important ≥ ${mcid.points}`;
  return drop + 1e-9 >= mcid.points ? `≥ ${mcid.points} points` : `≥ ${Math.round(mcid.fraction * 100)} %`;
}

const AGAINST_WORDS = { previous: "the previous result", first: "the first result", best: "the best result" } as const;

function declineText(t: TestStanding, kind: KindModule, spec: MetricSpec): string {
  const m = t.measure!;
  const from = m.fromValue!;
  const change = m.value - from;
  const detail =
    spec.mcid?.fraction === undefined ? `${signed(change)}, worse; ${mcidReached(spec, t.drop)}` : `worse, ${mcidReached(spec, t.drop)}`;
  return `${measureName(kind, spec, t.hand)} ${shown(spec, from)} → ${shown(spec, m.value)}${unitAfter(spec)} (${detail}) since ${AGAINST_WORDS[m.against!]} (${m.fromDate})`;
}

function lowText(t: TestStanding, kind: KindModule, spec: MetricSpec): string {
  const worse = spec.direction === "higherIsBetter" ? "or lower" : "or higher";
  return `${measureName(kind, spec, t.hand)} ${shown(spec, t.measure!.value)}${unitAfter(spec)} (low: ${spec.low!.at}${unitAfter(spec)} ${worse})`;
}

function remeasureText(t: TestStanding, kind: KindModule, spec: MetricSpec): string {
  const m = t.measure!;
  const values = m.fromValue === null ? shown(spec, m.value) : `${shown(spec, m.fromValue)} → ${shown(spec, m.value)}`;
  const why =
    m.remeasure === "poorLight"
      ? "the latest result was recorded in poor light or with few usable frames"
      : `it rests on the ${shown(spec, m.fromValue!)} of ${m.fromDate}, which stands out from the results beside it`;
  return `${measureName(kind, spec, t.hand)} ${values}${unitAfter(spec)}: re-measure to confirm (${why})`;
}

/**
 * Why the flag is up, then what to measure again: each judged test's confirmed decline, largest in
 * MCIDs first, each judged test whose latest result is low, each result to re-measure. The
 * re-measures are listed whether or not the flag is up; a review hides the rest until a newer result.
 */
export function attentionReasons(tests: TestStanding[], needsAttention: boolean): AttentionReason[] {
  const judged = tests.filter((t) => t.judged && t.measure);
  const about = (t: TestStanding) => {
    const kind = KINDS[t.test];
    return { kind, spec: primaryMeasure(kind) };
  };
  const declines = needsAttention
    ? judged
        .filter((t) => t.clinicalDecline)
        .sort((a, b) => (b.measure!.urgency ?? 0) - (a.measure!.urgency ?? 0))
        .map((t): AttentionReason => {
          const { kind, spec } = about(t);
          return { reason: "test_declining", test: t.test, hand: t.hand, drop: t.drop, text: declineText(t, kind, spec) };
        })
    : [];
  const lows = needsAttention
    ? judged
        .filter((t) => t.measure!.low)
        .map((t): AttentionReason => {
          const { kind, spec } = about(t);
          return { reason: "low_score", test: t.test, hand: t.hand, drop: null, text: lowText(t, kind, spec) };
        })
    : [];
  const remeasures = judged
    .filter((t) => t.measure!.remeasure)
    .map((t): AttentionReason => {
      const { kind, spec } = about(t);
      return { reason: "remeasure", test: t.test, hand: t.hand, drop: t.drop || null, text: remeasureText(t, kind, spec) };
    });
  return [...declines, ...lows, ...remeasures];
}

/**
 * One test in a sentence on its own measure: "Worst pain (both hands) 1.5 → 4/10, declining",
 * "Range of motion (right) 70, one result so far", with the other hand's share and "not judged"
 * for the hand the profile does not name as affected.
 */
export function testLine(t: TestStanding): string {
  const kind = KINDS[t.test];
  const spec = primaryMeasure(kind);
  const m = t.measure;
  const name = measureName(kind, spec, t.hand);
  if (!m) return `${name}: no value on its own scale`;
  const figures =
    m.previousValue === null
      ? `${shown(spec, m.value)}${unitAfter(spec)}, one result so far`
      : `${shown(spec, m.previousValue)} → ${shown(spec, m.value)}${unitAfter(spec)}, ${TREND_WORDS[t.trend]}`;
  const extras = [
    t.otherHandPercent !== null ? `${t.otherHandPercent} % of the other hand` : null,
    t.judged ? null : "the unaffected hand, not judged",
  ].filter(Boolean);
  return extras.length ? `${name} ${figures} (${extras.join("; ")})` : `${name} ${figures}`;
}
