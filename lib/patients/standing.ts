// A patient's standing in words: each test (and hand) judged on its own measure, and why the
// attention flag is up or a result should be measured again. The judgement comes from
// patient_standings (prisma/functions.sql); the list, the profile, the narrative and the pages all
// word it through these functions, in the measure's own units and direction.
import { KINDS, byKind } from "@/lib/assessments/kinds";
import { primaryMeasure, roundTo, type KindModule, type MetricSpec } from "@/lib/assessments/kinds/kind";
import type { ReadAssessmentType } from "@/lib/assessments/types";
import { createTranslator } from "use-intl/core";
import { DEFAULT_LOCALE } from "@/lib/i18n/locales";
import { MESSAGES } from "@/lib/i18n/messages";
import { reasonText, unitAfter, type ReasonWords } from "@/lib/patients/reason-words";
import { ENGLISH } from "@/lib/report-view/words";
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

const shown = (spec: MetricSpec, value: number) => roundTo(value, spec.digits ?? 1);

const english = createTranslator({ locale: DEFAULT_LOCALE, messages: MESSAGES[DEFAULT_LOCALE], namespace: "attentionReason" });

/** The wire's words for a reason: English, as API clients have always read them. */
const ENGLISH_REASONS: ReasonWords = { t: (key, values) => english(key, values), number: ENGLISH.number };

/**
 * Why the flag is up, then what to measure again: each judged test's confirmed decline, largest in
 * MCIDs first, each judged test whose latest result is low, each result to re-measure. The
 * re-measures are listed whether or not the flag is up; a review hides the rest until a newer result.
 */
export function attentionReasons(tests: TestStanding[], needsAttention: boolean): AttentionReason[] {
  const judged = tests.filter((t) => t.judged && t.measure);
  const reason = (kind: AttentionReason["reason"], t: TestStanding, drop: number | null): AttentionReason => ({
    reason: kind,
    test: t.test,
    hand: t.hand,
    drop,
    text: reasonText({ reason: kind }, t, ENGLISH_REASONS),
  });
  const declines = needsAttention
    ? judged
        .filter((t) => t.clinicalDecline)
        .sort((a, b) => (b.measure!.urgency ?? 0) - (a.measure!.urgency ?? 0))
        .map((t) => reason("test_declining", t, t.drop))
    : [];
  const lows = needsAttention ? judged.filter((t) => t.measure!.low).map((t) => reason("low_score", t, null)) : [];
  const remeasures = judged.filter((t) => t.measure!.remeasure).map((t) => reason("remeasure", t, t.drop || null));
  return [...declines, ...lows, ...remeasures];
}

/** "(0–100, higher is worse)"; "(higher is worse)" after a value that names its scale ("4/10"). */
function directionWords(spec: MetricSpec): string {
  if (!spec.direction) return "";
  const direction = spec.direction === "higherIsBetter" ? "higher is better" : "higher is worse";
  return spec.scale && !unitAfter(spec) ? ` (${spec.scale[0]}–${spec.scale[1]}, ${direction})` : ` (${direction})`;
}

/**
 * One test in a sentence on its own measure, its direction as a clinician writes it:
 * "Worst pain (both hands) 1.5 → 4/10 (higher is worse), declining", "QuickDASH 20.5 → 38.6
 * (0–100, higher is worse), declining", "Range of motion (right) 70 (0–100, higher is better), one result so far", with the other hand's share and "not judged"
 * for the hand the profile does not name as affected.
 */
export function testLine(t: TestStanding): string {
  const kind = KINDS[t.test];
  const spec = primaryMeasure(kind);
  const m = t.measure;
  const name = measureName(kind, spec, t.hand);
  if (!m) return `${name}: no value on its own scale`;
  const scale = `${unitAfter(spec)}${directionWords(spec)}`;
  const figures =
    m.previousValue === null
      ? `${shown(spec, m.value)}${scale}, one result so far`
      : `${shown(spec, m.previousValue)} → ${shown(spec, m.value)}${scale}, ${TREND_WORDS[t.trend]}`;
  const extras = [
    t.otherHandPercent !== null ? `${t.otherHandPercent} % of the other hand` : null,
    t.judged ? null : "the unaffected hand, not judged",
  ].filter(Boolean);
  return extras.length ? `${name} ${figures} (${extras.join("; ")})` : `${name} ${figures}`;
}
