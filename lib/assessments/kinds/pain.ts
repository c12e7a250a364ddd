// Pain: located 0-10 ratings; the headline is 100 × (1 − worst/10), so higher is less pain.
import { PAIN_LABELS } from "@/lib/assessments/vocabulary";
import { line, num, wordFacts, type KindModule } from "@/lib/assessments/kinds/kind";

/**
 * Pain's headline: the worst entry, and 100 × (1 − maxSeverity/10) as its score. A session
 * without entries gave no rating: both are null, never 0/10 ("no pain", a score of 100).
 */
export function painScores(entries: readonly { severity: number }[]): { maxSeverity: number | null; overallScore: number | null } {
  if (entries.length === 0) return { maxSeverity: null, overallScore: null };
  const maxSeverity = entries.reduce((max, entry) => Math.max(max, entry.severity), 0);
  return { maxSeverity, overallScore: 100 * (1 - maxSeverity / 10) };
}

export const painLabel = (severity: number) => PAIN_LABELS[Math.min(10, Math.max(0, Math.round(severity)))]!;

export const pain = {
  type: "PAIN",
  stored: "PAIN",
  name: "Pain",
  shortName: "Pain",
  spoken: "pain",
  headline: (s) => num(s.overallScore),
  ownScale: { name: "worst pain", fromHeadline: (headline) => Math.round(100 - headline) / 10, max: 10 },
  metrics: [
    {
      key: "maxSeverity",
      label: "Worst pain",
      unit: "severity",
      scale: [0, 10],
      direction: "higherIsWorse",
      mcid: {
        points: 2,
        fraction: 0.3,
        source: "2 points or 30 % on the 0-10 pain numerical rating scale, inclusive (Farrar et al., Pain 2001;94(2):149-158).",
      },
      low: { at: 7, source: "Severe pain, 7-10 on the 0-10 numerical rating scale (Serlin et al., Pain 1995;61(2):277-284)." },
    },
  ],
  measure: "maxSeverity",
  facts: (s) =>
    wordFacts(s, [
      ["Pain type", "painType"],
      ["Time of day", "timeOfDay"],
      ["Mode", "mode"],
    ]),
  summary: (s, w) => {
    const worst = num(s.maxSeverity);
    const areas = Array.isArray(s.entries) ? w.say("areas", { count: s.entries.length }) : null;
    return line(worst === null ? w.say("pain") : w.say("painMax", { value: w.number(worst, 0) }), areas);
  },
  scoreColumn: "painScore",
  notes: [
    { label: "where", key: "entries", item: "painArea" },
    { label: "medication", key: "medications", item: "medication" },
    { label: "selfCare", key: "strategies", item: "token" },
    { label: "comments", key: "comments", item: "text" },
  ],
  voice: { words: /\bpain/i, prepare: "You'll mark where it hurts on the screen and rate each place from 0 to 10" },
  fhir: {
    ownCode: "pain",
    display: "Hand pain self-assessment",
    definition: "Self-reported pain by location (0-10), with medications and strategies",
    valueKey: "maxSeverity",
    text: "Hand pain, worst severity (0-10)",
    category: "survey",
    noteKey: "comments",
  },
} as const satisfies KindModule;
