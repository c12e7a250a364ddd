// A patient's standing in words: each test (and hand) compared only with itself, and why the
// attention flag is up. The figures come from patient_standings (prisma/functions.sql); the list, the profile, the narrative and the pages all word
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

/** What raises the flag: every test that fell (since its previous or its first result) by more than its kind's MCID, then a latest overall score below 40. */
export function attentionReasons(tests: TestStanding[], score: number | null): AttentionReason[] {
  const reasons: AttentionReason[] = tests
    .filter((t) => t.clinicalDecline)
    .map((t) => {
      const drop = Math.round(t.drop * 10) / 10;
      const sincePrevious = t.previousScore !== null && t.previousScore - t.score >= t.firstScore - t.score;
      const [since, from] = sincePrevious ? ["the previous result", t.previousScore!] : ["the first result", t.firstScore];
      return {
        reason: "test_declining",
        test: t.test,
        hand: t.hand,
        drop,
        text: `${testLabel(t.test, t.hand)} down ${oneDecimal(drop)} points since ${since}, ${oneDecimal(from)} → ${oneDecimal(t.score)} (clinically important: more than ${oneDecimal(t.mcid)})`,
      };
    });
  if (score !== null && score < ATTENTION_BELOW) {
    reasons.push({
      reason: "low_score",
      test: null,
      hand: null,
      drop: null,
      text: `Overall score ${oneDecimal(score)} is below ${ATTENTION_BELOW}`,
    });
  }
  return reasons;
}
