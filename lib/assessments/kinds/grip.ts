// Grip strength with a hand dynamometer (Jamar, handle position 2 by default): three trials per
// hand in kg. The service stores the trials, their mean (the figure the American Society of Hand
// Therapists recommends recording: Fess, Clinical Assessment Recommendations, 2nd ed., 1992) and
// the best, the mean as a percentage of the age- and sex-matched norm (Mathiowetz et al., Arch
// Phys Med Rehabil 1985;66(2):69-74) when the patient's profile has both, and of the other hand's
// latest grip (within a day). The headline is the mean in kg (trials are capped at 100 kg, so it
// stays 0-100, higher is better).
import { line, num, part, type KindModule, type Snapshot } from "@/lib/assessments/kinds/kind";

const meanKg = (s: Snapshot) => num(s.meanKg);

export const grip = {
  type: "GRIP",
  stored: "GRIP",
  name: "Grip strength",
  shortName: "Grip strength",
  spoken: "grip strength",
  headline: meanKg,
  ownScale: { name: "grip strength (kg)", fromHeadline: (headline) => headline, max: 100 },
  metrics: [
    {
      key: "meanKg",
      label: "Grip strength",
      unit: "kg",
      scale: [0, 100],
      direction: "higherIsBetter",
      mcid: {
        points: 6.5,
        source:
          "6.5 kg on the affected side after a distal radius fracture (Kim, Park and Shin, Clin Orthop Relat Res 2014;472(8):2536-2541).",
      },
      low: {
        at: 16,
        source:
          "EWGSOP2's grip cut-offs for low strength are below 27 kg (men) and 16 kg (women) (Cruz-Jentoft et al., Age Ageing 2019;48(1):16-31); " +
          "the standings do not read the sex, so this service uses 16 kg for everyone: a weak man is not flagged by it.",
      },
    },
    { key: "bestKg", label: "Best trial", unit: "kg", direction: "higherIsBetter" },
    {
      key: "percentOfNorm",
      label: "Of the age- and sex-matched norm",
      unit: "percent",
      direction: "higherIsBetter",
      digits: 0,
    },
    { key: "percentOfOtherHand", label: "Of the other hand", unit: "percent", direction: "higherIsBetter", digits: 0 },
  ],
  measure: "meanKg",
  facts: () => [],
  summary: (s, w) =>
    line(meanKg(s) === null ? w.say("grip") : w.say("gripKg", { value: w.number(meanKg(s)!) }), part(w, "ofNorm", s.percentOfNorm)),
  voice: {
    words: /\b(grip|squeez\w*|dynamometer)/i,
    prepare:
      "You'll need a hand dynamometer: squeeze it as hard as you can three times with each hand, resting between tries, and enter each reading on the screen",
  },
  fhir: {
    ownCode: "grip",
    display: "Grip strength",
    definition: "Grip strength with a hand dynamometer: the mean of three trials in kg, with the best trial and its share of the norm",
    valueKey: "meanKg",
    text: "Grip strength (hand dynamometer, mean of three trials)",
    category: "exam",
    metricComponents: true,
  },
} as const satisfies KindModule;
