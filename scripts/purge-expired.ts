// npm run db:purge-expired: deletes anonymous records past their 90-day lifetime, with their
// detail rows and score points (foreign keys cascade) and their emptied anonymous contacts.
// Batched so a large backlog never holds long locks; running it again deletes nothing new.
// Options: --batch-size=<n> (default 500).
import { closeDatabase, databaseKind, withConnection } from "@/lib/db";

const sizeArgument = process.argv.find((arg) => arg.startsWith("--batch-size="));
const batchSize = sizeArgument ? Number(sizeArgument.split("=")[1]) : 500;
if (!Number.isInteger(batchSize) || batchSize < 1) {
  console.error("--batch-size must be a positive integer");
  process.exit(2);
}

const ORPHANED_ANONYMOUS = `SELECT c.id FROM contacts c
  WHERE c.kind = 'ANONYMOUS' AND NOT EXISTS (SELECT 1 FROM assessments a WHERE a.owner_id = c.id)`;

let records = 0;
let contacts = 0;
let batches = 0;
await withConnection(async (sql) => {
  for (;;) {
    const deleted = await sql.query<{ owner_id: number }>(
      `DELETE FROM assessments WHERE id IN (
         SELECT id FROM assessments WHERE is_anonymous AND expires_at <= now() ORDER BY id LIMIT $1
       ) RETURNING owner_id`,
      [batchSize],
    );
    if (deleted.length === 0) break;
    batches++;
    records += deleted.length;
    const owners = [...new Set(deleted.map((row) => row.owner_id))];
    const removed = await sql.query(`DELETE FROM contacts WHERE id = ANY($1::int[]) AND id IN (${ORPHANED_ANONYMOUS}) RETURNING id`, [owners]);
    contacts += removed.length;
  }
  // Anonymous contacts left without a record (e.g. by an interrupted earlier run).
  for (;;) {
    const removed = await sql.query(`DELETE FROM contacts WHERE id IN (${ORPHANED_ANONYMOUS} LIMIT $1) RETURNING id`, [batchSize]);
    contacts += removed.length;
    if (removed.length < batchSize) break;
  }
});
console.log(
  `purged ${records} expired anonymous record(s) and ${contacts} anonymous contact(s) in ${batches} batch(es) on ${databaseKind()}`,
);
await closeDatabase();
