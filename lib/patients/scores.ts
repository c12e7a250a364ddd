// Daily scores: a day's score is the mean of that day's score points (one per owned
// assessment), per sub-score, null when the day has none of that type. Means are rounded to one
// decimal, and the trend and attention rules use those same rounded values, so what a provider
// sees is exactly what the rules judged.
import type { z } from "zod";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client.ts";
import type { scoresQuery } from "@/lib/patients/schemas";

export type Trend = "improving" | "declining" | "stable";

/**
 * A latest daily score below this needs attention. The rule itself (trend over +2 / under -2,
 * attention when declining or below 40) runs in the database, in refresh_patient_standing()
 * of migration 20261122020000_patient_standings.
 */
export const ATTENTION_BELOW = 40;

/** SQL: the day's mean of a score column, rounded to one decimal (numeric, exact). */
const dailyMean = (column: string) => Prisma.raw(`round(avg(${column})::numeric, 1)`);

interface ScoreRow {
  date: string;
  overall: number;
  rom: number | null;
  dexterity: number | null;
  pain: number | null;
}

export async function dailyScores(patientId: number, query: z.output<typeof scoresQuery>) {
  const hand = query.hand ? Prisma.sql`AND hand = ${query.hand}::"Hand"` : Prisma.empty;
  const [rows, totals] = await Promise.all([
    db().$queryRaw<ScoreRow[]>`
      SELECT to_char(day, 'YYYY-MM-DD') AS date,
             ${dailyMean("overall_score")}::float8 AS overall,
             ${dailyMean("rom_score")}::float8 AS rom,
             ${dailyMean("dexterity_score")}::float8 AS dexterity,
             ${dailyMean("pain_score")}::float8 AS pain
      FROM score_points
      WHERE contact_id = ${patientId} ${hand}
      GROUP BY day
      ORDER BY day DESC
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
