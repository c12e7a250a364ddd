// Patients with weeks of history, written straight into the database (the API dates every
// submission today): the browser tests' patients and the screenshots' dashboard.
import { generateCode } from "@/lib/codes";
import type { SeedSql } from "@/lib/seed/demo-clinic";

export type HistoryTest = "ROM" | "FINGER_TAPPING" | "PAIN";
export interface HistoryResult {
  daysAgo: number;
  type: HistoryTest;
  hand: "RIGHT" | "BOTH";
  score: number;
}

const DAY_MS = 86_400_000;
const SUB_SCORE = { ROM: "rom_score", FINGER_TAPPING: "dexterity_score", PAIN: "pain_score" } as const;

/** 8 weeks, 34 results: ROM 38 → 77, pain 7 → 1 of 10 (score 30 → 90), dexterity 50 → 80, on different days. */
export function recoveringCourse(): HistoryResult[] {
  const results: HistoryResult[] = [];
  for (let i = 0; i < 34; i++) {
    const daysAgo = 56 - Math.round((i * 56) / 33);
    const progress = i / 33;
    const type: HistoryTest = (["ROM", "PAIN", "FINGER_TAPPING"] as const)[i % 3]!;
    const score = { ROM: 38 + 39 * progress, PAIN: 100 * (1 - (7 - 6 * progress) / 10), FINGER_TAPPING: 50 + 30 * progress }[type];
    results.push({ daysAgo, type, hand: type === "PAIN" ? "BOTH" : "RIGHT", score: Math.round(score) });
  }
  return results;
}

/** ROM improving, pain worse in the last two check-ins. */
export function painWorseCourse(): HistoryResult[] {
  return [
    { daysAgo: 20, type: "ROM", hand: "RIGHT", score: 55 },
    { daysAgo: 18, type: "PAIN", hand: "BOTH", score: 85 },
    { daysAgo: 9, type: "ROM", hand: "RIGHT", score: 63 },
    { daysAgo: 4, type: "PAIN", hand: "BOTH", score: 60 },
    { daysAgo: 2, type: "ROM", hand: "RIGHT", score: 68 },
  ];
}

const snapshotOf = (r: HistoryResult) =>
  r.type === "PAIN"
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
