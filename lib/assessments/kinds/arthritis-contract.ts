// Arthritis's contract: the evaluation submission (spec: "Resource: arthritis evaluation input"),
// stored as the client computed it, the snapshot, the results tree and the answer. The kind
// itself is ./arthritis.ts.
import { z } from "zod";
import { endpoint } from "@/lib/api/endpoint";
import { text } from "@/lib/api/text";
import { arthritisBody } from "@/lib/assessments/examples";
import type { KindContract, SubmittedRecord } from "@/lib/assessments/kinds/kind";
import {
  anyHand,
  count,
  createdFields,
  digitLocation,
  handDigit,
  opt,
  recordId,
  score,
  severity,
  snapshotOf,
  stored,
  idempotencyConflict,
  submissionTraits,
} from "@/lib/assessments/schemas";
import {
  ArthritisPattern,
  DifficultyLevel,
  FunctionalTask,
  MorningStiffnessDuration,
  SymptomOnset,
  SymptomSymmetry,
} from "@/lib/generated/prisma/enums.ts";

export const morningStiffnessDuration = z.enum(MorningStiffnessDuration);
export const difficultyLevel = z.enum(DifficultyLevel);
export const functionalTask = z.enum(FunctionalTask);
export const symptomOnset = z.enum(SymptomOnset);
export const symptomSymmetry = z.enum(SymptomSymmetry);
export const arthritisPattern = z.enum(ArthritisPattern);

export const functionalLimitationInput = z.looseObject({ task: functionalTask, difficulty: difficultyLevel });

export const jointSymptomInput = z.looseObject({
  id: opt(text().max(100)),
  digit: opt(handDigit),
  location: opt(digitLocation),
  tenderness: opt(z.boolean()),
  swelling: opt(z.boolean()),
  warmth: opt(z.boolean()),
  crepitus: opt(z.boolean()),
});

export const jointHealthInput = z.looseObject({
  digit: opt(handDigit),
  location: opt(digitLocation),
  healthScore: opt(score),
  romScore: opt(score),
  painScore: opt(score),
  hasSymptoms: opt(z.boolean()),
  flags: opt(z.array(text().max(200)).max(50)),
});

export const arthritisInput = z.looseObject({
  hand: anyHand,
  morningStiffnessDuration: opt(morningStiffnessDuration),
  morningStiffnessSeverity: opt(severity),
  functionalLimitations: opt(z.array(functionalLimitationInput).max(50)),
  jointSymptoms: opt(z.array(jointSymptomInput).max(100)),
  symptomSymmetry: opt(symptomSymmetry),
  symptomOnset: opt(symptomOnset),
  familyHistoryArthritis: opt(z.boolean()),
  compositeScore: opt(score),
  progressionLevel: opt(z.number().int().min(0).max(4)),
  patternType: opt(arthritisPattern),
  romDeficitScore: opt(score),
  painBurdenScore: opt(score),
  functionalScore: opt(score),
  stiffnessScore: opt(score),
  affectedJointCount: opt(count),
  jointHealthMap: opt(z.array(jointHealthInput).max(100)),
  clinicalFlags: opt(z.array(text().max(500)).max(50)),
  recommendation: opt(text().max(4000)),
  sourceRomAssessmentId: opt(recordId),
  sourceDexterityAssessmentId: opt(recordId),
  sourcePainSessionId: opt(recordId),
});

export type ArthritisInput = z.output<typeof arthritisInput>;

export const arthritisSnapshot = snapshotOf(
  arthritisInput.pick({
    compositeScore: true,
    progressionLevel: true,
    patternType: true,
    romDeficitScore: true,
    painBurdenScore: true,
    functionalScore: true,
    stiffnessScore: true,
    affectedJointCount: true,
    clinicalFlags: true,
  }).shape,
).meta({ id: "ArthritisSnapshot" });

export const arthritisResults = z
  .object({
    hand: anyHand,
    morningStiffnessDuration: stored(morningStiffnessDuration),
    morningStiffnessSeverity: stored(z.number()),
    symptomSymmetry: stored(symptomSymmetry),
    symptomOnset: stored(symptomOnset),
    familyHistoryArthritis: stored(z.boolean()),
    compositeScore: stored(z.number()),
    progressionLevel: stored(z.number().int()),
    patternType: stored(arthritisPattern),
    romDeficitScore: stored(z.number()),
    painBurdenScore: stored(z.number()),
    functionalScore: stored(z.number()),
    stiffnessScore: stored(z.number()),
    affectedJointCount: stored(z.number().int()),
    clinicalFlags: z.array(z.string()),
    recommendation: stored(z.string()),
    sourceRomAssessmentId: stored(z.number().int()),
    sourceDexterityAssessmentId: stored(z.number().int()),
    sourcePainSessionId: stored(z.number().int()),
    functionalLimitations: z.array(z.object({ task: functionalTask, difficulty: difficultyLevel })),
    jointSymptoms: z.array(
      z.object({
        id: stored(z.string()),
        digit: stored(handDigit),
        location: stored(digitLocation),
        tenderness: stored(z.boolean()),
        swelling: stored(z.boolean()),
        warmth: stored(z.boolean()),
        crepitus: stored(z.boolean()),
      }),
    ),
    jointHealthMap: z.array(
      z.object({
        digit: stored(handDigit),
        location: stored(digitLocation),
        healthScore: stored(z.number()),
        romScore: stored(z.number()),
        painScore: stored(z.number()),
        hasSymptoms: stored(z.boolean()),
        flags: z.array(z.string()),
      }),
    ),
  })
  .meta({ id: "ArthritisResults" });

export const arthritisResponse = z.object({
  ...createdFields,
  compositeScore: z.number().nullable(),
  progressionLevel: z.number().int().nullable(),
  patternType: arthritisPattern.nullable(),
});

function buildArthritis(input: ArthritisInput) {
  const computed = {
    compositeScore: input.compositeScore ?? null,
    progressionLevel: input.progressionLevel ?? null,
    patternType: input.patternType ?? null,
    romDeficitScore: input.romDeficitScore ?? null,
    painBurdenScore: input.painBurdenScore ?? null,
    functionalScore: input.functionalScore ?? null,
    stiffnessScore: input.stiffnessScore ?? null,
    affectedJointCount: input.affectedJointCount ?? null,
  };
  const { compositeScore, progressionLevel, patternType } = computed;
  return {
    hand: input.hand,
    snapshot: { ...computed, clinicalFlags: input.clinicalFlags ?? [] },
    results: input,
    reply: () => ({ compositeScore, progressionLevel, patternType }),
  } satisfies SubmittedRecord;
}

export const arthritisContract = {
  snapshot: arthritisSnapshot,
  results: arthritisResults,
  storedAsSent: true,
  submission: {
    endpoint: endpoint({
      method: "POST",
      path: "/assessments/arthritis",
      operationId: "submitArthritisAssessment",
      requestExample: arthritisBody,
      summary: "Submit an arthritis evaluation; the client's computed values are stored unchanged",
      ...submissionTraits,
      body: arthritisInput,
      responses: [
        { status: 201, description: "Stored", schema: arthritisResponse },
        { status: 400, description: "hand missing or a field out of range" },
        idempotencyConflict,
      ],
    }),
    build: buildArthritis,
  },
} as const satisfies KindContract;
