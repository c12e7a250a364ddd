// Submissions: every scored assessment becomes one record with a fresh sharing code, a
// headline snapshot and its detail rows. Without a caller the record is owned by a new
// anonymous contact and expires in 90 days; with one it is the caller's and also adds the
// day's score point.
import type { z } from "zod";
import type { AuthUser } from "@/lib/auth/guard";
import { formatCode, withFreshCode } from "@/lib/codes";
import { db } from "@/lib/db";
import type { AssessmentType, Hand, Prisma } from "@/lib/generated/prisma/client.ts";
import { scoreDay, scoreValuesFor, wristColumns, type Snapshot } from "@/lib/assessments/read";
import type { arthritisInput, dexterityInput, painInput, romInput } from "@/lib/assessments/schemas";

export const ANONYMOUS_LIFETIME_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

export type RomInput = z.output<typeof romInput>;
export type DexterityInput = z.output<typeof dexterityInput>;
export type PainInput = z.output<typeof painInput>;
export type ArthritisInput = z.output<typeof arthritisInput>;

type Detail = Pick<Prisma.AssessmentCreateInput, "rom" | "dexterity" | "pain" | "arthritis">;

export interface NewRecord {
  type: AssessmentType;
  hand: Hand | null;
  snapshot: Snapshot;
  detail?: Detail;
  email?: string | null;
}

export interface CreatedRecord {
  id: number;
  code: string;
  formattedCode: string;
  dateCreated: Date;
}

/** Stores a record with a fresh code; owned by `owner`, or anonymous (new contact, 90-day expiry). */
export async function createRecord(record: NewRecord, owner: Pick<AuthUser, "contactId"> | null): Promise<CreatedRecord> {
  const now = new Date();
  const score = owner ? scoreValuesFor(record.type, record.snapshot) : null;
  const row = await withFreshCode((code) =>
    db().assessment.create({
      data: {
        code,
        assessmentType: record.type,
        hand: record.hand,
        resultSnapshot: record.snapshot as Prisma.InputJsonObject,
        email: record.email ?? null,
        isAnonymous: !owner,
        expiresAt: owner ? null : new Date(now.getTime() + ANONYMOUS_LIFETIME_DAYS * DAY_MS),
        dateCreated: now,
        owner: owner ? { connect: { id: owner.contactId } } : { create: { kind: "ANONYMOUS" } },
        ...record.detail,
        ...(owner && score
          ? { scorePoint: { create: { contact: { connect: { id: owner.contactId } }, day: scoreDay(now), hand: record.hand, ...score } } }
          : {}),
      },
      select: { id: true, code: true, dateCreated: true },
    }),
  );
  return { id: row.id, code: row.code, formattedCode: formatCode(row.code), dateCreated: row.dateCreated };
}

const orNull = <T>(value: T | null | undefined): T | null => value ?? null;
const json = (value: Record<string, unknown> | null | undefined) => (value ? (value as Prisma.InputJsonObject) : undefined);

// ---------- ROM ----------

export async function submitRom(input: RomInput, user: AuthUser | null) {
  const wrist = input.wrist ?? {};
  const snapshot: Snapshot = {
    overallScore: input.overallScore,
    wristScore: orNull(input.wristScore),
    fingerScore: orNull(input.fingerScore),
    extensionDeg: orNull(wrist.max_extension_deg),
    flexionDeg: orNull(wrist.max_flexion_deg),
    lightingQuality: orNull(input.lightingQuality),
  };
  const wristValues = Object.fromEntries(wristColumns.map(([name, column]) => [column, orNull(wrist[name])]));
  const created = await createRecord(
    {
      type: "ROM",
      hand: input.hand,
      snapshot,
      detail: {
        rom: {
          create: {
            hand: input.hand,
            overallScore: input.overallScore,
            wristScore: orNull(input.wristScore),
            fingerScore: orNull(input.fingerScore),
            lightingQuality: orNull(input.lightingQuality),
            lightingMetrics: json(input.lightingMetrics),
            ...wristValues,
            handResults: {
              create: [
                {
                  hand: input.hand,
                  wristScore: orNull(input.wristScore),
                  fingerScore: orNull(input.fingerScore),
                  jointResults: {
                    create: (input.joints ?? []).map((joint, position) => ({
                      position,
                      jointId: orNull(joint.id),
                      finger: orNull(joint.finger),
                      jointType: orNull(joint.jointType),
                      minAngle: orNull(joint.minAngle),
                      maxAngle: orNull(joint.maxAngle),
                      avgAngle: orNull(joint.avgAngle),
                      rom: orNull(joint.rom),
                      normalRangeMin: joint.normalRange ? joint.normalRange[0] : null,
                      normalRangeMax: joint.normalRange ? joint.normalRange[1] : null,
                      flexibilityScore: orNull(joint.flexibilityScore),
                      frameCount: orNull(joint.frameCount),
                    })),
                  },
                },
              ],
            },
          },
        },
      },
    },
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
  const created = await createRecord(
    {
      type: "FINGER_TAPPING",
      hand: input.hand,
      snapshot,
      detail: {
        dexterity: {
          create: {
            hand: input.hand,
            duration: input.duration,
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
            lightingQuality: orNull(input.lightingQuality),
            lightingMetrics: json(input.lightingMetrics),
            fingerResults: {
              create: Object.entries(input.fingerScores ?? {}).map(([fingerKey, finger]) => ({
                fingerKey,
                finger: orNull(finger.finger),
                accuracy: orNull(finger.accuracy),
                consistency: orNull(finger.consistency),
                score: orNull(finger.score),
                touchCount: orNull(finger.touchCount),
              })),
            },
          },
        },
      },
    },
    user,
  );
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

/** Pain's headline: the worst entry (0 with none), and 100 × (1 − maxSeverity/10) as its score. */
export function painScores(entries: readonly { severity: number }[]): { maxSeverity: number; overallScore: number } {
  const maxSeverity = entries.reduce((max, entry) => Math.max(max, entry.severity), 0);
  return { maxSeverity, overallScore: 100 * (1 - maxSeverity / 10) };
}

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
    {
      type: "PAIN",
      hand: input.hand,
      snapshot,
      detail: {
        pain: {
          create: {
            mode: input.mode,
            hand: input.hand,
            painType: orNull(input.painType),
            timeOfDay: orNull(input.timeOfDay),
            maxSeverity,
            comments: orNull(input.comments),
            isComplete: true,
            entries: { create: entries.map((entry, position) => ({ position, ...entry })) },
            medications: { create: medications.map((medication, position) => ({ position, ...medication })) },
            strategies: { create: strategies.map((strategy, position) => ({ position, strategy })) },
          },
        },
      },
    },
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
  const clinicalFlags = input.clinicalFlags ?? [];
  const snapshot: Snapshot = { ...computed, clinicalFlags };
  const created = await createRecord(
    {
      type: "ARTHRITIS",
      hand: input.hand,
      snapshot,
      detail: {
        arthritis: {
          create: {
            hand: input.hand,
            morningStiffnessDuration: orNull(input.morningStiffnessDuration),
            morningStiffnessSeverity: orNull(input.morningStiffnessSeverity),
            symptomSymmetry: orNull(input.symptomSymmetry),
            symptomOnset: orNull(input.symptomOnset),
            familyHistoryArthritis: orNull(input.familyHistoryArthritis),
            ...computed,
            clinicalFlags,
            recommendation: orNull(input.recommendation),
            sourceRomAssessmentId: orNull(input.sourceRomAssessmentId),
            sourceDexterityAssessmentId: orNull(input.sourceDexterityAssessmentId),
            sourcePainSessionId: orNull(input.sourcePainSessionId),
            functionalLimitations: {
              create: (input.functionalLimitations ?? []).map((l, position) => ({ position, task: l.task, difficulty: l.difficulty })),
            },
            jointSymptoms: {
              create: (input.jointSymptoms ?? []).map((s, position) => ({
                position,
                jointId: orNull(s.id),
                digit: orNull(s.digit),
                location: orNull(s.location),
                tenderness: orNull(s.tenderness),
                swelling: orNull(s.swelling),
                warmth: orNull(s.warmth),
                crepitus: orNull(s.crepitus),
              })),
            },
            jointHealth: {
              create: (input.jointHealthMap ?? []).map((j, position) => ({
                position,
                digit: orNull(j.digit),
                location: orNull(j.location),
                healthScore: orNull(j.healthScore),
                romScore: orNull(j.romScore),
                painScore: orNull(j.painScore),
                hasSymptoms: orNull(j.hasSymptoms),
                flags: j.flags ?? [],
              })),
            },
          },
        },
      },
    },
    user,
  );
  return {
    id: created.id,
    code: created.code,
    formattedCode: created.formattedCode,
    compositeScore: computed.compositeScore,
    progressionLevel: computed.progressionLevel,
    patternType: computed.patternType,
  };
}
