import { z } from "zod";
import { CONTROL_CHARACTERS, hasControlCharacters, text } from "@/lib/api/text";
import { endpoint } from "@/lib/api/endpoint";
import { READ_NAMES } from "@/lib/assessments/types";
import { AssessmentType, DigitLocation, Hand, HandDigit, LightingQuality } from "@/lib/generated/prisma/enums.ts";

// ---------- legacy pain rating (in-memory only, spec: "Resource: legacy pain rating") ----------

export const legacyPainInput = z.object({
  painRating: z.number().min(0).max(10),
  isTakingMedication: z.boolean().optional(),
  isElevating: z.boolean().optional(),
  isResting: z.boolean().optional(),
  isTakingAcetaminophen: z.boolean().optional(),
  isTakingIbuprofen: z.boolean().optional(),
  isTakingNarcotics: z.boolean().optional(),
  otherMedications: text().max(2000).optional(),
  comments: text().max(4000).optional(),
});

export const legacyPainResponse = legacyPainInput.extend({
  id: z.uuid(),
  dateCreated: z.iso.datetime(),
  isComplete: z.boolean(),
});

export const legacyPainEndpoint = endpoint({
  method: "POST",
  path: "/assessments/pain",
  operationId: "submitLegacyPainAssessment",
  requestExample: { painRating: 4, isTakingMedication: true, isTakingIbuprofen: true, comments: "Stiff after gardening" },
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
// What every kind's contract (lib/assessments/kinds/<kind>-contract.ts) builds its schemas from.

// Every number has a documented range (docs/api.md, "Assessments and lookup"); zod's numbers are
// finite, so Infinity (from 1e999) and NaN never pass either.
export const score = z.number().min(0).max(100);
export const severity = z.number().min(0).max(10);
/** Counts and record ids are PostgreSQL integer columns (int4). */
export const INT4_MAX = 2_147_483_647;
export const count = z.number().int().min(0).max(INT4_MAX);
/** A joint or wrist angle: at most one full turn either way. */
export const angle = z.number().min(-360).max(360);
/** A range of motion (an angle's span). */
export const span = z.number().min(0).max(360);
/** Durations in seconds: a test lasts minutes, never more than an hour. */
export const seconds = z.number().min(0).max(3600);
/** Taps per second. */
export const tapRate = z.number().min(0).max(100);
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
export const opt = <T extends z.ZodType>(schema: T) => schema.nullish();

// ---------- result snapshots (spec: "Result snapshot"; stored as sent by POST /lookup/anonymous) ----------
// Known keys are typed and ranged like the submissions' fields. Unknown keys are kept (clients
// evolve, and the lookup returns the snapshot as stored) but, like everything in a snapshot,
// within the caps below: pages, histories, reports and PDFs read snapshots, and one must not
// weigh on them.

/** A snapshot's JSON text (UTF-8 bytes), its nesting (the snapshot object is level 1) and each text in it. */
export const SNAPSHOT_LIMITS = { bytes: 64 * 1024, depth: 5, textLength: 4000 } as const;

type Path = (string | number)[];

/** The first value past a cap (too deep, too long a text, a control character, a number beyond ±2^53), with its path. */
function pastLimits(value: unknown, path: Path, depth: number): { path: Path; message: string } | null {
  if (typeof value === "string") {
    if (hasControlCharacters(value)) return { path, message: CONTROL_CHARACTERS };
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
    if (hasControlCharacters(key)) return { path: [...path, key], message: CONTROL_CHARACTERS };
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

/** A snapshot: its known members typed, unknown ones kept, everything within SNAPSHOT_LIMITS. */
export const snapshotOf = <S extends z.ZodRawShape>(shape: S) => z.looseObject(shape).superRefine(withinSnapshotLimits);

// ---------- results trees and responses ----------

/** A results tree's member as its column holds it: present, null when the column is. */
export const stored = <T extends z.ZodType>(schema: T) => schema.nullable();

/** A record id another record points at. */
export const recordId = z.number().int().positive().max(INT4_MAX);

/** What every submission answers first: the record's id and its sharing code. */
export const createdFields = { id: z.number().int(), code: z.string(), formattedCode: z.string() };

/** The Idempotency-Key header's form: a client's random id (a UUID fits), long enough not to be guessed. */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{16,128}$/;

const idempotencyHeaders = z.object({
  "Idempotency-Key": z
    .string()
    .regex(IDEMPOTENCY_KEY)
    .optional()
    .describe(
      "A client's id for this submission (16-128 letters, digits, '-' or '_'; a UUID fits): sent again with the same body by the same caller, it answers the record the first send made instead of making another",
    ),
});

/**
 * Submissions without a token are anonymous creations: metered per address (RATE_LIMIT_WRITES_PER_MINUTE).
 * Each takes an Idempotency-Key, so a client that lost the answer can send again without a second record.
 */
export const submissionTraits = {
  tag: "Assessments",
  auth: "optional" as const,
  limits: ["anonymous-write" as const],
  headers: idempotencyHeaders,
};

/** The answer when an Idempotency-Key already made a record from another body (or another caller's). */
export const idempotencyConflict = { status: 409, description: "This Idempotency-Key was sent before with another body" } as const;
