// Range of motion: the camera-measured wrist and finger joints, scored 0-100 by the app.
import { WRIST_REFERENCE_RANGES } from "@/lib/assessments/vocabulary";
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

const WRIST_NORMAL_SOURCE =
  "American Academy of Orthopaedic Surgeons, Joint Motion: Method of Measuring and Recording (1965): wrist extension 70°, flexion 80°.";

/** Shared by THUMB, whose records carry the same snapshot. */
export const ROM_MCID = {
  // A score point is about 1.5° of the wrist's 150° reference arc, so 10 points is about 15°.
  points: configurable("ATTENTION_MCID_ROM", 10),
  source:
    "No published MCID for this composite score: this service's own choice of 10 points (about 15° of the wrist's 0-70° + 0-80° reference arc), " +
    "above the 5-12° minimal detectable difference of camera (3D) measurement and within the 12-30° of manual goniometry " +
    "(Reissner et al., J Orthop Surg Res 2019;14:173). Set ATTENTION_MCID_ROM to change it.",
  env: "ATTENTION_MCID_ROM",
};

export const rom = {
  type: "ROM",
  stored: "ROM",
  name: "Range of motion",
  shortName: "Range of motion",
  spoken: "range of motion",
  headline: (s) => num(s.overallScore),
  metrics: [
    {
      key: "overallScore",
      label: "Overall score",
      unit: "score",
      scale: [0, 100],
      direction: "higherIsBetter",
      mcid: ROM_MCID,
      low: COMPOSITE_LOW,
    },
    { key: "wristScore", label: "Wrist score", unit: "score", scale: [0, 100], direction: "higherIsBetter" },
    { key: "fingerScore", label: "Finger score", unit: "score", scale: [0, 100], direction: "higherIsBetter" },
    {
      key: "extensionDeg",
      label: "Wrist extension",
      unit: "degree",
      direction: "higherIsBetter",
      normal: { range: WRIST_REFERENCE_RANGES.extension, source: WRIST_NORMAL_SOURCE },
    },
    {
      key: "flexionDeg",
      label: "Wrist flexion",
      unit: "degree",
      direction: "higherIsBetter",
      normal: { range: WRIST_REFERENCE_RANGES.flexion, source: WRIST_NORMAL_SOURCE },
    },
  ],
  measure: "overallScore",
  facts: (s) => wordFacts(s, [["Lighting", "lightingQuality"]]),
  summary: (s, w) => line(scoredName(w, "rom", s.overallScore), part(w, "wrist", s.wristScore), part(w, "fingers", s.fingerScore)),
  scoreColumn: "romScore",
  voice: { words: /\b(range of motion|rom|wrist|bend)/i, prepare: CAMERA_PREPARE },
  fhir: {
    ownCode: "rom",
    display: "Hand range-of-motion assessment",
    definition: "Camera-measured range of motion of the wrist and finger joints, scored 0-100",
    valueKey: "overallScore",
    text: "Hand range-of-motion assessment",
    category: "exam",
  },
} as const satisfies KindModule;

/** The finger joints a range-of-motion record measures, finger by finger, as a goniometry table lists them. */
export const ROM_FINGERS = [
  { finger: "THUMB", label: "Thumb", joints: ["MCP", "IP"] },
  { finger: "INDEX", label: "Index", joints: ["MCP", "PIP", "DIP"] },
  { finger: "MIDDLE", label: "Middle", joints: ["MCP", "PIP", "DIP"] },
  { finger: "RING", label: "Ring", joints: ["MCP", "PIP", "DIP"] },
  { finger: "LITTLE", label: "Little", joints: ["MCP", "PIP", "DIP"] },
] as const;

/** Older clients name the little finger PINKY. */
export const ROM_FINGER_ALIASES: Record<string, string> = { PINKY: "LITTLE" };

/** Where the finger joints' normal ranges below come from (docs/clinical.md, "Goniometry"). */
export const ROM_JOINT_NORMAL_SOURCE =
  "American Academy of Orthopaedic Surgeons, Joint Motion: Method of Measuring and Recording (1965), as tabulated in " +
  "Greene & Heckman, The Clinical Measurement of Joint Motion (AAOS, 1994): flexion of the thumb MCP 0-50°, thumb IP 0-80°, " +
  "finger MCP 0-90°, PIP 0-100°, DIP 0-90°.";

/**
 * Active flexion of a healthy joint from neutral, degrees (ROM_JOINT_NORMAL_SOURCE): used when a
 * record does not carry the joint's own normal range.
 */
export const ROM_JOINT_NORMALS: Record<string, readonly [number, number]> = {
  "THUMB:MCP": [0, 50],
  "THUMB:IP": [0, 80],
  MCP: [0, 90],
  PIP: [0, 100],
  DIP: [0, 90],
};

export function romJointNormal(finger: string, joint: string): readonly [number, number] | null {
  return ROM_JOINT_NORMALS[`${finger}:${joint}`] ?? ROM_JOINT_NORMALS[joint] ?? null;
}

/** The wrist's motions a goniometry table lists, read from the record's snapshot, with the kind's normal ranges. */
export const ROM_WRIST_MOTIONS = [
  { motion: "extension", key: "extensionDeg", normal: WRIST_REFERENCE_RANGES.extension },
  { motion: "flexion", key: "flexionDeg", normal: WRIST_REFERENCE_RANGES.flexion },
] as const;
