// When a record is live: an owned record never expires; an anonymous one is live until its
// expires_at (90 days after submission). A record that is not live answers like a missing one
// (lookup, results, reports). The rule, once: as an SQL condition for the statements that must
// test it atomically (lookup, claim), and as a test of a row already read.

/** SQL condition on an `assessments` row, e.g. `WHERE code = $1 AND ${liveSql()}`; `alias` names the table in a join. */
export function liveSql(alias?: string): string {
  const column = alias ? `${alias}.expires_at` : "expires_at";
  return `(${column} IS NULL OR ${column} > now())`;
}

/** The same rule for a row already read. */
export function isLive(record: { expiresAt: Date | null }, now: Date = new Date()): boolean {
  return record.expiresAt === null || record.expiresAt > now;
}
