// Arbitrary valid submissions of every type, generated from the same zod input schemas the
// routes parse with (lib/assessments/kinds/<kind>-contract.ts), round-trip: GET /assessments/:id/results and
// GET /lookup/:code give back what was sent, field by field (absent optional members read as
// null, derived values as documented). FUZZ_RUNS sets the cases per type (default 10), FUZZ_SEED
// replays a run.
// Own server: LOG_LEVEL=warn, so that its many submissions do not log a line each.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import fc from "fast-check";
import type { z } from "zod";
import { arthritisInput } from "@/lib/assessments/kinds/arthritis-contract";
import { dexterityInput } from "@/lib/assessments/kinds/dexterity-contract";
import { painInput } from "@/lib/assessments/kinds/pain-contract";
import { romInput, romJointInput, romWristInput } from "@/lib/assessments/kinds/rom-contract";
import { consistentRomJoints, FUZZ_SEED, validFor } from "@/test/fuzz/arbitraries";
import { apiClient } from "@/test/support/http";
import { startServer, type TestServer } from "@/test/support/server";

const RUNS = Number(process.env.FUZZ_RUNS || 10);

let server: TestServer;
let api: ReturnType<typeof apiClient>;
let casesRun = 0;

before(async () => {
  server = await startServer({ env: { LOG_LEVEL: "warn" } });
  api = apiClient(server.origin);
});
after(async () => {
  console.log(`round trip: ${casesRun} valid submissions sent and read back`);
  await server?.stop();
});

type Json = Record<string, any>;
const orNull = (value: unknown) => (value === undefined ? null : value);
/** Every listed member of `input`, null when absent (reads report absent members as null). */
const pick = (input: Json | null | undefined, keys: readonly string[]) =>
  Object.fromEntries(keys.map((key) => [key, orNull(input?.[key])]));

interface Case<S extends z.ZodType> {
  path: string;
  schema: S;
  /** Makes a generated input meet the refinements JSON Schema cannot express. */
  consistent?(input: Json): Json;
  type: string;
  /** The results tree GET /assessments/:id/results must return for this input. */
  results(input: Json): Json;
  /** The members of the lookup's resultSnapshot that echo this input. */
  snapshot(input: Json): Json;
}

/** Every measure the input schemas declare reads back (the wrist's under their snake_case names). */
const WRIST = Object.keys(romWristInput.shape);
const JOINT = Object.keys(romJointInput.shape);

const rom: Case<typeof romInput> = {
  path: "/assessments/rom",
  schema: romInput,
  consistent: consistentRomJoints,
  type: "ROM",
  results(input) {
    const wrist = pick(input.wrist, WRIST);
    return {
      ...pick(input, ["hand", "overallScore", "wristScore", "fingerScore", "lightingQuality", "lightingMetrics"]),
      wrist: Object.values(wrist).some((v) => v !== null) ? wrist : null,
      handResults: [
        {
          hand: input.hand,
          wristScore: orNull(input.wristScore),
          fingerScore: orNull(input.fingerScore),
          jointResults: (input.joints ?? []).map((j: Json) => pick(j, JOINT)),
        },
      ],
    };
  },
  snapshot: (input) => ({
    ...pick(input, ["overallScore", "wristScore", "fingerScore", "lightingQuality"]),
    extensionDeg: orNull(input.wrist?.max_extension_deg),
    flexionDeg: orNull(input.wrist?.max_flexion_deg),
  }),
};

const DEXTERITY_HEADLINE = [
  "overallScore",
  "speedScore",
  "consistencyScore",
  "cycleCount",
  "totalTouches",
  "sequencesCompleted",
  "timeTo10Sequences",
  "averageFrequency",
  "sequenceAccuracy",
];

const dexterity: Case<typeof dexterityInput> = {
  path: "/assessments/dexterity",
  schema: dexterityInput,
  type: "DEXTERITY",
  results: (input) => ({
    ...pick(input, ["hand", "duration", "lightingQuality", "lightingMetrics", ...DEXTERITY_HEADLINE]),
    touchPrecision: input.touchPrecision ?? input.accuracyScore ?? null,
    fingerScores: Object.fromEntries(
      Object.entries(input.fingerScores ?? {}).map(([key, f]) => [
        key,
        pick(f as Json, ["finger", "accuracy", "consistency", "score", "touchCount"]),
      ]),
    ),
  }),
  snapshot: (input) => ({ ...pick(input, DEXTERITY_HEADLINE), touchPrecision: input.touchPrecision ?? input.accuracyScore ?? null }),
};

const painEntries = (input: Json) => (input.entries ?? []).map((e: Json) => pick(e, ["areaType", "hand", "digit", "location", "severity"]));
const painMedications = (input: Json) =>
  (input.medications ?? []).map((m: Json) => pick(m, ["medicationName", "dose", "effectivenessRating"]));
/** The worst entry; null for a session without entries, which gave no rating (never 0, "no pain"). */
const maxSeverity = (input: Json): number | null =>
  (input.entries ?? []).length === 0 ? null : (input.entries as Json[]).reduce((max: number, e: Json) => Math.max(max, e.severity), 0);
const painScore = (input: Json) => {
  const worst = maxSeverity(input);
  return worst === null ? null : 100 * (1 - worst / 10);
};

const pain: Case<typeof painInput> = {
  path: "/assessments/pain-v2",
  schema: painInput,
  type: "PAIN",
  results: (input) => ({
    ...pick(input, ["mode", "hand", "painType", "timeOfDay", "comments"]),
    maxSeverity: maxSeverity(input),
    isComplete: true,
    entries: painEntries(input),
    medications: painMedications(input),
    strategies: input.strategies ?? [],
  }),
  snapshot: (input) => ({
    ...pick(input, ["mode", "painType", "timeOfDay", "comments"]),
    maxSeverity: maxSeverity(input),
    overallScore: painScore(input),
    entries: painEntries(input),
    medications: painMedications(input),
    strategies: input.strategies ?? [],
  }),
};

const ARTHRITIS_COMPUTED = [
  "compositeScore",
  "progressionLevel",
  "patternType",
  "romDeficitScore",
  "painBurdenScore",
  "functionalScore",
  "stiffnessScore",
  "affectedJointCount",
];
const ARTHRITIS_QUESTIONS = [
  "hand",
  "morningStiffnessDuration",
  "morningStiffnessSeverity",
  "symptomSymmetry",
  "symptomOnset",
  "familyHistoryArthritis",
  "recommendation",
  "sourceRomAssessmentId",
  "sourceDexterityAssessmentId",
  "sourcePainSessionId",
];

const arthritis: Case<typeof arthritisInput> = {
  path: "/assessments/arthritis",
  schema: arthritisInput,
  type: "ARTHRITIS",
  results: (input) => ({
    ...pick(input, [...ARTHRITIS_QUESTIONS, ...ARTHRITIS_COMPUTED]),
    clinicalFlags: input.clinicalFlags ?? [],
    functionalLimitations: (input.functionalLimitations ?? []).map((l: Json) => pick(l, ["task", "difficulty"])),
    jointSymptoms: (input.jointSymptoms ?? []).map((s: Json) =>
      pick(s, ["id", "digit", "location", "tenderness", "swelling", "warmth", "crepitus"]),
    ),
    jointHealthMap: (input.jointHealthMap ?? []).map((j: Json) => ({
      ...pick(j, ["digit", "location", "healthScore", "romScore", "painScore", "hasSymptoms"]),
      flags: j.flags ?? [],
    })),
  }),
  snapshot: (input) => ({ ...pick(input, ARTHRITIS_COMPUTED), clinicalFlags: input.clinicalFlags ?? [] }),
};

for (const kind of [rom, dexterity, pain, arthritis]) {
  test(`${kind.type}: arbitrary valid submissions read back field by field (results and lookup)`, async () => {
    await fc.assert(
      fc.asyncProperty(
        validFor(kind.schema, { maxItems: 3, maxStringLength: 24 }).map((input) => kind.consistent?.(input as Json) ?? input),
        fc.boolean(),
        async (input, owned) => {
          const headers = owned ? { "x-dev-user": "patient" } : undefined;
          const created = await api.post(kind.path, input, { headers });
          assert.equal(
            created.status,
            201,
            `POST ${kind.path} ${JSON.stringify(input)} → ${created.status} ${JSON.stringify(created.body)}`,
          );
          casesRun++;

          const read = await api.get(`/assessments/${created.body.code}/results`);
          assert.equal(read.status, 200);
          assert.equal(read.body.id, created.body.id);
          assert.equal(read.body.assessmentType, kind.type);
          assert.equal(read.body.hand, (input as Json).hand);
          const expected = kind.results(input as Json);
          for (const [field, value] of Object.entries(expected)) {
            assert.deepEqual(read.body.results[field], value, `results.${field} of ${JSON.stringify(input)}`);
          }

          const lookup = await api.get(`/lookup/${created.body.formattedCode}`);
          assert.equal(lookup.status, 200);
          assert.equal(lookup.body.code, created.body.code);
          assert.equal(lookup.body.assessmentType, kind.type);
          assert.equal(lookup.body.hand, (input as Json).hand);
          assert.equal(lookup.body.isAnonymous, !owned);
          for (const [field, value] of Object.entries(kind.snapshot(input as Json))) {
            assert.deepEqual(lookup.body.resultSnapshot[field], value, `resultSnapshot.${field} of ${JSON.stringify(input)}`);
          }
        },
      ),
      { numRuns: RUNS, endOnFailure: true, timeout: 30_000, seed: FUZZ_SEED },
    );
  });
}
