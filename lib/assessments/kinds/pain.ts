// Pain: located 0-10 ratings; the headline is 100 × (1 − worst/10), so higher is less pain.
import { PAIN_LABELS } from "@/lib/assessments/vocabulary";
import { formatMetric, line, num, wordFacts, type KindModule } from "@/lib/assessments/kinds/kind";

/** Pain's headline: the worst entry (0 with none), and 100 × (1 − maxSeverity/10) as its score. */
export function painScores(entries: readonly { severity: number }[]): { maxSeverity: number; overallScore: number } {
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
  headlineText: (s) => {
    const worst = num(s.maxSeverity);
    return worst === null ? "No pain rating" : `Worst pain ${formatMetric({ unit: "severity" }, worst)} (${painLabel(worst)})`;
  },
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
  summary: (s) => {
    const worst = num(s.maxSeverity);
    const areas = Array.isArray(s.entries) ? `${s.entries.length} ${s.entries.length === 1 ? "area" : "areas"}` : null;
    return line(worst === null ? "Pain" : `Pain ${Math.round(worst)}/10 max`, areas);
  },
  fhir: {
    ownCode: "pain",
    display: "Hand pain self-assessment",
    definition: "Self-reported pain by location (0-10), with medications and strategies",
    valueKey: "maxSeverity",
    text: "Hand pain, worst severity (0-10)",
    category: "survey",
  },
} as const satisfies KindModule;
