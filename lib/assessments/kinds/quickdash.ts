// QuickDASH: the 11-item shortened Disabilities of the Arm, Shoulder and Hand questionnaire,
// with its optional work and sports/performing-arts modules of four items each. Items are
// answered 1 (no difficulty) to 5 (unable); the app owns the wording, the service stores the
// item values and the published scores only. Score = ((sum of answered / number answered) − 1)
// × 25, 0-100, higher is more disability; at most one of the 11 items may be unanswered, and a
// module counts only with all four items (Beaton et al., J Bone Joint Surg Am 2005;87(5):1038-1046;
// the scoring rules at https://dash.iwh.on.ca/). overallScore = 100 − quickDashScore keeps the
// lists' and charts' "higher is better".
import { line, num, type KindModule, type Snapshot } from "@/lib/assessments/kinds/kind";

/** The published rule on the answered items, to two decimals; null with none answered. The browser's questionnaire scores with it too. */
export function dashScore(items: readonly (number | null)[]): number | null {
  const answered = items.filter((value): value is number => value !== null);
  if (answered.length === 0) return null;
  const mean = answered.reduce((sum, value) => sum + value, 0) / answered.length;
  return Math.round((mean - 1) * 25 * 100) / 100;
}

const disability = (s: Snapshot) => num(s.quickDashScore);

const QUICKDASH_MCID = {
  points: 15.91,
  source:
    "15.91 points (Franchignoni et al., J Orthop Sports Phys Ther 2014;44(1):30-39); hand and wrist conditions: " +
    "14 points (Sorensen et al., J Hand Surg Am 2013;38(4):641-649).",
};

export const quickdash = {
  type: "QUICKDASH",
  stored: "QUICKDASH",
  name: "QuickDASH questionnaire",
  shortName: "QuickDASH",
  spoken: "QuickDASH questionnaire",
  headline: (s) => num(s.overallScore),
  ownScale: {
    name: "QuickDASH disability",
    fromHeadline: (headline) => Math.round((100 - headline) * 100) / 100,
    max: 100,
    direction: "higher is more disability",
  },
  metrics: [
    {
      key: "quickDashScore",
      label: "QuickDASH disability",
      unit: "score",
      scale: [0, 100],
      direction: "higherIsWorse",
      mcid: QUICKDASH_MCID,
      low: {
        at: 40,
        source:
          "No published cut-off for severe disability was adopted: this service's own choice of 40, two and a half MCIDs from no disability.",
      },
    },
    { key: "workScore", label: "Work module", unit: "score", scale: [0, 100], direction: "higherIsWorse" },
    { key: "sportsMusicScore", label: "Sports/performing arts module", unit: "score", scale: [0, 100], direction: "higherIsWorse" },
    { key: "answeredCount", label: "Items answered", unit: "count", digits: 0 },
  ],
  measure: "quickDashScore",
  facts: () => [],
  summary: (s, w) =>
    line(
      disability(s) === null ? w.say("quickdash") : w.say("quickdashScore", { value: w.number(disability(s)!) }),
      s.workScore != null && w.say("work", { value: w.number(num(s.workScore) ?? 0) }),
    ),
  // No LOINC code for the QuickDASH score could be verified (docs/fhir.md): this service's CodeSystem.
  voice: {
    words: /\b(quick ?dash|questionnaire)/i,
    prepare: "No camera is needed: you'll answer eleven questions on the screen about how hard everyday tasks were over the last week",
  },
  fhir: {
    ownCode: "quickdash",
    display: "QuickDASH score",
    definition: "The 11-item QuickDASH and its optional modules, scored 0-100 as published (higher is more disability)",
    valueKey: "quickDashScore",
    text: "QuickDASH (shortened Disabilities of the Arm, Shoulder and Hand) score",
    category: "survey",
    metricComponents: true,
  },
} as const satisfies KindModule;
