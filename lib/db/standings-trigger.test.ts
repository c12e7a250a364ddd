// The standings trigger on assessments (migration 20261126070000): a record that moves to another
// owner or changes its creation time refreshes both owners' standings; a lookup's view count,
// which sets neither column, does not fire it.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import type { TestDatabase } from "@/test/support/database";
import { dropDatabase, useFreshDatabase } from "@/test/support/in-process-db";

let database: TestDatabase;
let withConnection: typeof import("@/lib/db").withConnection;

before(async () => {
  database = await useFreshDatabase();
  ({ withConnection } = await import("@/lib/db"));
});
after(() => dropDatabase(database));

interface Standing {
  contact_id: number;
  assessment_count: number;
  last_assessment: Date | null;
}

test("a record moved to another patient, or re-dated, refreshes both standings; a view count refreshes none", async () => {
  await withConnection(async (sql) => {
    const [a, b] = await sql.query<{ id: number }>(
      `INSERT INTO contacts (kind, sub, roles, updated_at) VALUES ('PATIENT', 'standings|a', ARRAY['patient'], now()), ('PATIENT', 'standings|b', ARRAY['patient'], now()) RETURNING id`,
    );
    const [record] = await sql.query<{ id: number }>(
      `INSERT INTO assessments (code, assessment_type, hand, is_anonymous, owner_id, date_created) VALUES ('STAND1', 'ROM', 'LEFT', false, $1, '2026-01-02T10:00:00Z') RETURNING id`,
      [a!.id],
    );
    const standings = async () => {
      const rows = await sql.query<Standing>(
        `SELECT contact_id, assessment_count, last_assessment FROM patient_standings WHERE contact_id = ANY($1::int[]) ORDER BY contact_id`,
        [[a!.id, b!.id]],
      );
      return Object.fromEntries(
        rows.map((row) => [row.contact_id === a!.id ? "a" : "b", [row.assessment_count, row.last_assessment?.toISOString() ?? null]]),
      );
    };
    assert.deepEqual(await standings(), { a: [1, "2026-01-02T10:00:00.000Z"], b: [0, null] });

    // Tampered with by hand, so that a refresh would show: a view count must leave it so.
    await sql.query(`UPDATE patient_standings SET assessment_count = 99 WHERE contact_id = $1`, [a!.id]);
    await sql.query(`UPDATE assessments SET view_count = view_count + 1 WHERE id = $1`, [record!.id]);
    assert.deepEqual((await standings()).a, [99, "2026-01-02T10:00:00.000Z"], "a view count refreshes nothing");

    await sql.query(`UPDATE assessments SET owner_id = $2 WHERE id = $1`, [record!.id, b!.id]);
    assert.deepEqual(await standings(), { a: [0, null], b: [1, "2026-01-02T10:00:00.000Z"] }, "moved: both owners refreshed");

    await sql.query(`UPDATE assessments SET date_created = '2026-02-03T10:00:00Z' WHERE id = $1`, [record!.id]);
    assert.deepEqual((await standings()).b, [1, "2026-02-03T10:00:00.000Z"], "re-dated: the owner refreshed");
  });
});
