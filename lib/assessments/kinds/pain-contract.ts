// Pain's contract: the session submission (spec: "Resource: pain session input"), the snapshot it
// stores, its results tree and the answer. The kind itself is ./pain.ts.
import { z } from "zod";
import { endpoint } from "@/lib/api/endpoint";
import { text } from "@/lib/api/text";
import { painBody } from "@/lib/assessments/examples";
import type { KindContract, SubmittedRecord } from "@/lib/assessments/kinds/kind";
import { painScores } from "@/lib/assessments/kinds/pain";
import {
  anyHand,
  createdFields,
  digitLocation,
  handDigit,
  opt,
  score,
  severity,
  snapshotOf,
  stored,
  idempotencyConflict,
  submissionTraits,
} from "@/lib/assessments/schemas";
import { ManagementStrategy, PainAreaType, PainAssessmentMode, PainTimeOfDay, PainType } from "@/lib/generated/prisma/enums.ts";

export const painType = z.enum(PainType);
export const painTimeOfDay = z.enum(PainTimeOfDay);
export const painMode = z.enum(PainAssessmentMode);
export const painAreaType = z.enum(PainAreaType);
export const managementStrategy = z.enum(ManagementStrategy);

export const painEntryInput = z.looseObject({
  areaType: painAreaType,
  hand: anyHand,
  digit: opt(handDigit),
  location: opt(digitLocation),
  severity,
});

export const painMedicationInput = z.looseObject({
  medicationName: text().min(1).max(200),
  dose: opt(text().max(200)),
  effectivenessRating: opt(severity),
});

export const painInput = z.looseObject({
  mode: painMode,
  hand: anyHand,
  painType: opt(painType),
  timeOfDay: opt(painTimeOfDay),
  entries: opt(z.array(painEntryInput).max(200)),
  medications: opt(z.array(painMedicationInput).max(50)),
  strategies: opt(z.array(managementStrategy).max(20)),
  comments: opt(text().max(4000)),
});

export type PainInput = z.output<typeof painInput>;

export const painSnapshot = snapshotOf({
  overallScore: opt(score),
  mode: opt(painMode),
  maxSeverity: opt(severity),
  ...painInput.pick({ painType: true, timeOfDay: true, entries: true, strategies: true, medications: true, comments: true }).shape,
}).meta({ id: "PainSnapshot" });

export const painResults = z
  .object({
    mode: painMode,
    hand: anyHand,
    painType: stored(painType),
    timeOfDay: stored(painTimeOfDay),
    maxSeverity: z.number().nullable(),
    comments: stored(z.string()),
    isComplete: z.boolean(),
    entries: z.array(
      z.object({ areaType: painAreaType, hand: anyHand, digit: stored(handDigit), location: stored(digitLocation), severity: z.number() }),
    ),
    medications: z.array(z.object({ medicationName: z.string(), dose: stored(z.string()), effectivenessRating: stored(z.number()) })),
    strategies: z.array(managementStrategy),
  })
  .meta({ id: "PainResults" });

export const painResponse = z.object({
  ...createdFields,
  dateCreated: z.iso.datetime(),
  isComplete: z.boolean(),
  maxSeverity: severity
    .nullable()
    .describe("The worst entry's severity (0-10); null for a session without entries, which is no rating, not no pain"),
  entryCount: z.number().int(),
});

function buildPain(input: PainInput) {
  const entries = (input.entries ?? []).map((e) => ({
    areaType: e.areaType,
    hand: e.hand,
    digit: e.digit ?? null,
    location: e.location ?? null,
    severity: e.severity,
  }));
  const medications = (input.medications ?? []).map((m) => ({
    medicationName: m.medicationName,
    dose: m.dose ?? null,
    effectivenessRating: m.effectivenessRating ?? null,
  }));
  const { maxSeverity, overallScore } = painScores(entries);
  const snapshot = {
    overallScore,
    mode: input.mode,
    maxSeverity,
    painType: input.painType ?? null,
    timeOfDay: input.timeOfDay ?? null,
    entries,
    strategies: input.strategies ?? [],
    medications,
    comments: input.comments ?? null,
  };
  return {
    hand: input.hand,
    snapshot,
    results: { ...input, maxSeverity, isComplete: true },
    reply: (created: { dateCreated: Date }) => ({
      dateCreated: created.dateCreated.toISOString(),
      isComplete: true,
      maxSeverity,
      entryCount: entries.length,
    }),
  } satisfies SubmittedRecord;
}

export const painContract = {
  snapshot: painSnapshot,
  results: painResults,
  storedAsSent: true,
  submission: {
    endpoint: endpoint({
      method: "POST",
      path: "/assessments/pain-v2",
      operationId: "submitPainAssessment",
      requestExample: painBody,
      summary: "Submit a pain session; maxSeverity and the snapshot's overallScore are derived from the entries",
      ...submissionTraits,
      body: painInput,
      responses: [
        { status: 201, description: "Stored", schema: painResponse },
        { status: 400, description: "hand or mode missing, or a field out of range" },
        idempotencyConflict,
      ],
    }),
    build: buildPain,
  },
} as const satisfies KindContract;
