// The provider list, computed in one SQL statement: per patient the latest two daily scores
// (index probes on score_points (contact_id, day)), the trend and attention flag, then filter,
// count, sort and one page. Assessment counts are taken for the page rows only. No step loads
// all patients into the application.
import type { z } from "zod";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client.ts";
import { ATTENTION_BELOW, TREND_THRESHOLD, type Trend } from "@/lib/patients/scores";
import type { patientListQuery } from "@/lib/patients/schemas";

type Hand = "LEFT" | "RIGHT" | "BOTH";

interface StatsFilter {
  search?: string;
  patientId?: number;
}

/** `search` as a literal ILIKE pattern: % and _ typed by the user match themselves. */
function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * CTE `judged`: one row per matching patient contact with id, name, score (latest daily mean,
 * numeric), previous_score, last_assessment, trend and needs_attention.
 */
function judgedPatients(filter: StatsFilter): Prisma.Sql {
  const search = filter.search
    ? Prisma.sql`AND (c.name ILIKE ${containsPattern(filter.search)} OR c.email ILIKE ${containsPattern(filter.search)})`
    : Prisma.empty;
  const onePatient = filter.patientId !== undefined ? Prisma.sql`AND c.id = ${filter.patientId}` : Prisma.empty;
  const threshold = Prisma.raw(String(TREND_THRESHOLD));
  return Prisma.sql`
    WITH candidates AS (
      SELECT c.id, c.name FROM contacts c WHERE c.kind = 'PATIENT' ${search} ${onePatient}
    ),
    scored AS (
      SELECT cand.id, cand.name, latest.score, previous.score AS previous_score,
             (SELECT max(a.date_created) FROM assessments a WHERE a.owner_id = cand.id) AS last_assessment
      FROM candidates cand
      LEFT JOIN LATERAL (
        SELECT sp.day, round(avg(sp.overall_score)::numeric, 1) AS score
        FROM score_points sp
        WHERE sp.contact_id = cand.id
          AND sp.day = (SELECT max(s.day) FROM score_points s WHERE s.contact_id = cand.id)
        GROUP BY sp.day
      ) latest ON true
      LEFT JOIN LATERAL (
        SELECT round(avg(sp.overall_score)::numeric, 1) AS score
        FROM score_points sp
        WHERE sp.contact_id = cand.id
          AND sp.day = (SELECT max(s.day) FROM score_points s WHERE s.contact_id = cand.id AND s.day < latest.day)
      ) previous ON true
    ),
    trended AS (
      SELECT scored.*,
             CASE WHEN previous_score IS NULL THEN 'stable'
                  WHEN score - previous_score > ${threshold} THEN 'improving'
                  WHEN score - previous_score < -${threshold} THEN 'declining'
                  ELSE 'stable' END AS trend
      FROM scored
    ),
    judged AS (
      SELECT trended.*, (trend = 'declining' OR coalesce(score < ${Prisma.raw(String(ATTENTION_BELOW))}, false)) AS needs_attention
      FROM trended
    )`;
}

const ORDER: Record<z.output<typeof patientListQuery>["sort"], string> = {
  name: "lower(%.name) ASC NULLS LAST, %.id ASC",
  score: "%.score ASC NULLS LAST, %.id ASC",
  recent: "%.last_assessment DESC NULLS LAST, %.id ASC",
};
const orderBy = (sort: keyof typeof ORDER, table: string) => Prisma.raw(ORDER[sort].replaceAll("%", table));

interface ListRow {
  id: number;
  name: string | null;
  hand: Hand | null;
  injury: string | null;
  last_assessment: Date | null;
  score: number | null;
  trend: Trend;
  needs_attention: boolean;
  assessment_count: number;
  total: number;
}

export async function listPatients(query: z.output<typeof patientListQuery>) {
  const filters = [
    query.trend ? Prisma.sql`trend = ${query.trend}` : null,
    query.attention !== undefined ? Prisma.sql`needs_attention = ${query.attention}` : null,
  ].filter((f): f is Prisma.Sql => f !== null);
  const where = filters.length ? Prisma.sql`WHERE ${Prisma.join(filters, " AND ")}` : Prisma.empty;
  const judged = judgedPatients({ search: query.search || undefined });

  const rows = await db().$queryRaw<ListRow[]>`
    ${judged},
    page AS (
      SELECT judged.*, count(*) OVER () AS total FROM judged ${where}
      ORDER BY ${orderBy(query.sort, "judged")}
      LIMIT ${query.limit} OFFSET ${query.offset}
    )
    SELECT page.id, page.name, p.affected_hand AS hand, p.injury, page.last_assessment,
           page.score::float8 AS score, page.trend, page.needs_attention, page.total::int AS total,
           (SELECT count(*)::int FROM assessments a WHERE a.owner_id = page.id) AS assessment_count
    FROM page LEFT JOIN patient_profiles p ON p.contact_id = page.id
    ORDER BY ${orderBy(query.sort, "page")}`;

  // A page past the end has no rows to carry the total.
  const total =
    rows[0]?.total ??
    (query.offset > 0 ? (await db().$queryRaw<{ total: number }[]>`${judged} SELECT count(*)::int AS total FROM judged ${where}`)[0]!.total : 0);

  return {
    patients: rows.map((row) => ({
      id: row.id,
      name: row.name,
      hand: row.hand,
      injury: row.injury,
      lastAssessment: row.last_assessment?.toISOString() ?? null,
      score: row.score,
      trend: row.trend,
      needsAttention: row.needs_attention,
      assessmentCount: row.assessment_count,
    })),
    total,
  };
}

/** The list's figures for one patient (the profile shows the same score, trend and flag). */
export async function patientStanding(patientId: number) {
  const [row] = await db().$queryRaw<Pick<ListRow, "score" | "trend" | "needs_attention" | "last_assessment">[]>`
    ${judgedPatients({ patientId })}
    SELECT score::float8 AS score, trend, needs_attention, last_assessment FROM judged`;
  return {
    score: row?.score ?? null,
    trend: row?.trend ?? ("stable" as Trend),
    needsAttention: row?.needs_attention ?? false,
    lastAssessment: row?.last_assessment?.toISOString() ?? null,
  };
}
