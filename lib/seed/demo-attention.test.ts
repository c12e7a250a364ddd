// The demo clinic's attention flags against the course each patient was seeded on: the flag
// marks exactly the decliners (a test fell by more than its kind's MCID) and the low scorers
// (latest overall score below 40); improvers and steady patients, whose results wobble by a few
// points, are not flagged. Names each patient whose flag is wrong.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { dropDatabase, useFreshDatabase } from "@/test/support/in-process-db";
import type { TestDatabase } from "@/test/support/database";

let database: TestDatabase;
before(async () => {
  database = await useFreshDatabase();
});
after(() => dropDatabase(database));

test("on the demo clinic the flag marks exactly the decliners and the low scorers", async () => {
  const { withConnection } = await import("@/lib/db");
  const { seedDemoClinic } = await import("@/lib/seed/demo-clinic");
  const rows = await withConnection(async (sql) => {
    const { courses } = await seedDemoClinic(sql, { patients: 40, now: new Date("2026-11-25T12:00:00Z") });
    const standings = await sql.query<{ sub: string; name: string; needs_attention: boolean; score: number | null }>(
      `SELECT c.sub, c.name, s.needs_attention, s.score FROM patient_standings s JOIN contacts c ON c.id = s.contact_id WHERE c.kind = 'PATIENT'`,
    );
    return standings.map((row) => ({ ...row, course: courses[row.sub]! }));
  });
  assert.equal(rows.length, 40);
  const wrong = rows
    .filter((row) => row.needs_attention !== (row.course === "declining" || row.course === "low"))
    .map((row) => `${row.name} (${row.course}, score ${row.score}, flagged ${row.needs_attention})`);
  assert.deepEqual(wrong, []);
  const flagged = rows.filter((row) => row.needs_attention).length;
  assert.ok(flagged > 0 && flagged < rows.length);
});
