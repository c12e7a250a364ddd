import { z } from "zod";
import { endpoint } from "@/lib/api/endpoint";

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

const score = z.number().min(0).max(100);
const severity = z.number().min(0).max(10);
/** Counts and record ids are PostgreSQL integer columns (int4). */
const INT4_MAX = 2_147_483_647;
const count = z.number().int().min(0).max(INT4_MAX);
const measure = z.number();
const nonNegative = z.number().min(0);

export const scoredHand = z.enum(["LEFT", "RIGHT"]);
export const anyHand = z.enum(["LEFT", "RIGHT", "BOTH"]);
export const handDigit = z.enum(["THUMB", "INDEX", "MIDDLE", "RING", "LITTLE"]);
export const digitLocation = z.enum(["TIP", "DIP", "PIP", "MCP", "CMC", "PALM", "DORSAL"]);
export const lightingQuality = z.enum(["GOOD", "FAIR", "POOR"]);
/** Camera lighting numbers; kept as sent (other members included). */
export const lightingMetrics = z.looseObject({ meanY: measure.optional(), stdY: measure.optional() });

/** Stored assessment types, and the names reads report (FINGER_TAPPING → DEXTERITY, THUMB_MOVEMENTS → THUMB). */
export const storedAssessmentType = z.enum(["ROM", "FINGER_TAPPING", "PAIN", "ARTHRITIS", "THUMB_MOVEMENTS"]);
export const readAssessmentType = z.enum(["ROM", "DEXTERITY", "PAIN", "ARTHRITIS", "THUMB"]);

/** Accepts null as "not given" for optional members (clients send null for unknown values). */
const opt = <T extends z.ZodType>(schema: T) => schema.nullish();

// ---------- ROM (spec: "Resource: ROM assessment input") ----------

export const romWristInput = z.looseObject({
  unsigned_rom_deg: opt(measure),
  max_extension_deg: opt(measure),
  min_extension_deg: opt(measure),
  avg_extension_deg: opt(measure),
  max_flexion_deg: opt(measure),
  min_flexion_deg: opt(measure),
  avg_flexion_deg: opt(measure),
  frames_total: opt(count),
  frames_valid: opt(count),
  percent_valid_frames: opt(z.number().min(0).max(100)),
});

export const romJointInput = z.looseObject({
  id: opt(z.string().max(100)),
  finger: opt(z.string().max(50)),
  jointType: opt(z.string().max(50)),
  minAngle: opt(measure),
  maxAngle: opt(measure),
  avgAngle: opt(measure),
  rom: opt(measure),
  normalRange: opt(z.tuple([measure, measure])),
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
    duration: nonNegative,
    overallScore: score,
    speedScore: score,
    consistencyScore: score,
    cycleCount: count,
    totalTouches: count,
    touchPrecision: opt(score),
    /** Legacy name of touchPrecision. */
    accuracyScore: opt(score),
    sequencesCompleted: opt(count),
    timeTo10Sequences: opt(nonNegative),
    averageFrequency: opt(nonNegative),
    sequenceAccuracy: opt(nonNegative),
    fingerScores: opt(z.record(z.string().min(1).max(50), dexterityFingerInput)),
    lightingQuality: opt(lightingQuality),
    lightingMetrics: opt(lightingMetrics),
  })
  .refine((input) => Object.keys(input.fingerScores ?? {}).length <= 20, { path: ["fingerScores"], message: "at most 20 fingers" });

// ---------- pain (spec: "Resource: pain session input") ----------

export const painType = z.enum(["SHARP", "DULL_ACHING", "BURNING", "THROBBING", "TINGLING_NUMBNESS", "STIFFNESS", "SWELLING"]);
export const painTimeOfDay = z.enum(["MORNING", "AFTERNOON", "EVENING", "NIGHT", "CONSTANT"]);
export const painMode = z.enum(["QUICK", "DETAILED"]);
export const painAreaType = z.enum(["DIGIT_JOINT", "PALM", "DORSAL", "WRIST"]);
export const managementStrategy = z.enum(["ELEVATION", "REST", "ICE", "COMPRESSION", "SPLINTING", "OTHER"]);

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

export const morningStiffnessDuration = z.enum(["NONE", "UNDER_15_MIN", "MIN_15_TO_30", "MIN_30_TO_60", "OVER_60_MIN"]);
export const difficultyLevel = z.enum(["NONE", "MILD", "MODERATE", "SEVERE", "UNABLE"]);
export const functionalTask = z.enum([
  "GRIPPING", "PINCHING", "TURNING_KEY", "OPENING_JAR", "WRITING", "BUTTONING", "CUTTING_FOOD", "CARRYING", "WRINGING", "TYPING",
]);
export const symptomOnset = z.enum(["GRADUAL_MONTHS", "GRADUAL_YEARS", "SUDDEN_WEEKS", "FLARE_UPS"]);
export const symptomSymmetry = z.enum(["LEFT_ONLY", "RIGHT_ONLY", "BOTH_SYMMETRIC", "BOTH_ASYMMETRIC"]);
export const arthritisPattern = z.enum(["UNDETERMINED", "OA_PATTERN", "RA_PATTERN", "MIXED"]);

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

// ---------- responses ----------

const created = { id: z.number().int(), code: z.string(), formattedCode: z.string() };

export const romResponse = z.object({ ...created, overallScore: z.number(), wristScore: z.number().nullable(), fingerScore: z.number().nullable() });
export const dexterityResponse = z.object({ ...created, overallScore: z.number(), cycleCount: z.number().int(), totalTouches: z.number().int() });
export const painResponse = z.object({
  ...created,
  dateCreated: z.iso.datetime(),
  isComplete: z.boolean(),
  maxSeverity: z.number(),
  entryCount: z.number().int(),
});
export const arthritisResponse = z.object({
  ...created,
  compositeScore: z.number().nullable(),
  progressionLevel: z.number().int().nullable(),
  patternType: arthritisPattern.nullable(),
});

/** The results tree of one record; its shape depends on assessmentType (see lib/assessments/read.ts). */
export const resultsTree = z.record(z.string(), z.unknown()).nullable();

export const assessmentResultsResponse = z.object({
  id: z.number().int(),
  code: z.string(),
  formattedCode: z.string(),
  assessmentType: readAssessmentType,
  hand: anyHand.nullable(),
  dateCreated: z.iso.datetime(),
  resultSnapshot: z.record(z.string(), z.unknown()),
  results: resultsTree,
});

// ---------- endpoints ----------

const submission = { tag: "Assessments", auth: "optional" as const };

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

/** A numeric record id or a sharing code (any case, dash optional); anything else is a 404. */
export const assessmentRefParams = z.object({ id: z.string().max(20) });

export const assessmentResultsEndpoint = endpoint({
  method: "GET",
  path: "/assessments/{id}/results",
  summary: "One assessment with its full results tree, by sharing code (any caller) or numeric id (its owner or staff)",
  tag: "Assessments",
  auth: "optional",
  params: assessmentRefParams,
  responses: [
    { status: 200, description: "The record and its results tree (null when no detail row is linked)", schema: assessmentResultsResponse },
    { status: 404, description: "No record matches, or it expired" },
    { status: 429, description: "Too many code lookups from this address" },
  ],
});
