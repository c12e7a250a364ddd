// Patients with weeks of history, written straight into the database (the API dates every
// submission today): the browser tests' patients, and the dashboard the screenshots show and
// Lighthouse measures.
import { KINDS } from "@/lib/assessments/kinds";
import { ROM_FINGERS, romJointNormal } from "@/lib/assessments/kinds/rom";
import { generateCode } from "@/lib/codes";
import type { SeedSql } from "@/lib/seed/insert";

const ROM = KINDS.ROM.stored;
const TAPPING = KINDS.DEXTERITY.stored;
const PAIN = KINDS.PAIN.stored;
export type HistoryTest = typeof ROM | typeof TAPPING | typeof PAIN;
export interface HistoryResult {
  daysAgo: number;
  type: HistoryTest;
  hand: "RIGHT" | "BOTH";
  score: number;
}

const DAY_MS = 86_400_000;
const SUB_SCORE = { ROM: "rom_score", FINGER_TAPPING: "dexterity_score", PAIN: "pain_score" } as const;

/** 8 weeks, `count` results (34 unless told): ROM 38 → 77, pain 7 → 1 of 10 (score 30 → 90), dexterity 50 → 80, on different days. */
export function recoveringCourse(count = 34): HistoryResult[] {
  const results: HistoryResult[] = [];
  for (let i = 0; i < count; i++) {
    const daysAgo = 56 - Math.round((i * 56) / (count - 1));
    const progress = i / (count - 1);
    const type: HistoryTest = ([ROM, PAIN, TAPPING] as const)[i % 3]!;
    const score = { ROM: 38 + 39 * progress, PAIN: 100 * (1 - (7 - 6 * progress) / 10), FINGER_TAPPING: 50 + 30 * progress }[type];
    results.push({ daysAgo, type, hand: type === PAIN ? "BOTH" : "RIGHT", score: Math.round(score) });
  }
  return results;
}

/** ROM improving, pain worse in the last two check-ins. */
export function painWorseCourse(): HistoryResult[] {
  return [
    { daysAgo: 20, type: ROM, hand: "RIGHT", score: 55 },
    { daysAgo: 18, type: PAIN, hand: "BOTH", score: 85 },
    { daysAgo: 9, type: ROM, hand: "RIGHT", score: 63 },
    { daysAgo: 4, type: PAIN, hand: "BOTH", score: 60 },
    { daysAgo: 2, type: ROM, hand: "RIGHT", score: 68 },
  ];
}

const snapshotOf = (r: HistoryResult) =>
  r.type === PAIN
    ? { overallScore: r.score, mode: "QUICK", maxSeverity: Math.round((100 - r.score) / 10), entries: [] }
    : { overallScore: r.score };

/** A patient (`sub`, the identity provider's subject) with `results`; the contact's id. */
export async function writePatientHistory(
  sql: SeedSql,
  person: { sub: string; name: string; injury: string; results: HistoryResult[] },
): Promise<number> {
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  const [contact] = await sql.query<{ id: number }>(
    `INSERT INTO contacts (kind, sub, email, name, roles, updated_at) VALUES ('PATIENT', $1, $2, $3, ARRAY['patient'], now()) RETURNING id`,
    [person.sub, `${person.sub.replace(/\W/g, "-")}@example.test`, person.name],
  );
  const id = Number(contact!.id);
  await sql.query(`INSERT INTO patient_profiles (contact_id, affected_hand, injury, updated_at) VALUES ($1, 'RIGHT', $2, now())`, [
    id,
    person.injury,
  ]);
  for (const r of person.results) {
    const at = new Date(today - r.daysAgo * DAY_MS + 10 * 3_600_000);
    const [assessment] = await sql.query<{ id: number }>(
      `INSERT INTO assessments (code, assessment_type, hand, result_snapshot, is_anonymous, owner_id, date_created)
       VALUES ($1, $2::"AssessmentType", $3::"Hand", $4::jsonb, false, $5, $6) RETURNING id`,
      [generateCode(), r.type, r.hand, JSON.stringify(snapshotOf(r)), id, at.toISOString()],
    );
    await sql.query(
      `INSERT INTO score_points (contact_id, assessment_id, day, hand, overall_score, ${SUB_SCORE[r.type]}, created_at)
       VALUES ($1, $2, $3::date, $4::"Hand", $5, $5, $6)`,
      [id, Number(assessment!.id), at.toISOString().slice(0, 10), r.hand, r.score, at.toISOString()],
    );
  }
  return id;
}

/**
 * Every finger joint of each of the patient's range-of-motion results, stiff at first and
 * loosening over the course (from about 55% to 85% of each joint's normal span, the little finger
 * stiffest), so that the joint-by-date table has every date and a total active motion per finger.
 */
export async function writeFingerJoints(sql: SeedSql, patientId: number): Promise<void> {
  const records = await sql.query<{ id: number; hand: string; score: number }>(
    `SELECT id, hand::text AS hand, (result_snapshot->>'overallScore')::float AS score FROM assessments
      WHERE owner_id = $1 AND assessment_type = 'ROM' ORDER BY date_created`,
    [patientId],
  );
  for (const [index, record] of records.entries()) {
    const progress = records.length > 1 ? index / (records.length - 1) : 1;
    const [rom] = await sql.query<{ id: number }>(
      `INSERT INTO rom_assessments (assessment_id, hand, overall_score) VALUES ($1, $2::"Hand", $3) RETURNING id`,
      [record.id, record.hand, record.score],
    );
    const [hand] = await sql.query<{ id: number }>(
      `INSERT INTO rom_hand_results (rom_assessment_id, hand) VALUES ($1, $2::"Hand") RETURNING id`,
      [rom!.id, record.hand],
    );
    let position = 0;
    for (const [f, { finger, joints }] of ROM_FINGERS.entries()) {
      for (const jointType of joints) {
        const [low, high] = romJointNormal(finger, jointType)!;
        const deficit = Math.round(12 - 8 * progress);
        const range = Math.round((high - low) * (0.55 + 0.3 * progress - 0.03 * f));
        await sql.query(
          `INSERT INTO rom_joint_results (hand_result_id, position, joint_id, finger, joint_type, min_angle, max_angle, rom, normal_range_min, normal_range_max)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
          [
            hand!.id,
            position++,
            `${finger.toLowerCase()}_${jointType.toLowerCase()}`,
            finger,
            jointType,
            deficit,
            deficit + range,
            range,
            low,
            high,
          ],
        );
      }
    }
  }
}

/**
 * The development sign-in's patient, with 8 weeks of recovery (every finger joint measured at
 * each range-of-motion result), shared with the first demo clinic
 * whose clinician has read their profile and journal: written into the demo database (DATA_DIR)
 * before the server opens it (scripts/lib/demo-server.ts, `prepare`). What the screenshots show
 * on the dashboard, and what Lighthouse measures there.
 */
export async function giveDevelopmentPatientHistory(results = 34): Promise<void> {
  const { closeDatabase, withConnection } = await import("@/lib/db");
  const { migrateDatabase } = await import("@/lib/migrations");
  const { DEV_PERSONAS } = await import("@/lib/auth/guard");
  const { DEMO_PROVIDER_SUB } = await import("@/lib/seed/demo-clinic");
  await withConnection(async (sql) => {
    await migrateDatabase(sql);
    const id = await writePatientHistory(sql, {
      sub: DEV_PERSONAS.patient.sub,
      name: DEV_PERSONAS.patient.name,
      injury: "Distal radius fracture, plate fixation",
      results: recoveringCourse(results),
    });
    await writeFingerJoints(sql, id);
    await sql.query(
      `INSERT INTO patient_shares (patient_id, clinic_id, shared_at) SELECT $1, min(id), now() - interval '20 days' FROM clinics`,
      [id],
    );
    await sql.query(
      `INSERT INTO audit_events (actor_sub, actor_role, patient_id, action, route, created_at)
       VALUES ($1, 'care_provider', $2, 'read_profile', '/api/patients/[id]', now() - interval '2 days'),
              ($1, 'care_provider', $2, 'read_journal', '/api/patients/[id]/journal', now() - interval '2 days' + interval '1 minute')`,
      [DEMO_PROVIDER_SUB, id],
    );
  });
  await closeDatabase();
}
