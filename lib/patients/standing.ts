// A patient's standing in words: each test (and hand) compared only with itself, and why the
// attention flag is up. The figures come from patient_standings (migration
// 20261123120000_trend_per_test); the list, the profile, the narrative and the pages all word
// them through these functions, so every view names the same test for the same flag.
import { ATTENTION_BELOW } from "@/lib/patients/scores";
import { byKind } from "@/lib/assessments/kinds";
import type { ReadAssessmentType } from "@/lib/assessments/types";
import type { AttentionReason, TestStanding, TestTrendWord } from "@/lib/patients/schemas";

export const TEST_NAMES: Record<ReadAssessmentType, string> = byKind((kind) => kind.shortName);

const HAND_NAMES = { LEFT: "left", RIGHT: "right", BOTH: "both hands" } as const;

export const TREND_WORDS: Record<TestTrendWord, string> = {
  improving: "improving",
  declining: "declining",
  stable: "stable",
  insufficient: "not enough data",
};

/** "Pain (both hands)", "Range of motion (right)", "Thumb". */
export function testLabel(test: ReadAssessmentType, hand: TestStanding["hand"]): string {
  return hand ? `${TEST_NAMES[test]} (${HAND_NAMES[hand]})` : TEST_NAMES[test];
}

export const oneDecimal = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));

/** What raises the flag: every declining test, then a latest overall score below 40. */
export function attentionReasons(tests: TestStanding[], score: number | null): AttentionReason[] {
  const reasons: AttentionReason[] = tests
    .filter((t) => t.trend === "declining")
    .map((t) => ({
      reason: "test_declining",
      test: t.test,
      hand: t.hand,
      text: `${testLabel(t.test, t.hand)} declining: ${oneDecimal(t.previousScore!)} → ${oneDecimal(t.score)}`,
    }));
  if (score !== null && score < ATTENTION_BELOW) {
    reasons.push({ reason: "low_score", test: null, hand: null, text: `Overall score ${oneDecimal(score)} is below ${ATTENTION_BELOW}` });
  }
  return reasons;
}
