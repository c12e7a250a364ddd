// Arthritis: the app's questionnaire and computed evaluation; the headline is compositeScore.
import { ARTHRITIS_PATTERN_NAMES, PROGRESSION_LEVELS } from "@/lib/assessments/vocabulary";
import { COMPOSITE_LOW, configurable, line, num, scoredName, wordFacts, type KindModule } from "@/lib/assessments/kinds/kind";

/** The patterns a summary line names; an undetermined one is left out. */
const SUMMARY_PATTERNS = ["OA_PATTERN", "RA_PATTERN", "MIXED"];

export const progressionName = (level: number) => PROGRESSION_LEVELS[Math.min(4, Math.max(0, Math.round(level)))]!;

const ARTHRITIS_MCID = {
  points: configurable("ATTENTION_MCID_ARTHRITIS", 10),
  source:
    "No published MCID for the app's composite score: this service's own choice of 10 points. Set ATTENTION_MCID_ARTHRITIS to change it.",
  env: "ATTENTION_MCID_ARTHRITIS",
};

export const arthritis = {
  type: "ARTHRITIS",
  stored: "ARTHRITIS",
  name: "Arthritis evaluation",
  shortName: "Arthritis",
  spoken: "arthritis",
  headline: (s) => num(s.compositeScore),
  metrics: [
    {
      key: "compositeScore",
      label: "Composite score",
      unit: "score",
      scale: [0, 100],
      direction: "higherIsBetter",
      mcid: ARTHRITIS_MCID,
      low: COMPOSITE_LOW,
    },
    { key: "progressionLevel", label: "Progression level", unit: "level", scale: [0, 4], direction: "higherIsWorse", digits: 0 },
    { key: "romDeficitScore", label: "Range of motion", unit: "score", scale: [0, 100], direction: "higherIsBetter" },
    { key: "painBurdenScore", label: "Pain burden", unit: "score", scale: [0, 100], direction: "higherIsBetter" },
    { key: "functionalScore", label: "Function", unit: "score", scale: [0, 100], direction: "higherIsBetter" },
    { key: "stiffnessScore", label: "Stiffness", unit: "score", scale: [0, 100], direction: "higherIsBetter" },
    { key: "affectedJointCount", label: "Affected joints", unit: "count", direction: "higherIsWorse" },
  ],
  measure: "compositeScore",
  facts: (s) => wordFacts(s, [["Pattern", "patternType", ARTHRITIS_PATTERN_NAMES]]),
  summary: (s, w) => {
    const level = num(s.progressionLevel);
    const pattern =
      typeof s.patternType === "string" && SUMMARY_PATTERNS.includes(s.patternType) ? w.say(`pattern.${s.patternType}`) : null;
    const progression = level !== null && PROGRESSION_LEVELS[level] ? w.say(`progression.${level}`) : null;
    return line(scoredName(w, "arthritis", s.compositeScore), progression, pattern);
  },
  notes: [{ label: "flags", key: "clinicalFlags", item: "flag" }],
  voice: { words: /\barthritis/i, prepare: "You'll answer a few questions on the screen about stiffness, swelling and everyday tasks" },
  fhir: {
    ownCode: "arthritis",
    display: "Hand arthritis self-evaluation",
    definition: "Questionnaire and the app's computed arthritis evaluation, stored as the app computed it",
    valueKey: "compositeScore",
    text: "Hand arthritis self-evaluation",
    category: "survey",
  },
} as const satisfies KindModule;
