// Dexterity: finger tapping, stored as FINGER_TAPPING and read as DEXTERITY.
import {
  CAMERA_PREPARE,
  COMPOSITE_LOW,
  configurable,
  line,
  num,
  part,
  scoredName,
  wordFacts,
  type KindModule,
} from "@/lib/assessments/kinds/kind";

const DEXTERITY_MCID = {
  points: configurable("ATTENTION_MCID_DEXTERITY", 10),
  source:
    "No published MCID for the app's tapping score: this service's own choice of 10 points. Set ATTENTION_MCID_DEXTERITY to change it.",
  env: "ATTENTION_MCID_DEXTERITY",
};

export const dexterity = {
  type: "DEXTERITY",
  stored: "FINGER_TAPPING",
  name: "Dexterity (finger tapping)",
  shortName: "Dexterity",
  spoken: "finger tapping",
  headline: (s) => num(s.overallScore),
  metrics: [
    {
      key: "overallScore",
      label: "Overall score",
      unit: "score",
      scale: [0, 100],
      direction: "higherIsBetter",
      mcid: DEXTERITY_MCID,
      low: COMPOSITE_LOW,
    },
    { key: "speedScore", label: "Speed score", unit: "score", scale: [0, 100], direction: "higherIsBetter" },
    { key: "touchPrecision", label: "Touch precision", unit: "score", scale: [0, 100], direction: "higherIsBetter" },
    { key: "consistencyScore", label: "Consistency", unit: "score", scale: [0, 100], direction: "higherIsBetter" },
    { key: "sequenceAccuracy", label: "Sequence accuracy", unit: "score", scale: [0, 100], direction: "higherIsBetter" },
    { key: "cycleCount", label: "Tapping cycles", unit: "count" },
    { key: "totalTouches", label: "Total touches", unit: "count" },
    { key: "sequencesCompleted", label: "Sequences completed", unit: "count", direction: "higherIsBetter" },
    { key: "timeTo10Sequences", label: "Time to 10 sequences", unit: "second", direction: "higherIsWorse" },
    { key: "averageFrequency", label: "Tapping rate", unit: "perSecond", direction: "higherIsBetter" },
  ],
  measure: "overallScore",
  facts: (s) => wordFacts(s, [["Lighting", "lightingQuality"]]),
  summary: (s, w) => line(scoredName(w, "dexterity", s.overallScore), part(w, "speed", s.speedScore), part(w, "touches", s.totalTouches)),
  scoreColumn: "dexterityScore",
  voice: { words: /\b(tap|tapping|dexterity)/i, prepare: CAMERA_PREPARE },
  fhir: {
    ownCode: "dexterity",
    display: "Finger-tapping dexterity assessment",
    definition: "Timed finger-tapping sequences, scored 0-100",
    valueKey: "overallScore",
    text: "Finger-tapping dexterity assessment",
    category: "exam",
  },
} as const satisfies KindModule;
