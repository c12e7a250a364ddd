import { z } from "zod";
import { endpoint } from "@/lib/api/endpoint";
import { READ_NAMES } from "@/lib/assessments/types";
import {
  ArthritisPattern,
  AssessmentType,
  DifficultyLevel,
  DigitLocation,
  FunctionalTask,
  Hand,
  HandDigit,
  LightingQuality,
  ManagementStrategy,
  MorningStiffnessDuration,
  PainAreaType,
  PainAssessmentMode,
  PainTimeOfDay,
  PainType,
  SymptomOnset,
  SymptomSymmetry,
} from "@/lib/generated/prisma/enums.ts";

// ---------- legacy pain rating (in-memory only, spec: "Resource: legacy pain rating") ----------

export const legacyPainInput = z.object({
  painRating: z.number().min(0).max(10),
  isTakingMedication: z.boolean().optional(),
  isElevating: z.boolean().optional(),
  isResting: z.boolean().optional(),
  isTakingAcetaminophen: z.boolean().optional(),
  isTakingIbuprofen: z.boolean().optional(),
  isTakingNarcotics: z.boolean().optional(),
  otherMedications: z.string().max(2000).optional(),
  comments: z.string().max(4000).optional(),
});

export const legacyPainResponse = legacyPainInput.extend({
  id: z.uuid(),
  dateCreated: z.iso.datetime(),
  isComplete: z.boolean(),
});

export const legacyPainEndpoint = endpoint({
  method: "POST",
  path: "/assessments/pain",
  summary: "Legacy pain rating (not persisted): echoes the rating with an id",
  tag: "Assessments",
  auth: "none",
  body: legacyPainInput,
  responses: [
    { status: 201, description: "The submitted rating with id, dateCreated and isComplete", schema: legacyPainResponse },
    { status: 400, description: "painRating missing or outside 0-10" },
  ],
});

// ---------- shared pieces ----------

// Every number has a documented range (docs/api.md, "Assessments and lookup"); zod's numbers are
// finite, so Infinity (from 1e999) and NaN never pass either.
const score = z.number().min(0).max(100);
const severity = z.number().min(0).max(10);
/** Counts and record ids are PostgreSQL integer columns (int4). */
const INT4_MAX = 2_147_483_647;
const count = z.number().int().min(0).max(INT4_MAX);
/** A joint or wrist angle: at most one full turn either way. */
const angle = z.number().min(-360).max(360);
/** A range of motion (an angle's span). */
const span = z.number().min(0).max(360);
/** Durations in seconds: a test lasts minutes, never more than an hour. */
const seconds = z.number().min(0).max(3600);
/** Taps per second. */
const tapRate = z.number().min(0).max(100);
/** Camera luma statistics (8-bit). */
const luma = z.number().min(0).max(255);

// Every enum is the database's (prisma/schema.prisma, generated into lib/generated/prisma/enums.ts).
export const anyHand = z.enum(Hand);
export const scoredHand = anyHand.exclude(["BOTH"]);
export const handDigit = z.enum(HandDigit);
export const digitLocation = z.enum(DigitLocation);
export const lightingQuality = z.enum(LightingQuality);
/** Camera lighting numbers; kept as sent (other members included). */
export const lightingMetrics = z.looseObject({ meanY: luma.optional(), stdY: luma.optional() });

/** Stored assessment types, and the names reads report (FINGER_TAPPING → DEXTERITY, THUMB_MOVEMENTS → THUMB). */
export const storedAssessmentType = z.enum(AssessmentType);
export const readAssessmentType = z.enum(READ_NAMES);

/** Accepts null as "not given" for optional members (clients send null for unknown values). */
const opt = <T extends z.ZodType>(schema: T) => schema.nullish();

// ---------- ROM (spec: "Resource: ROM assessment input") ----------

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

export const romJointInput = z.looseObject({
  id: opt(z.string().max(100)),
  finger: opt(z.string().max(50)),
  jointType: opt(z.string().max(50)),
  minAngle: opt(angle),
  maxAngle: opt(angle),
  avgAngle: opt(angle),
  rom: opt(span),
  normalRange: opt(z.tuple([angle, angle])),
  flexibilityScore: opt(score),
  frameCount: opt(count),
});

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

// ---------- dexterity (spec: "Resource: dexterity assessment input") ----------

export const dexterityFingerInput = z.looseObject({
  finger: opt(z.string().max(50)),
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
    fingerScores: opt(z.record(z.string().min(1).max(50), dexterityFingerInput)),
    lightingQuality: opt(lightingQuality),
    lightingMetrics: opt(lightingMetrics),
  })
  .refine((input) => Object.keys(input.fingerScores ?? {}).length <= 20, { path: ["fingerScores"], message: "at most 20 fingers" });

// ---------- pain (spec: "Resource: pain session input") ----------

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
  medicationName: z.string().min(1).max(200),
  dose: opt(z.string().max(200)),
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
  comments: opt(z.string().max(4000)),
});

// ---------- arthritis (spec: "Resource: arthritis evaluation input") ----------

export const morningStiffnessDuration = z.enum(MorningStiffnessDuration);
export const difficultyLevel = z.enum(DifficultyLevel);
export const functionalTask = z.enum(FunctionalTask);
export const symptomOnset = z.enum(SymptomOnset);
export const symptomSymmetry = z.enum(SymptomSymmetry);
export const arthritisPattern = z.enum(ArthritisPattern);

export const functionalLimitationInput = z.looseObject({ task: functionalTask, difficulty: difficultyLevel });

export const jointSymptomInput = z.looseObject({
  id: opt(z.string().max(100)),
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
  flags: opt(z.array(z.string().max(200)).max(50)),
});

const recordId = z.number().int().positive().max(INT4_MAX);

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
  clinicalFlags: opt(z.array(z.string().max(500)).max(50)),
  recommendation: opt(z.string().max(4000)),
  sourceRomAssessmentId: opt(recordId),
  sourceDexterityAssessmentId: opt(recordId),
  sourcePainSessionId: opt(recordId),
});

// ---------- result snapshots (spec: "Result snapshot"; stored as sent by POST /lookup/anonymous) ----------
// Known keys are typed and ranged like the submissions' fields. Unknown keys are kept (clients
// evolve, and the lookup returns the snapshot as stored) but, like everything in a snapshot,
// within the caps below: pages, histories, reports and PDFs read snapshots, and one must not
// weigh on them.

/** A snapshot's JSON text (UTF-8 bytes), its nesting (the snapshot object is level 1) and each text in it. */
export const SNAPSHOT_LIMITS = { bytes: 64 * 1024, depth: 5, textLength: 4000 } as const;

type Path = (string | number)[];

/** The first value past a cap (too deep, too long a text, a number beyond ±2^53), with its path. */
function pastLimits(value: unknown, path: Path, depth: number): { path: Path; message: string } | null {
  if (typeof value === "string") {
    return value.length > SNAPSHOT_LIMITS.textLength ? { path, message: `must be at most ${SNAPSHOT_LIMITS.textLength} characters` } : null;
  }
  if (typeof value === "number") {
    return Number.isFinite(value) && Math.abs(value) <= Number.MAX_SAFE_INTEGER
      ? null
      : { path, message: "must be a finite number within ±2^53" };
  }
  if (value === null || typeof value !== "object") return null;
  if (depth > SNAPSHOT_LIMITS.depth) return { path, message: `nests deeper than ${SNAPSHOT_LIMITS.depth} levels` };
  for (const [key, member] of Object.entries(value)) {
    const problem = pastLimits(member, [...path, Array.isArray(value) ? Number(key) : key], depth + 1);
    if (problem) return problem;
  }
  return null;
}

function withinSnapshotLimits(snapshot: Record<string, unknown>, ctx: z.RefinementCtx): void {
  const problem = pastLimits(snapshot, [], 1);
  if (problem) {
    ctx.addIssue({ code: "custom", path: problem.path, message: problem.message });
  } else if (Buffer.byteLength(JSON.stringify(snapshot)) > SNAPSHOT_LIMITS.bytes) {
    ctx.addIssue({ code: "custom", message: `must be at most ${SNAPSHOT_LIMITS.bytes} bytes of JSON` });
  }
}

const snapshotOf = <S extends z.ZodRawShape>(shape: S) => z.looseObject(shape).superRefine(withinSnapshotLimits);

/** ROM (and thumb movements, read like ROM): extensionDeg and flexionDeg are the wrist's maxima. */
export const romSnapshot = snapshotOf({
  overallScore: opt(score),
  wristScore: opt(score),
  fingerScore: opt(score),
  extensionDeg: opt(angle),
  flexionDeg: opt(angle),
  lightingQuality: opt(lightingQuality),
}).meta({ id: "RomSnapshot" });

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

export const painSnapshot = snapshotOf({
  overallScore: opt(score),
  mode: opt(painMode),
  maxSeverity: opt(severity),
  ...painInput.pick({ painType: true, timeOfDay: true, entries: true, strategies: true, medications: true, comments: true }).shape,
}).meta({ id: "PainSnapshot" });

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

// ---------- results trees (GET /assessments/{id}/results; read back by lib/assessments/detail.ts) ----------
// The stored detail of one record as its columns hold it: every member is present, null when the
// column is; lists are in stored order. The unit test of detail.ts checks these name exactly the
// members DETAILS reads.

const stored = <T extends z.ZodType>(schema: T) => schema.nullable();

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

// ---------- responses ----------

const created = { id: z.number().int(), code: z.string(), formattedCode: z.string() };

export const romResponse = z.object({ ...created, overallScore: score, wristScore: score.nullable(), fingerScore: score.nullable() });
export const dexterityResponse = z.object({ ...created, overallScore: score, cycleCount: count, totalTouches: count });
export const painResponse = z.object({
  ...created,
  dateCreated: z.iso.datetime(),
  isComplete: z.boolean(),
  maxSeverity: z
    .number()
    .nullable()
    .describe("The worst entry's severity (0-10); null for a session without entries, which is no rating, not no pain"),
  entryCount: z.number().int(),
});
export const arthritisResponse = z.object({
  ...created,
  compositeScore: z.number().nullable(),
  progressionLevel: z.number().int().nullable(),
  patternType: arthritisPattern.nullable(),
});

// ---------- endpoints ----------

/** Submissions without a token are anonymous creations: metered per address (RATE_LIMIT_WRITES_PER_MINUTE). */
const submission = { tag: "Assessments", auth: "optional" as const, limits: ["anonymous-write" as const] };

export const romEndpoint = endpoint({
  method: "POST",
  path: "/assessments/rom",
  summary: "Submit a scored range-of-motion assessment; returns its sharing code",
  ...submission,
  body: romInput,
  responses: [
    { status: 201, description: "Stored; anonymous (expires in 90 days) without a token, owned with one", schema: romResponse },
    { status: 400, description: "hand or overallScore missing, or a field out of range" },
    { status: 500, description: "Persistence failure" },
  ],
});

export const dexterityEndpoint = endpoint({
  method: "POST",
  path: "/assessments/dexterity",
  summary: "Submit a scored dexterity (finger tapping) assessment; returns its sharing code",
  ...submission,
  body: dexterityInput,
  responses: [
    { status: 201, description: "Stored (as FINGER_TAPPING)", schema: dexterityResponse },
    { status: 400, description: "A required field is missing or a field is out of range" },
  ],
});

export const painV2Endpoint = endpoint({
  method: "POST",
  path: "/assessments/pain-v2",
  summary: "Submit a pain session; maxSeverity and the snapshot's overallScore are derived from the entries",
  ...submission,
  body: painInput,
  responses: [
    { status: 201, description: "Stored", schema: painResponse },
    { status: 400, description: "hand or mode missing, or a field out of range" },
  ],
});

export const arthritisEndpoint = endpoint({
  method: "POST",
  path: "/assessments/arthritis",
  summary: "Submit an arthritis evaluation; the client's computed values are stored unchanged",
  ...submission,
  body: arthritisInput,
  responses: [
    { status: 201, description: "Stored", schema: arthritisResponse },
    { status: 400, description: "hand missing or a field out of range" },
  ],
});
