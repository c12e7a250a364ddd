// Daily scores. Each test (and hand) is its own series: its value on a day is the mean of that
// day's results of the test and hand. A day's overall score is the mean of every series' latest
// value on or before that day, so a pain check-in does not drop the ROM and dexterity results
// from the day's figure. Sub-scores are the day's own means, null when the day has none of that
// type. Values are rounded to one decimal (patient_test_days and patient_overall_days,
// prisma/functions.sql). These are the spec's 0-100 figures; the trend and attention rules judge
// each test on its own measure instead (refresh_patient_standing, docs/clinical.md).
import type { z } from "zod";
import type { PatientHandle } from "@/lib/access";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client.ts";
import type { scoresQuery } from "@/lib/patients/schemas";

export type Trend = "improving" | "declining" | "stable";

/** SQL: the day's mean of a score column, rounded to one decimal (numeric, exact). */
const dailyMean = (column: string) => Prisma.raw(`round(avg(${column})::numeric, 1)`);

interface ScoreRow {
  date: string;
  overall: number;
  rom: number | null;
  dexterity: number | null;
  pain: number | null;
}

export async function dailyScores(patient: PatientHandle, query: z.output<typeof scoresQuery>) {
  const { patientId } = patient;
  const hand = query.hand ? Prisma.sql`AND hand = ${query.hand}::"Hand"` : Prisma.empty;
  const [rows, totals] = await Promise.all([
    db().$queryRaw<ScoreRow[]>`
      SELECT to_char(o.day, 'YYYY-MM-DD') AS date, o.overall::float8 AS overall, own.rom, own.dexterity, own.pain
      FROM patient_overall_days(${patientId}, ${query.hand ?? null}::"Hand") o
      CROSS JOIN LATERAL (
        SELECT ${dailyMean("rom_score")}::float8 AS rom,
               ${dailyMean("dexterity_score")}::float8 AS dexterity,
               ${dailyMean("pain_score")}::float8 AS pain
        FROM score_points WHERE contact_id = ${patientId} AND day = o.day ${hand}) own
      ORDER BY o.day DESC
      LIMIT ${query.limit} OFFSET ${query.offset}`,
    db().$queryRaw<{ total: number }[]>`
      SELECT count(DISTINCT day)::int AS total FROM score_points WHERE contact_id = ${patientId} ${hand}`,
  ]);
  return {
    scores: rows.map((row) => ({
      date: row.date,
      overallScore: row.overall,
      romScore: row.rom,
      dexterityScore: row.dexterity,
      painScore: row.pain,
    })),
    total: totals[0]?.total ?? 0,
  };
}
