// The migration runner applies pending migrations together, in one transaction; when one of
// them fails, the ones before it stay applied and the error names the failing one, as when each
// ran on its own.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { after, before, test } from "node:test";
import { createTestDatabase, type TestDatabase } from "@/test/support/database";

let database: TestDatabase;
let db: typeof import("@/lib/db");
let runMigrations: typeof import("@/lib/db/migrate").runMigrations;

const migration = (name: string, sql: string) => ({ name, sql, checksum: createHash("sha256").update(sql).digest("hex") });

before(async () => {
  database = await createTestDatabase({ empty: true });
  delete process.env.DATABASE_URL;
  delete process.env.DATA_DIR;
  Object.assign(process.env, database.env);
  db = await import("@/lib/db");
  ({ runMigrations } = await import("@/lib/db/migrate"));
});
after(async () => {
  await db.closeDatabase();
  await database.drop();
});

const recorded = () =>
  db.withConnection((sql) =>
    sql.query<{ migration_name: string; done: boolean }>(
      `SELECT migration_name, finished_at IS NOT NULL AS done FROM "_prisma_migrations" ORDER BY migration_name`,
    ),
  );

test("pending migrations are applied and recorded; an enum value added by one is usable by the next", async () => {
  const first = [migration("001_moods", "CREATE TYPE mood AS ENUM ('calm'); CREATE TABLE moods (m mood NOT NULL)")];
  assert.deepEqual(await db.withConnection((sql) => runMigrations(sql, first)), ["001_moods"]);
  const all = [
    ...first,
    migration("002_glad", "ALTER TYPE mood ADD VALUE 'glad'"),
    migration("003_glad_row", "INSERT INTO moods VALUES ('glad')"),
    // A last statement without its semicolon, then a comment: the files are joined safely.
    migration("004_calm_row", "INSERT INTO moods VALUES ('calm')\n-- the end"),
  ];
  assert.deepEqual(await db.withConnection((sql) => runMigrations(sql, all)), ["002_glad", "003_glad_row", "004_calm_row"]);
  const rows = await db.withConnection((sql) => sql.query<{ m: string }>("SELECT m::text FROM moods ORDER BY m"));
  assert.deepEqual(
    rows.map((row) => row.m),
    ["calm", "glad"],
  );
  assert.deepEqual(await recorded(), [
    { migration_name: "001_moods", done: true },
    { migration_name: "002_glad", done: true },
    { migration_name: "003_glad_row", done: true },
    { migration_name: "004_calm_row", done: true },
  ]);
  assert.deepEqual(await db.withConnection((sql) => runMigrations(sql, all)), [], "nothing is pending on the next start");
});

test("a failing migration is named; the ones before it stay applied, it and the ones after it do not", async () => {
  const run = [
    migration("101_notes", "CREATE TABLE notes (id int PRIMARY KEY)"),
    migration("102_broken", "INSERT INTO no_such_table VALUES (1)"),
    migration("103_after", "CREATE TABLE after_broken (id int)"),
  ];
  await assert.rejects(
    db.withConnection((sql) => runMigrations(sql, run)),
    /^Error: migration 102_broken failed: .*no_such_table/,
  );
  const names = (await recorded()).map((row) => row.migration_name);
  assert.ok(names.includes("101_notes") && !names.includes("102_broken") && !names.includes("103_after"), names.join(", "));
  const tables = await db.withConnection((sql) =>
    sql.query<{ name: string }>(`SELECT tablename AS name FROM pg_tables WHERE tablename IN ('notes', 'after_broken')`),
  );
  assert.deepEqual(
    tables.map((table) => table.name),
    ["notes"],
  );
});
