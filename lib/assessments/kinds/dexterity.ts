// Dexterity: finger tapping, stored as FINGER_TAPPING and read as DEXTERITY.
import { configurable, formatMetric, line, num, part, scoredName, wordFacts, type KindModule } from "@/lib/assessments/kinds/kind";

export const dexterity = {
  type: "DEXTERITY",
  stored: "FINGER_TAPPING",
  name: "Dexterity (finger tapping)",
  shortName: "Dexterity",
  spoken: "finger tapping",
  headline: (s) => num(s.overallScore),
  headlineText: (s) =>
    num(s.overallScore) === null ? "No overall score" : `Overall ${formatMetric({ unit: "score" }, num(s.overallScore)!)}`,
  metrics: [
    { key: "overallScore", label: "Overall score", unit: "score" },
    { key: "speedScore", label: "Speed score", unit: "score" },
    { key: "touchPrecision", label: "Touch precision", unit: "score" },
    { key: "consistencyScore", label: "Consistency", unit: "score" },
    { key: "sequenceAccuracy", label: "Sequence accuracy", unit: "score" },
    { key: "cycleCount", label: "Tapping cycles", unit: "count" },
    { key: "totalTouches", label: "Total touches", unit: "count" },
    { key: "sequencesCompleted", label: "Sequences completed", unit: "count" },
    { key: "timeTo10Sequences", label: "Time to 10 sequences", unit: "second" },
    { key: "averageFrequency", label: "Tapping rate", unit: "perSecond" },
  ],
  facts: (s) => wordFacts(s, [["Lighting", "lightingQuality"]]),
  summary: (s) => line(scoredName("Dexterity", s.overallScore), part("speed", s.speedScore), part("touches", s.totalTouches, true)),
  mcid: {
    points: configurable("ATTENTION_MCID_DEXTERITY", 10),
    source: "No published MCID for the app's tapping score; default 10 points. Set ATTENTION_MCID_DEXTERITY to change it.",
    env: "ATTENTION_MCID_DEXTERITY",
  },
  fhir: {
    ownCode: "dexterity",
    display: "Finger-tapping dexterity assessment",
    definition: "Timed finger-tapping sequences, scored 0-100",
    valueKey: "overallScore",
    text: "Finger-tapping dexterity assessment",
    category: "exam",
  },
} as const satisfies KindModule;
