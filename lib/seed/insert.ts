// Writes assessments as the service stores them: the record, its detail rows and its score point,
// by the thousand through unnest() arrays. Shared by the demo clinic and the clinic of known truth.
import { KINDS } from "@/lib/assessments/kinds";
import { scoreValuesFor, type Snapshot } from "@/lib/assessments/read";
import type { AssessmentType } from "@/lib/generated/prisma/enums.ts";

/** What the seeder needs from a database connection (pg client, PGlite, lib/db's runner). */
export interface SeedSql {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface PlannedAssessment {
  code: string;
  type: AssessmentType;
  hand: "LEFT" | "RIGHT" | "BOTH" | null;
  snapshot: Snapshot;
  date: Date;
  patient: number;
}

/** Stores planned assessments with their detail rows and score points; returns how many were stored. */
export async function insertAssessments(sql: SeedSql, planned: PlannedAssessment[]): Promise<number> {
  const inserted = await sql.query<{ id: number; code: string }>(
    `INSERT INTO assessments (code, assessment_type, hand, result_snapshot, is_anonymous, owner_id, date_created)
     SELECT u.code, u.type::"AssessmentType", u.hand::"Hand", u.snapshot::jsonb, false, u.owner, u.created
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::timestamptz[]) AS u(code, type, hand, snapshot, owner, created)
     ON CONFLICT (code) DO NOTHING
     RETURNING id, code`,
    [
      planned.map((a) => a.code),
      planned.map((a) => a.type),
      planned.map((a) => a.hand),
      planned.map((a) => JSON.stringify(a.snapshot)),
      planned.map((a) => a.patient),
      planned.map((a) => a.date.toISOString()),
    ],
  );
  // A code already taken by an earlier run is skipped rather than retried: demo data.
  const idByCode = new Map(inserted.map((row) => [row.code, Number(row.id)]));
  const stored = planned.flatMap((a) => (idByCode.has(a.code) ? [{ ...a, id: idByCode.get(a.code)! }] : []));
  await insertDetails(sql, stored);

  const points = stored.flatMap((a) => {
    const values = scoreValuesFor(a.type, a.snapshot);
    return values ? [{ ...a, ...values }] : [];
  });
  await sql.query(
    `INSERT INTO score_points (contact_id, assessment_id, day, hand, overall_score, rom_score, dexterity_score, pain_score, created_at)
     SELECT u.contact, u.assessment, (u.created AT TIME ZONE 'UTC')::date, u.hand::"Hand", u.overall, u.rom, u.dexterity, u.pain, u.created
     FROM unnest($1::int[], $2::int[], $3::timestamptz[], $4::text[], $5::float8[], $6::float8[], $7::float8[], $8::float8[])
          AS u(contact, assessment, created, hand, overall, rom, dexterity, pain)`,
    [
      points.map((p) => p.patient),
      points.map((p) => p.id),
      points.map((p) => p.date.toISOString()),
      points.map((p) => p.hand),
      points.map((p) => p.overallScore),
      points.map((p) => p.romScore),
      points.map((p) => p.dexterityScore),
      points.map((p) => p.painScore),
    ],
  );
  return stored.length;
}

type StoredAssessment = PlannedAssessment & { id: number };

/** The detail row of each record, so its results tree and summary read like a real one. */
async function insertDetails(sql: SeedSql, stored: StoredAssessment[]): Promise<void> {
  const of = (type: AssessmentType) => stored.filter((a) => a.type === type);
  await insertRomDetails(sql, of(KINDS.ROM.stored));
  await insertDexterityDetails(sql, of(KINDS.DEXTERITY.stored));
  await insertPainDetails(sql, of(KINDS.PAIN.stored));
  await insertArthritisDetails(sql, of(KINDS.ARTHRITIS.stored));
}

/** One snapshot field of each assessment, null where the snapshot lacks it. */
const field = (list: StoredAssessment[], key: string) => list.map((a) => (a.snapshot[key] ?? null) as unknown);

async function insertRomDetails(sql: SeedSql, rom: StoredAssessment[]): Promise<void> {
  await sql.query(
    `INSERT INTO rom_assessments (assessment_id, hand, overall_score, wrist_score, finger_score, lighting_quality, max_extension_deg, max_flexion_deg, created_at)
     SELECT u.id, u.hand::"Hand", u.overall, u.wrist, u.finger, u.lighting::"LightingQuality", u.ext, u.flex, u.created
     FROM unnest($1::int[], $2::text[], $3::float8[], $4::float8[], $5::float8[], $6::text[], $7::float8[], $8::float8[], $9::timestamptz[])
          AS u(id, hand, overall, wrist, finger, lighting, ext, flex, created)`,
    [
      rom.map((a) => a.id),
      rom.map((a) => a.hand),
      field(rom, "overallScore"),
      field(rom, "wristScore"),
      field(rom, "fingerScore"),
      field(rom, "lightingQuality"),
      field(rom, "extensionDeg"),
      field(rom, "flexionDeg"),
      rom.map((a) => a.date.toISOString()),
    ],
  );
}

async function insertDexterityDetails(sql: SeedSql, dexterity: StoredAssessment[]): Promise<void> {
  await sql.query(
    `INSERT INTO dexterity_assessments (assessment_id, hand, duration, overall_score, speed_score, touch_precision, consistency_score,
                                        cycle_count, total_touches, sequences_completed, average_frequency, sequence_accuracy, created_at)
     SELECT u.id, u.hand::"Hand", 15, u.overall, u.speed, u.precision, u.consistency, u.cycles, u.touches, u.sequences, u.frequency, u.accuracy, u.created
     FROM unnest($1::int[], $2::text[], $3::float8[], $4::float8[], $5::float8[], $6::float8[], $7::int[], $8::int[], $9::int[], $10::float8[], $11::float8[], $12::timestamptz[])
          AS u(id, hand, overall, speed, precision, consistency, cycles, touches, sequences, frequency, accuracy, created)`,
    [
      dexterity.map((a) => a.id),
      dexterity.map((a) => a.hand),
      field(dexterity, "overallScore"),
      field(dexterity, "speedScore"),
      field(dexterity, "touchPrecision"),
      field(dexterity, "consistencyScore"),
      field(dexterity, "cycleCount"),
      field(dexterity, "totalTouches"),
      field(dexterity, "sequencesCompleted"),
      field(dexterity, "averageFrequency"),
      field(dexterity, "sequenceAccuracy"),
      dexterity.map((a) => a.date.toISOString()),
    ],
  );
}

/** A pain session per assessment, and its one wrist entry. */
async function insertPainDetails(sql: SeedSql, pain: StoredAssessment[]): Promise<void> {
  const sessions = await sql.query<{ id: number; assessment_id: number }>(
    `INSERT INTO pain_sessions (assessment_id, mode, hand, pain_type, time_of_day, max_severity, is_complete, created_at)
     SELECT u.id, 'QUICK', u.hand::"Hand", u.pain_type::"PainType", u.time_of_day::"PainTimeOfDay", u.severity, true, u.created
     FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::float8[], $6::timestamptz[]) AS u(id, hand, pain_type, time_of_day, severity, created)
     RETURNING id, assessment_id`,
    [
      pain.map((a) => a.id),
      pain.map((a) => a.hand),
      field(pain, "painType"),
      field(pain, "timeOfDay"),
      field(pain, "maxSeverity"),
      pain.map((a) => a.date.toISOString()),
    ],
  );
  const sessionByAssessment = new Map(sessions.map((s) => [Number(s.assessment_id), Number(s.id)]));
  const painEntries = pain.map((a) => ({
    session: sessionByAssessment.get(a.id)!,
    entry: (a.snapshot.entries as { hand: string; severity: number }[])[0]!,
  }));
  await sql.query(
    `INSERT INTO pain_entries (pain_session_id, position, area_type, hand, severity)
     SELECT u.session, 0, 'WRIST', u.hand::"Hand", u.severity FROM unnest($1::int[], $2::text[], $3::float8[]) AS u(session, hand, severity)`,
    [painEntries.map((p) => p.session), painEntries.map((p) => p.entry.hand), painEntries.map((p) => p.entry.severity)],
  );
}

async function insertArthritisDetails(sql: SeedSql, arthritis: StoredAssessment[]): Promise<void> {
  await sql.query(
    `INSERT INTO arthritis_evaluations (assessment_id, hand, composite_score, progression_level, pattern_type, rom_deficit_score, pain_burden_score,
                                        functional_score, stiffness_score, affected_joint_count, created_at)
     SELECT u.id, u.hand::"Hand", u.composite, u.level, u.pattern::"ArthritisPattern", u.rom_deficit, u.pain_burden, u.functional, u.stiffness, u.joints, u.created
     FROM unnest($1::int[], $2::text[], $3::float8[], $4::int[], $5::text[], $6::float8[], $7::float8[], $8::float8[], $9::float8[], $10::int[], $11::timestamptz[])
          AS u(id, hand, composite, level, pattern, rom_deficit, pain_burden, functional, stiffness, joints, created)`,
    [
      arthritis.map((a) => a.id),
      arthritis.map((a) => a.hand),
      field(arthritis, "compositeScore"),
      field(arthritis, "progressionLevel"),
      field(arthritis, "patternType"),
      field(arthritis, "romDeficitScore"),
      field(arthritis, "painBurdenScore"),
      field(arthritis, "functionalScore"),
      field(arthritis, "stiffnessScore"),
      field(arthritis, "affectedJointCount"),
      arthritis.map((a) => a.date.toISOString()),
    ],
  );
}
