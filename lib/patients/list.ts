// The provider list. Each patient's latest two daily scores, trend, attention flag and rank, each
// test's own judgement, last assessment and count live in patient_standings, kept current by database triggers on
// contacts, assessments and score_points (prisma/functions.sql). The list
// is then one indexed query for the page and one count: sorting by score walks the
// (score, contact_id) index, by name the contacts (kind, name) index, and nothing loads all
// patients into the application.
import type { z } from "zod";
import { auditListed, listScope, openPatient, type PatientHandle } from "@/lib/access";
import type { AccessContext } from "@/lib/audit";
import type { AuthUser } from "@/lib/auth/guard";
import { db } from "@/lib/db";
import { Prisma, type Hand } from "@/lib/generated/prisma/client.ts";
import type { Trend } from "@/lib/patients/scores";
import type { patientListQuery, TestStanding } from "@/lib/patients/schemas";
import { ATTENTION_GROUP_OF_RANK, attentionReasons } from "@/lib/patients/standing";

type ListQuery = z.output<typeof patientListQuery>;

/** `search` as a literal ILIKE pattern: % and _ typed by the user match themselves. */
function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const ORDER: Record<Exclude<ListQuery["sort"], "recent">, Prisma.Sql> = {
  // Declines by urgency (MCIDs); then low, re-measure and the rest; within each, most recent first.
  attention: Prisma.sql`s.attention_rank ASC, s.urgency DESC NULLS LAST, s.last_assessment DESC NULLS LAST, c.name ASC NULLS LAST, c.id ASC`,
  name: Prisma.sql`c.name ASC NULLS LAST, c.id ASC`,
  score: Prisma.sql`s.score ASC NULLS LAST, s.contact_id ASC`,
};

function whereClause(user: AuthUser | null, query: ListQuery): Prisma.Sql {
  const conditions = [Prisma.sql`c.kind = 'PATIENT'`, listScope(user, query.clinicId)];
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
  hand: Hand | null;
  injury: string | null;
  last_assessment: Date | null;
  score: number | null;
  trend: Trend;
  needs_attention: boolean;
  attention_rank: number;
  tests: TestStanding[];
  reviewed_at: Date | null;
  reviewed_by: string | null;
  assessment_count: number;
}

const COLUMNS = Prisma.sql`
  c.id, c.name, p.affected_hand::text AS hand, p.injury, s.last_assessment, s.score, s.trend, s.needs_attention, s.attention_rank, s.tests, s.reviewed_at, s.reviewed_by, s.assessment_count`;
const FROM = Prisma.sql`
  FROM patient_standings s JOIN contacts c ON c.id = s.contact_id LEFT JOIN patient_profiles p ON p.contact_id = s.contact_id`;

function pageQuery(query: ListQuery, where: Prisma.Sql): Prisma.Sql {
  if (query.sort !== "recent") {
    return Prisma.sql`SELECT ${COLUMNS} ${FROM} ${where} ORDER BY ${ORDER[query.sort]} LIMIT ${query.limit} OFFSET ${query.offset}`;
  }
  // Most recent first, never-assessed patients last. The index on (last_assessment DESC,
  // contact_id) puts nulls first, so the two groups are read separately, each in index order.
  const reach = query.limit + query.offset;
  return Prisma.sql`
    SELECT * FROM (
      (SELECT ${COLUMNS}, 0 AS bucket ${FROM} ${where} AND s.last_assessment IS NOT NULL
       ORDER BY s.last_assessment DESC, s.contact_id LIMIT ${reach})
      UNION ALL
      (SELECT ${COLUMNS}, 1 AS bucket ${FROM} ${where} AND s.last_assessment IS NULL
       ORDER BY s.contact_id LIMIT ${reach})
    ) page
    ORDER BY bucket, last_assessment DESC, id
    LIMIT ${query.limit} OFFSET ${query.offset}`;
}

/** One page of the patients the caller may read (lib/access listScope); each one shown is audited. */
export async function listPatients(caller: AccessContext, query: ListQuery) {
  const where = whereClause(caller.user, query);
  const [rows, [count]] = await Promise.all([
    db().$queryRaw<ListRow[]>(pageQuery(query, where)),
    db().$queryRaw<{ total: number }[]>`
      SELECT count(*)::int AS total FROM patient_standings s JOIN contacts c ON c.id = s.contact_id ${where}`,
  ]);
  await auditListed(
    caller,
    rows.map((row) => row.id),
    query.clinicId,
  );
  return {
    patients: rows.map((row) => ({
      id: row.id,
      name: row.name,
      hand: row.hand,
      injury: row.injury,
      lastAssessment: row.last_assessment?.toISOString() ?? null,
      ...standingOf(row.score, row.trend, row.needs_attention, row.attention_rank, row.tests, row.reviewed_at),
      reviewedBy: row.reviewed_by,
      assessmentCount: row.assessment_count,
    })),
    total: count?.total ?? 0,
  };
}

function standingOf(
  score: number | null,
  trend: Trend,
  needsAttention: boolean,
  attentionRank: number,
  tests: TestStanding[],
  reviewedAt: Date | null,
) {
  return {
    score,
    trend,
    needsAttention,
    attentionGroup: ATTENTION_GROUP_OF_RANK[attentionRank] ?? null,
    reviewedAt: reviewedAt?.toISOString() ?? null,
    tests,
    attentionReasons: attentionReasons(tests, needsAttention),
  };
}

/** The list's figures for one patient (the profile and narrative show the same). */
export async function patientStanding(patient: PatientHandle) {
  const row = await db().patientStanding.findUnique({ where: { contactId: patient.patientId } });
  return {
    ...standingOf(
      row?.score ?? null,
      (row?.trend ?? "stable") as Trend,
      row?.needsAttention ?? false,
      row?.attentionRank ?? 3,
      (row?.tests ?? []) as unknown as TestStanding[],
      row?.reviewedAt ?? null,
    ),
    lastAssessment: row?.lastAssessment?.toISOString() ?? null,
  };
}

/** Marks a patient reviewed (audited, who and when): the flag is down until a result newer than now arrives. */
export async function markReviewed(caller: AccessContext, patientId: number) {
  const { patientId: id } = await openPatient(caller, patientId, "mark_reviewed");
  const reviewer = caller.user!.sub;
  const reviewedAt = new Date();
  await db().$transaction([
    db().$executeRaw`UPDATE patient_standings SET reviewed_at = ${reviewedAt}, reviewed_by = ${reviewer} WHERE contact_id = ${id}`,
    db().$executeRaw`SELECT refresh_patient_standing(${id}::int)`,
  ]);
  const row = await db().patientStanding.findUnique({ where: { contactId: id }, select: { needsAttention: true } });
  return { id, needsAttention: row?.needsAttention ?? false, reviewedAt: reviewedAt.toISOString(), reviewedBy: reviewer };
}
