// The provider list. Each patient's latest two daily scores, trend, attention flag, last
// assessment and count live in patient_standings, kept current by database triggers on
// contacts, assessments and score_points (migration 20261122020000_patient_standings). The list
// is then one indexed query for the page and one count: sorting by score walks the
// (score, contact_id) index, by name the contacts (kind, name) index, and nothing loads all
// patients into the application.
import type { z } from "zod";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client.ts";
import type { Trend } from "@/lib/patients/scores";
import type { patientListQuery } from "@/lib/patients/schemas";

type ListQuery = z.output<typeof patientListQuery>;

/** `search` as a literal ILIKE pattern: % and _ typed by the user match themselves. */
function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const ORDER: Record<ListQuery["sort"], Prisma.Sql> = {
  name: Prisma.sql`c.name ASC NULLS LAST, c.id ASC`,
  score: Prisma.sql`s.score ASC NULLS LAST, s.contact_id ASC`,
  recent: Prisma.sql`s.last_assessment DESC NULLS LAST, s.contact_id ASC`,
};

function whereClause(query: ListQuery): Prisma.Sql {
  const conditions = [Prisma.sql`c.kind = 'PATIENT'`];
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(Prisma.sql`(c.name ILIKE ${pattern} OR c.email ILIKE ${pattern})`);
  }
  if (query.trend) conditions.push(Prisma.sql`s.trend = ${query.trend}`);
  if (query.attention !== undefined) conditions.push(Prisma.sql`s.needs_attention = ${query.attention}`);
  return Prisma.sql`WHERE ${Prisma.join(conditions, " AND ")}`;
}

interface ListRow {
  id: number;
  name: string | null;
  hand: "LEFT" | "RIGHT" | "BOTH" | null;
  injury: string | null;
  last_assessment: Date | null;
  score: number | null;
  trend: Trend;
  needs_attention: boolean;
  assessment_count: number;
}

export async function listPatients(query: ListQuery) {
  const where = whereClause(query);
  const [rows, [count]] = await Promise.all([
    db().$queryRaw<ListRow[]>`
      SELECT c.id, c.name, p.affected_hand::text AS hand, p.injury, s.last_assessment, s.score, s.trend,
             s.needs_attention, s.assessment_count
      FROM patient_standings s
      JOIN contacts c ON c.id = s.contact_id
      LEFT JOIN patient_profiles p ON p.contact_id = s.contact_id
      ${where}
      ORDER BY ${ORDER[query.sort]}
      LIMIT ${query.limit} OFFSET ${query.offset}`,
    db().$queryRaw<{ total: number }[]>`
      SELECT count(*)::int AS total FROM patient_standings s JOIN contacts c ON c.id = s.contact_id ${where}`,
  ]);
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
    total: count?.total ?? 0,
  };
}

/** The list's figures for one patient (the profile and narrative show the same). */
export async function patientStanding(patientId: number) {
  const row = await db().patientStanding.findUnique({ where: { contactId: patientId } });
  return {
    score: row?.score ?? null,
    trend: (row?.trend ?? "stable") as Trend,
    needsAttention: row?.needsAttention ?? false,
    lastAssessment: row?.lastAssessment?.toISOString() ?? null,
  };
}
