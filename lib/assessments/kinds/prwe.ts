// PRWE: the Patient-Rated Wrist Evaluation (MacDermid et al., J Orthop Trauma 1998;12(8):577-586),
// the standard patient-reported outcome after a distal radius fracture. Five pain items and ten
// function items, each rated 0 (no pain, no difficulty) to 10 (worst, unable); the app owns the
// wording, the service stores the ratings and the published scores: pain = the sum of its five
// items (0-50), function = the sum of its ten ÷ 2 (0-50), PRWE = pain + function (0-100), higher
// is worse. An unanswered item takes the mean of its subscale's answered items (the PRWE User
// Manual, MacDermid 2011); the service scores at most one unanswered item per subscale and
// refuses more (its own, conservative choice). overallScore = 100 − PRWE keeps the lists' and
// charts' "higher is better".
import { line, num, type KindModule, type Snapshot } from "@/lib/assessments/kinds/kind";

const total = (s: Snapshot) => num(s.prweScore);

export const prwe = {
  type: "PRWE",
  stored: "PRWE",
  name: "Patient-Rated Wrist Evaluation (PRWE)",
  shortName: "PRWE",
  spoken: "patient-rated wrist evaluation",
  headline: (s) => num(s.overallScore),
  ownScale: {
    name: "PRWE",
    fromHeadline: (headline) => Math.round((100 - headline) * 100) / 100,
    max: 100,
    direction: "higher is more pain and disability",
  },
  metrics: [
    {
      key: "prweScore",
      label: "PRWE total",
      unit: "score",
      scale: [0, 100],
      direction: "higherIsWorse",
      mcid: {
        points: 11.5,
        source:
          "11.5 points after a distal radius fracture (Walenkamp et al., Clin Orthop Relat Res 2015;473(10):3235-3241); " +
          "Sorensen et al. (J Hand Surg Am 2013;38(4):641-649) found 24 in a mixed hand clinic.",
      },
      low: {
        at: 50,
        source: "No published cut-off for severe wrist pain and disability was adopted: this service's own choice of 50, half the scale.",
      },
    },
    { key: "painScore", label: "PRWE pain", unit: "score", scale: [0, 50], direction: "higherIsWorse" },
    { key: "functionScore", label: "PRWE function", unit: "score", scale: [0, 50], direction: "higherIsWorse" },
    { key: "answeredCount", label: "Items answered", unit: "count", digits: 0 },
  ],
  measure: "prweScore",
  facts: () => [],
  summary: (s, w) =>
    line(
      total(s) === null ? w.say("prwe") : w.say("prweScore", { value: w.number(total(s)!) }),
      s.painScore != null && w.say("prwePain", { value: w.number(num(s.painScore) ?? 0) }),
      s.functionScore != null && w.say("prweFunction", { value: w.number(num(s.functionScore) ?? 0) }),
    ),
  voice: {
    words: /\b(prwe|wrist questionnaire|wrist evaluation)/i,
    prepare:
      "No camera is needed: you'll rate your wrist pain and how hard fifteen everyday things were over the past week, each from 0 to 10",
  },
  // No LOINC code for the PRWE could be verified: this service's CodeSystem.
  fhir: {
    ownCode: "prwe",
    display: "PRWE score",
    definition: "The Patient-Rated Wrist Evaluation: pain (0-50) and function (0-50) subscales and their total (0-100, higher is worse)",
    valueKey: "prweScore",
    text: "Patient-Rated Wrist Evaluation (PRWE) score",
    category: "survey",
    metricComponents: true,
  },
} as const satisfies KindModule;
