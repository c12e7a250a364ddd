// Submissions: every scored assessment becomes one record with a fresh sharing code, a
// headline snapshot and its detail rows. Without a caller the record is owned by a new
// anonymous contact and expires in 90 days; with one it is the caller's and also adds the
// day's score point.
// The rows are written with plain SQL in one transaction: Prisma's nested create cost five
// times the database's own work here (docs/performance.md).
import type { z } from "zod";
import type { AuthUser } from "@/lib/auth/guard";
import { formatCode, withFreshCode } from "@/lib/codes";
import { withTransaction } from "@/lib/db";
import { insertRow, insertTree, type RowNode } from "@/lib/db/insert";
import type { AssessmentType, Hand } from "@/lib/generated/prisma/client.ts";
import { scoreDay, scoreValuesFor, wristColumns, type Snapshot } from "@/lib/assessments/read";
import type { arthritisInput, dexterityInput, painInput, romInput } from "@/lib/assessments/schemas";

export const ANONYMOUS_LIFETIME_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

export type RomInput = z.output<typeof romInput>;
export type DexterityInput = z.output<typeof dexterityInput>;
export type PainInput = z.output<typeof painInput>;
export type ArthritisInput = z.output<typeof arthritisInput>;

type DetailTable = "rom_assessments" | "dexterity_assessments" | "pain_sessions" | "arthritis_evaluations";

/** The type's detail table row (its assessment_id is filled in) and the rows below it. */
type Detail = { [T in DetailTable]: { table: T; node: RowNode<T> } }[DetailTable];

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
  const { id, code } = await withFreshCode((code) =>
    withTransaction(async (sql) => {
      const ownerId = owner ? owner.contactId : await insertRow(sql, "contacts", { kind: "ANONYMOUS", updated_at: now });
      const id = await insertRow(sql, "assessments", {
        code,
        assessment_type: record.type,
        hand: record.hand,
        result_snapshot: record.snapshot,
        email: record.email ?? null,
        is_anonymous: !owner,
        expires_at: owner ? null : new Date(now.getTime() + ANONYMOUS_LIFETIME_DAYS * DAY_MS),
        date_created: now,
        owner_id: ownerId,
      });
      if (record.detail) {
        const { table, node } = record.detail;
        await insertTree(sql, table, { ...node, row: { ...node.row, assessment_id: id } });
      }
      if (owner && score) {
        await insertRow(sql, "score_points", {
          contact_id: owner.contactId,
          assessment_id: id,
          // A date column: the day as text, so the driver's time zone cannot move it.
          day: scoreDay(now).toISOString().slice(0, 10),
          hand: record.hand,
          overall_score: score.overallScore,
          rom_score: score.romScore,
          dexterity_score: score.dexterityScore,
          pain_score: score.painScore,
        });
      }
      return { id, code };
    }),
  );
  return { id, code, formattedCode: formatCode(code), dateCreated: now };
}

const orNull = <T>(value: T | null | undefined): T | null => value ?? null;

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
  const wristValues = Object.fromEntries(wristColumns.map(([name]) => [name, orNull(wrist[name])]));
  const created = await createRecord(
    {
      type: "ROM",
      hand: input.hand,
      snapshot,
      detail: {
        table: "rom_assessments",
        node: {
          row: {
            hand: input.hand,
            overall_score: input.overallScore,
            wrist_score: orNull(input.wristScore),
            finger_score: orNull(input.fingerScore),
            lighting_quality: orNull(input.lightingQuality),
            lighting_metrics: orNull(input.lightingMetrics),
            ...wristValues,
          },
          children: [
            {
              table: "rom_hand_results",
              foreignKey: "rom_assessment_id",
              rows: [
                {
                  row: { hand: input.hand, wrist_score: orNull(input.wristScore), finger_score: orNull(input.fingerScore) },
                  children: [
                    {
                      table: "rom_joint_results",
                      foreignKey: "hand_result_id",
                      rows: (input.joints ?? []).map((joint, position) => ({
                        row: {
                          position,
                          joint_id: orNull(joint.id),
                          finger: orNull(joint.finger),
                          joint_type: orNull(joint.jointType),
                          min_angle: orNull(joint.minAngle),
                          max_angle: orNull(joint.maxAngle),
                          avg_angle: orNull(joint.avgAngle),
                          rom: orNull(joint.rom),
                          normal_range_min: joint.normalRange ? joint.normalRange[0] : null,
                          normal_range_max: joint.normalRange ? joint.normalRange[1] : null,
                          flexibility_score: orNull(joint.flexibilityScore),
                          frame_count: orNull(joint.frameCount),
                        },
                      })),
                    },
                  ],
                },
              ],
            },
          ],
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
        table: "dexterity_assessments",
        node: {
          row: {
            hand: input.hand,
            duration: input.duration,
            overall_score: input.overallScore,
            speed_score: input.speedScore,
            touch_precision: touchPrecision,
            consistency_score: input.consistencyScore,
            cycle_count: input.cycleCount,
            total_touches: input.totalTouches,
            sequences_completed: orNull(input.sequencesCompleted),
            time_to_10_sequences: orNull(input.timeTo10Sequences),
            average_frequency: orNull(input.averageFrequency),
            sequence_accuracy: orNull(input.sequenceAccuracy),
            lighting_quality: orNull(input.lightingQuality),
            lighting_metrics: orNull(input.lightingMetrics),
          },
          children: [
            {
              table: "dexterity_finger_results",
              foreignKey: "dexterity_assessment_id",
              rows: Object.entries(input.fingerScores ?? {}).map(([fingerKey, finger]) => ({
                row: {
                  finger_key: fingerKey,
                  finger: orNull(finger.finger),
                  accuracy: orNull(finger.accuracy),
                  consistency: orNull(finger.consistency),
                  score: orNull(finger.score),
                  touch_count: orNull(finger.touchCount),
                },
              })),
            },
          ],
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
        table: "pain_sessions",
        node: {
          row: {
            mode: input.mode,
            hand: input.hand,
            pain_type: orNull(input.painType),
            time_of_day: orNull(input.timeOfDay),
            max_severity: maxSeverity,
            comments: orNull(input.comments),
            is_complete: true,
          },
          children: [
            {
              table: "pain_entries",
              foreignKey: "pain_session_id",
              rows: entries.map((entry, position) => ({
                row: {
                  position,
                  area_type: entry.areaType,
                  hand: entry.hand,
                  digit: entry.digit,
                  location: entry.location,
                  severity: entry.severity,
                },
              })),
            },
            {
              table: "pain_medications",
              foreignKey: "pain_session_id",
              rows: medications.map((medication, position) => ({
                row: {
                  position,
                  medication_name: medication.medicationName,
                  dose: medication.dose,
                  effectiveness_rating: medication.effectivenessRating,
                },
              })),
            },
            {
              table: "pain_strategies",
              foreignKey: "pain_session_id",
              rows: strategies.map((strategy, position) => ({ row: { position, strategy } })),
            },
          ],
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
        table: "arthritis_evaluations",
        node: {
          row: {
            hand: input.hand,
            morning_stiffness_duration: orNull(input.morningStiffnessDuration),
            morning_stiffness_severity: orNull(input.morningStiffnessSeverity),
            symptom_symmetry: orNull(input.symptomSymmetry),
            symptom_onset: orNull(input.symptomOnset),
            family_history_arthritis: orNull(input.familyHistoryArthritis),
            composite_score: computed.compositeScore,
            progression_level: computed.progressionLevel,
            pattern_type: computed.patternType,
            rom_deficit_score: computed.romDeficitScore,
            pain_burden_score: computed.painBurdenScore,
            functional_score: computed.functionalScore,
            stiffness_score: computed.stiffnessScore,
            affected_joint_count: computed.affectedJointCount,
            clinical_flags: clinicalFlags,
            recommendation: orNull(input.recommendation),
            source_rom_assessment_id: orNull(input.sourceRomAssessmentId),
            source_dexterity_assessment_id: orNull(input.sourceDexterityAssessmentId),
            source_pain_session_id: orNull(input.sourcePainSessionId),
          },
          children: [
            {
              table: "arthritis_functional_limitations",
              foreignKey: "evaluation_id",
              rows: (input.functionalLimitations ?? []).map((l, position) => ({
                row: { position, task: l.task, difficulty: l.difficulty },
              })),
            },
            {
              table: "arthritis_joint_symptoms",
              foreignKey: "evaluation_id",
              rows: (input.jointSymptoms ?? []).map((symptom, position) => ({
                row: {
                  position,
                  joint_id: orNull(symptom.id),
                  digit: orNull(symptom.digit),
                  location: orNull(symptom.location),
                  tenderness: orNull(symptom.tenderness),
                  swelling: orNull(symptom.swelling),
                  warmth: orNull(symptom.warmth),
                  crepitus: orNull(symptom.crepitus),
                },
              })),
            },
            {
              table: "arthritis_joint_health",
              foreignKey: "evaluation_id",
              rows: (input.jointHealthMap ?? []).map((joint, position) => ({
                row: {
                  position,
                  digit: orNull(joint.digit),
                  location: orNull(joint.location),
                  health_score: orNull(joint.healthScore),
                  rom_score: orNull(joint.romScore),
                  pain_score: orNull(joint.painScore),
                  has_symptoms: orNull(joint.hasSymptoms),
                  flags: joint.flags ?? [],
                },
              })),
            },
          ],
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
