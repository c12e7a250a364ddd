// A patient's standing in words: each test (and hand) judged on its own measure, and why the
// attention flag is up or a result should be measured again. The judgement comes from
// patient_standings (prisma/functions.sql); the list, the profile, the narrative and the pages all
// word it through these functions, in the measure's own units and direction.
import { KINDS, byKind } from "@/lib/assessments/kinds";
import { primaryMeasure, type MetricSpec } from "@/lib/assessments/kinds/kind";
import type { ReadAssessmentType } from "@/lib/assessments/types";
import { createTranslator } from "use-intl/core";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locales";
import { MESSAGES } from "@/lib/i18n/messages";
import { reasonText, unitAfter, type ReasonWords } from "@/lib/patients/reason-words";
import { ENGLISH, wordsFor, type Words } from "@/lib/report-view/words";
import type { ATTENTION_GROUPS, AttentionReason, TestStanding } from "@/lib/patients/schemas";

export const TEST_NAMES: Record<ReadAssessmentType, string> = byKind((kind) => kind.shortName);

const HAND_NAMES = { LEFT: "left", RIGHT: "right", BOTH: "both hands" } as const;

export type AttentionGroup = (typeof ATTENTION_GROUPS)[number];

/** The list's group of an attention rank (patient_standings.attention_rank). */
export const ATTENTION_GROUP_OF_RANK: Record<number, AttentionGroup | null> = { 0: "decline", 1: "low", 2: "remeasure", 3: null };

/** "Pain (both hands)", "Range of motion (right)", "Thumb". */
export function testLabel(test: ReadAssessmentType, hand: TestStanding["hand"]): string {
  return hand ? `${TEST_NAMES[test]} (${HAND_NAMES[hand]})` : TEST_NAMES[test];
}

export const oneDecimal = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));

/** A reason's words in `locale`: the catalogue's "attentionReason" with the language's numbers. */
export function reasonWords(locale: Locale): ReasonWords {
  const t = createTranslator({ locale, messages: MESSAGES[locale], namespace: "attentionReason" });
  return { t: (key, values) => t(key, values), number: wordsFor(locale).number };
}

/** The wire's words for a reason: English, as API clients have always read them. */
const ENGLISH_REASONS = reasonWords(DEFAULT_LOCALE);

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
function directionWords(spec: MetricSpec, w: Words): string {
  if (!spec.direction) return "";
  const direction = w.t(spec.direction === "higherIsBetter" ? "narrative.higherIsBetter" : "narrative.higherIsWorse");
  return spec.scale && !unitAfter(spec)
    ? w.t("narrative.scaleDirection", { low: spec.scale[0], high: spec.scale[1], direction })
    : w.t("narrative.direction", { direction });
}

/**
 * One test in a sentence on its own measure, its direction as a clinician writes it:
 * "Worst pain (both hands) 1.5 → 4/10 (higher is worse), declining", "QuickDASH 20.5 → 38.6
 * (0–100, higher is worse), declining", "Range of motion (right) 70 (0–100, higher is better), one result so far", with the other hand's share and "not judged"
 * for the hand the profile does not name as affected.
 */
export function testLine(t: TestStanding, w: Words = ENGLISH): string {
  const spec = primaryMeasure(KINDS[t.test]);
  const m = t.measure;
  const measure = w.t(`attentionReason.measures.${t.test}`);
  const name = t.hand ? w.t("attentionReason.withHand", { name: measure, hand: w.t(`attentionReason.hands.${t.hand}`) }) : measure;
  if (!m) return w.t("narrative.noValue", { name });
  const shown = (value: number) => w.number(value, spec.digits ?? 1);
  const scale = `${unitAfter(spec)}${directionWords(spec, w)}`;
  const figures =
    m.previousValue === null
      ? w.t("narrative.oneResult", { value: shown(m.value), scale })
      : w.t("narrative.change", { from: shown(m.previousValue), value: shown(m.value), scale, trend: w.t(`narrative.trend.${t.trend}`) });
  const extras = [
    t.otherHandPercent !== null ? w.t("narrative.otherHand", { percent: w.number(t.otherHandPercent) }) : null,
    t.judged ? null : w.t("narrative.notJudged"),
  ].filter(Boolean);
  return extras.length ? `${name} ${figures} (${extras.join("; ")})` : `${name} ${figures}`;
}
