// The provider list. Each patient's latest two daily scores, trend, attention flag and rank, each
// test's own judgement, last assessment and count live in patient_standings, kept current by database triggers on
// contacts, assessments and score_points (prisma/functions.sql). The list
// is then one indexed query for the page and one count: sorting by score walks the
// (score, contact_id) index, by name the contacts (kind, name) index, and nothing loads all
// patients into the application.
import type { z } from "zod";
import { auditListed, listScope, type PatientHandle } from "@/lib/access";
import type { AccessContext } from "@/lib/audit";
import type { AuthUser } from "@/lib/auth/guard";
import { db } from "@/lib/db";
import { Prisma, type Hand } from "@/lib/generated/prisma/client.ts";
import type { Trend } from "@/lib/patients/scores";
import type { patientListQuery, TestStanding } from "@/lib/patients/schemas";
import { clinicReview, REVIEWED_STANDING, reviewJoin, withReview } from "@/lib/patients/reviews";
import { ATTENTION_GROUP_OF_RANK, attentionReasons } from "@/lib/patients/standing";

type ListQuery = z.output<typeof patientListQuery>;

/** `search` as a literal ILIKE pattern: % and _ typed by the user match themselves. */
function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const ORDER: Record<Exclude<ListQuery["sort"], "recent">, Prisma.Sql> = {
  // Declines by urgency (MCIDs); then low, re-measure and the rest; within each, most recent first.
  attention: Prisma.sql`${REVIEWED_STANDING.attentionRank} ASC, ${REVIEWED_STANDING.urgency} DESC NULLS LAST, s.last_assessment DESC NULLS LAST, c.name ASC NULLS LAST, c.id ASC`,
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
  if (query.attention !== undefined) conditions.push(Prisma.sql`${REVIEWED_STANDING.needsAttention} = ${query.attention}`);
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
  c.id, c.name, p.affected_hand::text AS hand, p.injury, s.last_assessment, s.score, s.trend,
  ${REVIEWED_STANDING.needsAttention} AS needs_attention, ${REVIEWED_STANDING.attentionRank} AS attention_rank,
  s.tests, rv.reviewed_at, rv.reviewed_by, s.assessment_count`;

/** The rows with the reader's clinic's review mark (lib/patients/reviews.ts). */
function fromClause(user: AuthUser | null, query: ListQuery): Prisma.Sql {
  return Prisma.sql`
  FROM patient_standings s JOIN contacts c ON c.id = s.contact_id LEFT JOIN patient_profiles p ON p.contact_id = s.contact_id
  ${reviewJoin(user, query.clinicId)}`;
}

function pageQuery(query: ListQuery, from: Prisma.Sql, where: Prisma.Sql): Prisma.Sql {
  if (query.sort !== "recent") {
    return Prisma.sql`SELECT ${COLUMNS} ${from} ${where} ORDER BY ${ORDER[query.sort]} LIMIT ${query.limit} OFFSET ${query.offset}`;
  }
  // Most recent first, never-assessed patients last. The index on (last_assessment DESC,
  // contact_id) puts nulls first, so the two groups are read separately, each in index order.
  const reach = query.limit + query.offset;
  return Prisma.sql`
    SELECT * FROM (
      (SELECT ${COLUMNS}, 0 AS bucket ${from} ${where} AND s.last_assessment IS NOT NULL
       ORDER BY s.last_assessment DESC, s.contact_id LIMIT ${reach})
      UNION ALL
      (SELECT ${COLUMNS}, 1 AS bucket ${from} ${where} AND s.last_assessment IS NULL
       ORDER BY s.contact_id LIMIT ${reach})
    ) page
    ORDER BY bucket, last_assessment DESC, id
    LIMIT ${query.limit} OFFSET ${query.offset}`;
}

/** One page of the patients the caller may read (lib/access listScope); each one shown is audited. */
export async function listPatients(caller: AccessContext, query: ListQuery) {
  const where = whereClause(caller.user, query);
  const from = fromClause(caller.user, query);
  const [rows, [count]] = await Promise.all([
    db().$queryRaw<ListRow[]>(pageQuery(query, from, where)),
    db().$queryRaw<{ total: number }[]>(
      query.attention === undefined
        ? Prisma.sql`SELECT count(*)::int AS total FROM patient_standings s JOIN contacts c ON c.id = s.contact_id ${where}`
        : Prisma.sql`SELECT count(*)::int AS total ${from} ${where}`,
    ),
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

/** The list's figures for one patient, with the mark of the clinic whose share let the reader in (the profile and narrative show the same). */
export async function patientStanding(patient: PatientHandle) {
  const [row, review] = await Promise.all([
    db().patientStanding.findUnique({ where: { contactId: patient.patientId } }),
    clinicReview(patient),
  ]);
  const lastAssessment = row?.lastAssessment ?? null;
  const flag = withReview({ needsAttention: row?.needsAttention ?? false, attentionRank: row?.attentionRank ?? 3 }, lastAssessment, review);
  return {
    ...standingOf(
      row?.score ?? null,
      (row?.trend ?? "stable") as Trend,
      flag.needsAttention,
      flag.attentionRank,
      (row?.tests ?? []) as unknown as TestStanding[],
      review?.reviewedAt ?? null,
    ),
    lastAssessment: lastAssessment?.toISOString() ?? null,
  };
}
