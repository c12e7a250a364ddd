// When a record is live: an owned record never expires; an anonymous one is live until its
// expires_at (90 days after submission). A record that is not live answers like a missing one
// (lookup, results, reports). The rule, once: as an SQL condition for the statements that must
// test it atomically (lookup, claim), and as a test of a row already read.
import type { Prisma } from "@/lib/generated/prisma/client.ts";

/** SQL condition on an `assessments` row, e.g. `WHERE code = $1 AND ${liveSql()}`; `alias` names the table in a join. */
export function liveSql(alias?: string): string {
  const column = alias ? `${alias}.expires_at` : "expires_at";
  return `(${column} IS NULL OR ${column} > now())`;
}

/** The same rule for a row already read. */
export function isLive(record: { expiresAt: Date | null }, now: Date = new Date()): boolean {
  return record.expiresAt === null || record.expiresAt > now;
}

/** What is read of a record to show it by its code: what it is, its snapshot, and whose it is and whether it is live. */
export const SHOWN_RECORD = {
  code: true,
  assessmentType: true,
  hand: true,
  dateCreated: true,
  resultSnapshot: true,
  ownerId: true,
  expiresAt: true,
  owner: { select: { kind: true } },
} as const satisfies Prisma.AssessmentSelect;
