// Submissions: every scored assessment becomes one record with a fresh sharing code, a
// headline snapshot and its detail rows. Without a caller the record is owned by a new
// anonymous contact and expires in 90 days; with one it is the caller's and also adds the
// day's score point.
// The rows are written with plain SQL in one statement: Prisma's nested create cost five times
// the database's own work here (docs/performance.md). Each type's detail rows are its
// results tree (what GET /assessments/:id/results gives back) as detail.ts describes it.
import type { z } from "zod";
import type { AuthUser } from "@/lib/auth/guard";
import { formatCode, withFreshCode } from "@/lib/codes";
import { withConnection } from "@/lib/db";
import { insertTree, type ChildRows, type RowNode } from "@/lib/db/insert";
import type { AssessmentType, Hand } from "@/lib/generated/prisma/client.ts";
import { detailRows, type DetailType } from "@/lib/assessments/detail";
import { scoreDay, scoreValuesFor, type ResultsTree, type Snapshot } from "@/lib/assessments/read";
import { painScores } from "@/lib/assessments/kinds/pain";
import type { arthritisInput, dexterityInput, painInput, romInput } from "@/lib/assessments/schemas";

export const ANONYMOUS_LIFETIME_DAYS = 90;
/** A sample ("Try a sample result") is there to look at once, not to keep. */
export const SAMPLE_LIFETIME_DAYS = 1;
const DAY_MS = 24 * 60 * 60 * 1000;

export type RomInput = z.output<typeof romInput>;
export type DexterityInput = z.output<typeof dexterityInput>;
export type PainInput = z.output<typeof painInput>;
export type ArthritisInput = z.output<typeof arthritisInput>;

/** A record to store; a type with detail tables may bring its results tree, stored in them. */
export type NewRecord = {
  hand: Hand | null;
  snapshot: Snapshot;
  email?: string | null;
  /** Made by "Try a sample result": anonymous, marked as a sample, short-lived. */
  sample?: boolean;
} & ({ type: AssessmentType; results?: undefined } | { type: DetailType; results: ResultsTree });

export interface CreatedRecord {
  id: number;
  code: string;
  formattedCode: string;
  dateCreated: Date;
}

/**
 * Stores a record with a fresh code; owned by `owner`, or anonymous (new contact, 90-day expiry).
 * Its rows (the anonymous contact, the assessment, its detail rows, the score point) go in one
 * statement: one round trip, atomic without a transaction (lib/db/insert.ts).
 */
export async function createRecord(record: NewRecord, owner: Pick<AuthUser, "contactId"> | null): Promise<CreatedRecord> {
  const now = new Date();
  if (record.sample && owner) throw new Error("a sample record is never owned");
  const lifetimeDays = record.sample ? SAMPLE_LIFETIME_DAYS : ANONYMOUS_LIFETIME_DAYS;
  const score = owner ? scoreValuesFor(record.type, record.snapshot) : null;
  const below: ChildRows[] = [];
  if (record.results) below.push(detailRows(record.type, record.results));
  if (owner && score) {
    below.push({
      table: "score_points",
      foreignKey: "assessment_id",
      rows: [
        {
          row: {
            contact_id: owner.contactId,
            // A date column: the day as text, so the driver's time zone cannot move it.
            day: scoreDay(now).toISOString().slice(0, 10),
            hand: record.hand,
            overall_score: score.overallScore,
            rom_score: score.romScore,
            dexterity_score: score.dexterityScore,
            pain_score: score.painScore,
          },
        },
      ],
    });
  }
  const { id, code } = await withFreshCode((code) =>
    withConnection(async (sql) => {
      const assessment: RowNode<"assessments"> = {
        row: {
          code,
          assessment_type: record.type,
          hand: record.hand,
          result_snapshot: record.snapshot,
          email: record.email ?? null,
          is_anonymous: !owner,
          is_sample: record.sample === true,
          expires_at: owner ? null : new Date(now.getTime() + lifetimeDays * DAY_MS),
          date_created: now,
          ...(owner ? { owner_id: owner.contactId } : {}),
        },
        children: below,
      };
      // Anonymous: a new contact first, whose id the assessment's owner_id takes.
      const ids = owner
        ? await insertTree(sql, "assessments", assessment)
        : await insertTree(sql, "contacts", {
            row: { kind: "ANONYMOUS", updated_at: now },
            children: [{ table: "assessments", foreignKey: "owner_id", rows: [assessment] }],
          });
      return { id: ids.get(assessment)!, code };
    }),
  );
  return { id, code, formattedCode: formatCode(code), dateCreated: now };
}

const orNull = <T>(value: T | null | undefined): T | null => value ?? null;

// ---------- ROM ----------

export async function submitRom(input: RomInput, user: AuthUser | null, options: { sample?: boolean } = {}) {
  const wrist = input.wrist ?? {};
  const snapshot: Snapshot = {
    overallScore: input.overallScore,
    wristScore: orNull(input.wristScore),
    fingerScore: orNull(input.fingerScore),
    extensionDeg: orNull(wrist.max_extension_deg),
    flexionDeg: orNull(wrist.max_flexion_deg),
    lightingQuality: orNull(input.lightingQuality),
  };
  // One hand is measured per submission: its scores are the submission's, its joints all of them.
  const handResult = { hand: input.hand, wristScore: input.wristScore, fingerScore: input.fingerScore, jointResults: input.joints };
  const created = await createRecord(
    { type: "ROM", hand: input.hand, snapshot, sample: options.sample, results: { ...input, handResults: [handResult] } },
    user,
  );
  return {
    id: created.id,
    code: created.code,
    formattedCode: created.formattedCode,
    overallScore: input.overallScore,
    wristScore: orNull(input.wristScore),
    fingerScore: orNull(input.fingerScore),
  };
}

// ---------- dexterity ----------

export async function submitDexterity(input: DexterityInput, user: AuthUser | null) {
  const touchPrecision = input.touchPrecision ?? input.accuracyScore ?? null;
  const snapshot: Snapshot = {
    overallScore: input.overallScore,
    speedScore: input.speedScore,
    touchPrecision,
    consistencyScore: input.consistencyScore,
    cycleCount: input.cycleCount,
    totalTouches: input.totalTouches,
    sequencesCompleted: orNull(input.sequencesCompleted),
    timeTo10Sequences: orNull(input.timeTo10Sequences),
    averageFrequency: orNull(input.averageFrequency),
    sequenceAccuracy: orNull(input.sequenceAccuracy),
  };
  const created = await createRecord({ type: "FINGER_TAPPING", hand: input.hand, snapshot, results: { ...input, touchPrecision } }, user);
  return {
    id: created.id,
    code: created.code,
    formattedCode: created.formattedCode,
    overallScore: input.overallScore,
    cycleCount: input.cycleCount,
    totalTouches: input.totalTouches,
  };
}

// ---------- pain ----------

export async function submitPain(input: PainInput, user: AuthUser | null) {
  const entries = (input.entries ?? []).map((e) => ({
    areaType: e.areaType,
    hand: e.hand,
    digit: orNull(e.digit),
    location: orNull(e.location),
    severity: e.severity,
  }));
  const medications = (input.medications ?? []).map((m) => ({
    medicationName: m.medicationName,
    dose: orNull(m.dose),
    effectivenessRating: orNull(m.effectivenessRating),
  }));
  const strategies = input.strategies ?? [];
  const { maxSeverity, overallScore } = painScores(entries);
  const snapshot: Snapshot = {
    overallScore,
    mode: input.mode,
    maxSeverity,
    painType: orNull(input.painType),
    timeOfDay: orNull(input.timeOfDay),
    entries,
    strategies,
    medications,
    comments: orNull(input.comments),
  };
  const created = await createRecord(
    { type: "PAIN", hand: input.hand, snapshot, results: { ...input, maxSeverity, isComplete: true } },
    user,
  );
  return {
    id: created.id,
    code: created.code,
    formattedCode: created.formattedCode,
    dateCreated: created.dateCreated.toISOString(),
    isComplete: true,
    maxSeverity,
    entryCount: entries.length,
  };
}

// ---------- arthritis ----------

export async function submitArthritis(input: ArthritisInput, user: AuthUser | null) {
  const computed = {
    compositeScore: orNull(input.compositeScore),
    progressionLevel: orNull(input.progressionLevel),
    patternType: orNull(input.patternType),
    romDeficitScore: orNull(input.romDeficitScore),
    painBurdenScore: orNull(input.painBurdenScore),
    functionalScore: orNull(input.functionalScore),
    stiffnessScore: orNull(input.stiffnessScore),
    affectedJointCount: orNull(input.affectedJointCount),
  };
  const snapshot: Snapshot = { ...computed, clinicalFlags: input.clinicalFlags ?? [] };
  const created = await createRecord({ type: "ARTHRITIS", hand: input.hand, snapshot, results: input }, user);
  return {
    id: created.id,
    code: created.code,
    formattedCode: created.formattedCode,
    compositeScore: computed.compositeScore,
    progressionLevel: computed.progressionLevel,
    patternType: computed.patternType,
  };
}

// ---------- kinds the service scores itself (lib/assessments/kinds, `submission`) ----------

/** Stores what the kind builds from a valid body; answers the code and the kind's reply. */
export async function submitKind<I, R extends Record<string, unknown>>(
  type: AssessmentType,
  build: (input: I) => { hand: Hand | null; snapshot: Snapshot; reply: R },
  input: I,
  user: AuthUser | null,
) {
  const { hand, snapshot, reply } = build(input);
  const created = await createRecord({ type, hand, snapshot }, user);
  return { id: created.id, code: created.code, formattedCode: created.formattedCode, ...reply };
}
