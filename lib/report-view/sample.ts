// A realistic in-memory report (all four assessment types, dated over weeks) for the PDF
// benchmark and for looking at the layout without a database.
import { KINDS } from "@/lib/assessments/kinds";
import { ROM_FINGERS, romJointNormal } from "@/lib/assessments/kinds/rom";
import { formatCode } from "@/lib/codes";
import type { JointResult, ReportAssessment, ReportView } from "@/lib/report-view/schemas";

const CODES = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

function code(i: number): string {
  return Array.from({ length: 6 }, (_, k) => CODES[(i * 7 + k * 11 + k * i) % CODES.length]).join("");
}

const JOINTS: Array<[finger: string, joint: string, normal: [number, number]]> = ROM_FINGERS.flatMap(({ finger, joints }) =>
  joints.map((joint): [string, string, [number, number]] => [finger, joint, [...romJointNormal(finger, joint)!]]),
);

/** The 14 finger joints of the right hand, stiff at first and loosening week by week. */
function joints(step: number): JointResult[] {
  return JOINTS.map(([finger, jointType, normalRange], i) => {
    const rom = Math.min(normalRange[1], Math.round(normalRange[1] * (0.55 + step * 0.08) - (i % 3) * 4));
    return { hand: "RIGHT", finger, jointType, minAngle: 4, maxAngle: 4 + rom, rom, normalRange };
  });
}

type SampleAssessment = Pick<ReportAssessment, "assessmentType" | "hand" | "resultSnapshot" | "results">;

/** A range-of-motion check, its wrist and fingers gaining a few points a week. */
function romSample(step: number): SampleAssessment {
  return {
    assessmentType: KINDS.ROM.type,
    hand: "RIGHT",
    resultSnapshot: {
      overallScore: 52 + step * 3.1,
      wristScore: 48 + step * 3.4,
      fingerScore: 57 + step * 2.2,
      extensionDeg: 38 + step * 3,
      flexionDeg: 44 + step * 2.5,
      lightingQuality: step === 1 ? "POOR" : "GOOD",
    },
    results: { joints: joints(step) },
  };
}

/** A tapping test, a little quicker and steadier each week. */
function dexteritySample(step: number): SampleAssessment {
  return {
    assessmentType: KINDS.DEXTERITY.type,
    hand: "RIGHT",
    resultSnapshot: {
      overallScore: 58 + step * 2.4,
      speedScore: 61 + step * 2,
      touchPrecision: 72 + step,
      consistencyScore: 66 + step * 1.5,
      cycleCount: 12 + step,
      totalTouches: 48 + step * 4,
      sequencesCompleted: 10 + step,
      timeTo10Sequences: 21.4 - step * 0.8,
      averageFrequency: 2.1 + step * 0.1,
      sequenceAccuracy: 88 + step,
    },
    results: { joints: [] },
  };
}

/** A detailed pain check, its index PIP easing each week. */
function painSample(step: number): SampleAssessment {
  return {
    assessmentType: KINDS.PAIN.type,
    hand: "RIGHT",
    resultSnapshot: {
      overallScore: 100 * (1 - (7 - step * 0.8) / 10),
      mode: "DETAILED",
      maxSeverity: Math.round((7 - step * 0.8) * 10) / 10,
      painType: "DULL_ACHING",
      timeOfDay: "MORNING",
      entries: [
        { areaType: "DIGIT_JOINT", hand: "RIGHT", digit: "INDEX", location: "PIP", severity: Math.round((7 - step * 0.8) * 10) / 10 },
        { areaType: "WRIST", hand: "RIGHT", severity: 4 },
      ],
      strategies: ["ICE", "SPLINTING"],
      medications: [{ medicationName: "Ibuprofen", dose: "400 mg", effectivenessRating: 6 }],
      comments: "Worse after typing for long stretches.",
    },
    results: { joints: [] },
  };
}

/** An arthritis evaluation of both hands, its progression level dropping every other week. */
function arthritisSample(step: number): SampleAssessment {
  return {
    assessmentType: KINDS.ARTHRITIS.type,
    hand: "BOTH",
    resultSnapshot: {
      compositeScore: 61 + step * 2,
      progressionLevel: Math.max(0, 2 - Math.floor(step / 2)),
      patternType: "OA_PATTERN",
      romDeficitScore: 34,
      painBurdenScore: 41,
      functionalScore: 63,
      stiffnessScore: 55,
      affectedJointCount: 3,
      clinicalFlags: ["HEBERDEN_NODES_POSSIBLE", "Morning stiffness under 30 minutes"],
    },
    results: { joints: [] },
  };
}

function snapshot(kind: number, step: number): SampleAssessment {
  switch (kind) {
    case 0:
      return romSample(step);
    case 1:
      return dexteritySample(step);
    case 2:
      return painSample(step);
    default:
      return arthritisSample(step);
  }
}

/** A report of `count` assessments (1-20), one a week, cycling through the four types. */
export function sampleReport(count = 20, options: { explanation?: string | null; patientName?: string | null } = {}): ReportView {
  const name = options.patientName === undefined ? "Alex Example" : options.patientName;
  const start = Date.parse("2026-06-01T09:30:00Z");
  const surgery = Date.parse("2026-05-18T00:00:00Z");
  const assessments: ReportAssessment[] = Array.from({ length: count }, (_, i) => {
    const c = code(i + 1);
    return {
      code: c,
      formattedCode: formatCode(c),
      dateCreated: new Date(start + i * 3.5 * 86_400_000).toISOString(),
      ...snapshot(i % 4, Math.floor(i / 4)),
      weeksSinceSurgery: name === null ? null : Math.floor((start + i * 3.5 * 86_400_000 - surgery) / (7 * 86_400_000)),
    };
  });
  return {
    code: "RPT234",
    formattedCode: "RPT-234",
    title: "Right wrist recovery after distal radius fracture",
    createdBy: "patient",
    createdAt: "2026-08-12T10:00:00.000Z",
    patientName: name,
    patient:
      name === null ? null : { name, dateOfBirth: "1971-03-14", surgeryDate: "2026-05-18", surgeryType: "Distal radius fracture fixation" },
    clinical: null,
    owners:
      name === null
        ? { status: "anonymous", accounts: 0, anonymousRecords: count }
        : { status: "single", accounts: 1, anonymousRecords: 0 },
    viewCount: 0,
    assessments,
    aiExplanation: options.explanation ?? null,
    explanationSource: options.explanation ? "fallback" : null,
  };
}
