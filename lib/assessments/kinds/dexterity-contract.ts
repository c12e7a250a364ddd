// Dexterity's contract (stored as FINGER_TAPPING): the submission (spec: "Resource: dexterity
// assessment input"), the snapshot it stores, its results tree and the answer. The kind itself
// is ./dexterity.ts.
import { z } from "zod";
import { endpoint } from "@/lib/api/endpoint";
import { text } from "@/lib/api/text";
import { dexterityBody } from "@/lib/assessments/examples";
import type { KindContract, SubmittedRecord } from "@/lib/assessments/kinds/kind";
import {
  anyHand,
  count,
  createdFields,
  lightingMetrics,
  lightingQuality,
  opt,
  score,
  scoredHand,
  seconds,
  snapshotOf,
  stored,
  idempotencyConflict,
  submissionTraits,
  tapRate,
} from "@/lib/assessments/schemas";

export const dexterityFingerInput = z.looseObject({
  finger: opt(text().max(50)),
  accuracy: opt(score),
  consistency: opt(score),
  score: opt(score),
  touchCount: opt(count),
});

export const dexterityInput = z
  .looseObject({
    hand: scoredHand,
    duration: seconds,
    overallScore: score,
    speedScore: score,
    consistencyScore: score,
    cycleCount: count,
    totalTouches: count,
    touchPrecision: opt(score),
    /** Legacy name of touchPrecision. */
    accuracyScore: opt(score),
    sequencesCompleted: opt(count),
    timeTo10Sequences: opt(seconds),
    averageFrequency: opt(tapRate),
    sequenceAccuracy: opt(score),
    // The reference's maxProperties says what the refine below enforces.
    fingerScores: opt(z.record(text().min(1).max(50), dexterityFingerInput).meta({ maxProperties: 20 })),
    lightingQuality: opt(lightingQuality),
    lightingMetrics: opt(lightingMetrics),
  })
  .refine((input) => Object.keys(input.fingerScores ?? {}).length <= 20, { path: ["fingerScores"], message: "at most 20 fingers" });

export type DexterityInput = z.output<typeof dexterityInput>;

export const dexteritySnapshot = snapshotOf({
  overallScore: opt(score),
  speedScore: opt(score),
  touchPrecision: opt(score),
  accuracyScore: opt(score),
  consistencyScore: opt(score),
  cycleCount: opt(count),
  totalTouches: opt(count),
  sequencesCompleted: opt(count),
  timeTo10Sequences: opt(seconds),
  averageFrequency: opt(tapRate),
  sequenceAccuracy: opt(score),
}).meta({ id: "DexteritySnapshot" });

export const dexterityResults = z
  .object({
    hand: anyHand,
    duration: z.number(),
    overallScore: z.number(),
    speedScore: z.number(),
    touchPrecision: stored(z.number()),
    consistencyScore: z.number(),
    cycleCount: z.number().int(),
    totalTouches: z.number().int(),
    sequencesCompleted: stored(z.number().int()),
    timeTo10Sequences: stored(z.number()),
    averageFrequency: stored(z.number()),
    sequenceAccuracy: stored(z.number()),
    lightingQuality: stored(lightingQuality),
    lightingMetrics: stored(lightingMetrics),
    fingerScores: z
      .record(
        z.string(),
        z.object({
          finger: stored(z.string()),
          accuracy: stored(z.number()),
          consistency: stored(z.number()),
          score: stored(z.number()),
          touchCount: stored(z.number().int()),
        }),
      )
      .describe("Keyed by the finger key the app sent"),
  })
  .meta({ id: "DexterityResults" });

export const dexterityResponse = z.object({ ...createdFields, overallScore: score, cycleCount: count, totalTouches: count });

function buildDexterity(input: DexterityInput) {
  const touchPrecision = input.touchPrecision ?? input.accuracyScore ?? null;
  const snapshot = {
    overallScore: input.overallScore,
    speedScore: input.speedScore,
    touchPrecision,
    consistencyScore: input.consistencyScore,
    cycleCount: input.cycleCount,
    totalTouches: input.totalTouches,
    sequencesCompleted: input.sequencesCompleted ?? null,
    timeTo10Sequences: input.timeTo10Sequences ?? null,
    averageFrequency: input.averageFrequency ?? null,
    sequenceAccuracy: input.sequenceAccuracy ?? null,
  };
  return {
    hand: input.hand,
    snapshot,
    results: { ...input, touchPrecision },
    reply: () => ({ overallScore: input.overallScore, cycleCount: input.cycleCount, totalTouches: input.totalTouches }),
  } satisfies SubmittedRecord;
}

export const dexterityContract = {
  snapshot: dexteritySnapshot,
  results: dexterityResults,
  storedAsSent: true,
  submission: {
    endpoint: endpoint({
      method: "POST",
      path: "/assessments/dexterity",
      operationId: "submitDexterityAssessment",
      requestExample: dexterityBody,
      summary: "Submit a scored dexterity (finger tapping) assessment; returns its sharing code",
      ...submissionTraits,
      body: dexterityInput,
      responses: [
        { status: 201, description: "Stored (as FINGER_TAPPING)", schema: dexterityResponse },
        { status: 400, description: "A required field is missing or a field is out of range" },
        idempotencyConflict,
      ],
    }),
    build: buildDexterity,
  },
} as const satisfies KindContract;
