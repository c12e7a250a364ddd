// Range of motion's contract: the submission (spec: "Resource: ROM assessment input"), the
// snapshot it stores, its results tree and the answer. The kind itself is ./rom.ts.
import { z } from "zod";
import { endpoint } from "@/lib/api/endpoint";
import { text } from "@/lib/api/text";
import { romBody } from "@/lib/assessments/examples";
import { checkJointAngles } from "@/lib/assessments/goniometry";
import type { KindContract, SubmittedRecord } from "@/lib/assessments/kinds/kind";
import {
  angle,
  anyHand,
  count,
  createdFields,
  lightingMetrics,
  lightingQuality,
  opt,
  score,
  scoredHand,
  snapshotOf,
  span,
  stored,
  idempotencyConflict,
  submissionTraits,
} from "@/lib/assessments/schemas";

export const romWristInput = z.looseObject({
  unsigned_rom_deg: opt(span),
  max_extension_deg: opt(angle),
  min_extension_deg: opt(angle),
  avg_extension_deg: opt(angle),
  max_flexion_deg: opt(angle),
  min_flexion_deg: opt(angle),
  avg_flexion_deg: opt(angle),
  frames_total: opt(count),
  frames_valid: opt(count),
  percent_valid_frames: opt(z.number().min(0).max(100)),
});

export const romJointInput = z
  .looseObject({
    id: opt(text().max(100)),
    finger: opt(text().max(50)),
    jointType: opt(text().max(50)),
    minAngle: opt(angle),
    maxAngle: opt(angle),
    avgAngle: opt(angle),
    rom: opt(span),
    normalRange: opt(z.tuple([angle, angle])),
    flexibilityScore: opt(score),
    frameCount: opt(count),
  })
  .superRefine(checkJointAngles);

export const romInput = z.looseObject({
  hand: scoredHand,
  overallScore: score,
  wristScore: opt(score),
  fingerScore: opt(score),
  lightingQuality: opt(lightingQuality),
  lightingMetrics: opt(lightingMetrics),
  wrist: opt(romWristInput),
  joints: opt(z.array(romJointInput).max(200)),
});

export type RomInput = z.output<typeof romInput>;

/** extensionDeg and flexionDeg are the wrist's maxima. */
export const romSnapshot = snapshotOf({
  overallScore: opt(score),
  wristScore: opt(score),
  fingerScore: opt(score),
  extensionDeg: opt(angle),
  flexionDeg: opt(angle),
  lightingQuality: opt(lightingQuality),
}).meta({ id: "RomSnapshot" });

export const romResults = z
  .object({
    hand: anyHand,
    overallScore: z.number(),
    wristScore: stored(z.number()),
    fingerScore: stored(z.number()),
    lightingQuality: stored(lightingQuality),
    lightingMetrics: stored(lightingMetrics),
    wrist: stored(z.object(Object.fromEntries(Object.keys(romWristInput.shape).map((key) => [key, stored(z.number())])))).describe(
      "The wrist's angles and frame counts; null when none was sent",
    ),
    handResults: z.array(
      z.object({
        hand: anyHand,
        wristScore: stored(z.number()),
        fingerScore: stored(z.number()),
        jointResults: z.array(
          z.object({
            id: stored(z.string()),
            finger: stored(z.string()),
            jointType: stored(z.string()),
            minAngle: stored(z.number()),
            maxAngle: stored(z.number()),
            avgAngle: stored(z.number()),
            rom: stored(z.number()),
            normalRange: stored(z.tuple([z.number(), z.number()])),
            flexibilityScore: stored(z.number()),
            frameCount: stored(z.number().int()),
          }),
        ),
      }),
    ),
  })
  .meta({ id: "RomResults" });

export const romResponse = z.object({ ...createdFields, overallScore: score, wristScore: score.nullable(), fingerScore: score.nullable() });

function buildRom(input: RomInput) {
  const wrist = input.wrist ?? {};
  const wristScore = input.wristScore ?? null;
  const fingerScore = input.fingerScore ?? null;
  const snapshot = {
    overallScore: input.overallScore,
    wristScore,
    fingerScore,
    extensionDeg: wrist.max_extension_deg ?? null,
    flexionDeg: wrist.max_flexion_deg ?? null,
    lightingQuality: input.lightingQuality ?? null,
  };
  // One hand is measured per submission: its scores are the submission's, its joints all of them.
  const handResult = { hand: input.hand, wristScore: input.wristScore, fingerScore: input.fingerScore, jointResults: input.joints };
  return {
    hand: input.hand,
    snapshot,
    results: { ...input, handResults: [handResult] },
    reply: () => ({ overallScore: input.overallScore, wristScore, fingerScore }),
  } satisfies SubmittedRecord;
}

export const romContract = {
  snapshot: romSnapshot,
  results: romResults,
  storedAsSent: true,
  submission: {
    endpoint: endpoint({
      method: "POST",
      path: "/assessments/rom",
      operationId: "submitRomAssessment",
      requestExample: romBody,
      summary: "Submit a scored range-of-motion assessment; returns its sharing code",
      ...submissionTraits,
      body: romInput,
      responses: [
        { status: 201, description: "Stored; anonymous (expires in 90 days) without a token, owned with one", schema: romResponse },
        { status: 400, description: "hand or overallScore missing, or a field out of range" },
        { status: 500, description: "Persistence failure" },
        idempotencyConflict,
      ],
    }),
    build: buildRom,
  },
} as const satisfies KindContract;
