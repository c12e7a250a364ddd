// Thumb movements: read like ROM (the same snapshot), its own series in trends.
import { CAMERA_PREPARE, configurable, num, scoredName, wordFacts, type KindModule } from "@/lib/assessments/kinds/kind";
import { rom } from "@/lib/assessments/kinds/rom";

const THUMB_MCID = {
  points: configurable("ATTENTION_MCID_THUMB", 10),
  source:
    "No published MCID for this composite score: this service's own choice, the ROM default (10 points). Set ATTENTION_MCID_THUMB to change it.",
  env: "ATTENTION_MCID_THUMB",
};

export const thumb = {
  type: "THUMB",
  stored: "THUMB_MOVEMENTS",
  name: "Thumb movements",
  shortName: "Thumb movements",
  spoken: "thumb movement",
  headline: (s) => num(s.overallScore),
  metrics: rom.metrics.map((metric) => (metric.key === rom.measure ? { ...metric, mcid: THUMB_MCID } : metric)),
  measure: rom.measure,
  facts: (s) => wordFacts(s, [["Lighting", "lightingQuality"]]),
  summary: (s, w) => scoredName(w, "thumb", s.overallScore),
  metricLabelsOf: rom.type,
  voice: { words: /\bthumb/i, prepare: CAMERA_PREPARE },
  fhir: {
    ownCode: "thumb",
    display: "Thumb movement assessment",
    definition: "Camera-measured thumb movements, scored 0-100",
    valueKey: "overallScore",
    text: "Thumb movement assessment",
    category: "exam",
  },
} as const satisfies KindModule;
