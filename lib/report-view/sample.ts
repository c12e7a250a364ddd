// A realistic in-memory report (all four assessment types, dated over weeks) for the PDF
// benchmark and for looking at the layout without a database.
import { formatCode } from "@/lib/codes";
import type { ReportAssessment, ReportView } from "@/lib/report-view/schemas";

const CODES = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

function code(i: number): string {
  return Array.from({ length: 6 }, (_, k) => CODES[(i * 7 + k * 11 + k * i) % CODES.length]).join("");
}

function snapshot(kind: number, step: number): Pick<ReportAssessment, "assessmentType" | "hand" | "resultSnapshot"> {
  switch (kind) {
    case 0:
      return {
        assessmentType: "ROM",
        hand: "RIGHT",
        resultSnapshot: {
          overallScore: 52 + step * 3.1,
          wristScore: 48 + step * 3.4,
          fingerScore: 57 + step * 2.2,
          extensionDeg: 38 + step * 3,
          flexionDeg: 44 + step * 2.5,
          lightingQuality: "GOOD",
        },
      };
    case 1:
      return {
        assessmentType: "DEXTERITY",
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
      };
    case 2:
      return {
        assessmentType: "PAIN",
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
      };
    default:
      return {
        assessmentType: "ARTHRITIS",
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
          clinicalFlags: ["Morning stiffness under 30 minutes", "Bony swelling at DIP joints"],
        },
      };
  }
}

/** A report of `count` assessments (1-20), one a week, cycling through the four types. */
export function sampleReport(count = 20, options: { explanation?: string | null; patientName?: string | null } = {}): ReportView {
  const start = Date.parse("2026-06-01T09:30:00Z");
  const assessments: ReportAssessment[] = Array.from({ length: count }, (_, i) => {
    const c = code(i + 1);
    return {
      code: c,
      formattedCode: formatCode(c),
      dateCreated: new Date(start + i * 3.5 * 86_400_000).toISOString(),
      ...snapshot(i % 4, Math.floor(i / 4)),
    };
  });
  return {
    code: "RPT234",
    formattedCode: "RPT-234",
    title: "Right wrist recovery after distal radius fracture",
    createdAt: "2026-08-12T10:00:00.000Z",
    patientName: options.patientName === undefined ? "Alex Example" : options.patientName,
    viewCount: 0,
    assessments,
    aiExplanation: options.explanation ?? null,
    explanationSource: options.explanation ? "fallback" : null,
  };
}
