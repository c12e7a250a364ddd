// Drift: the migrations, applied to an empty database, must build exactly what
// prisma/schema.prisma describes: every table, column, type, nullability, default, unique,
// index, foreign key and enum, and nothing else.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { dropDatabase, useFreshDatabase } from "@/test/support/in-process-db";
import { loadSchemaModel, type SchemaModel } from "@/scripts/lib/prisma-model";
import type { TestDatabase } from "@/test/support/database";

let database: TestDatabase;
let model: SchemaModel;
let sql: <T>(text: string) => Promise<T[]>;

before(async () => {
  database = await useFreshDatabase();
  model = loadSchemaModel();
  const { withConnection } = await import("@/lib/db");
  sql = (text) => withConnection((runner) => runner.query(text));
});
after(() => dropDatabase(database));

test("the migrations create exactly the schema's tables", async () => {
  const rows = await sql<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_name <> '_prisma_migrations'`,
  );
  assert.deepEqual(rows.map((r) => r.table_name).sort(), model.tables.map((t) => t.name).sort());
});

test("every column has the schema's type, nullability and default", async () => {
  const rows = await sql<{
    table_name: string;
    column_name: string;
    data_type: string;
    udt_name: string;
    is_nullable: string;
    column_default: string | null;
    character_maximum_length: number | null;
    datetime_precision: number | null;
  }>(
    `SELECT table_name, column_name, data_type, udt_name, is_nullable, column_default,
            character_maximum_length, datetime_precision
       FROM information_schema.columns WHERE table_schema = 'public' AND table_name <> '_prisma_migrations'`,
  );
  const actual = new Map(rows.map((r) => [`${r.table_name}.${r.column_name}`, r]));
  const expectedKeys: string[] = [];
  for (const table of model.tables) {
    for (const column of table.columns) {
      const key = `${table.name}.${column.name}`;
      expectedKeys.push(key);
      const row = actual.get(key);
      assert.ok(row, `${key} is missing from the database`);
      const enumName = column.type.startsWith("USER-DEFINED:") ? column.type.slice("USER-DEFINED:".length) : null;
      if (column.isArray) {
        assert.equal(row.data_type, "ARRAY", `${key} should be an array`);
        const elementUdt = enumName ?? { text: "text", integer: "int4", "double precision": "float8", boolean: "bool" }[column.type];
        assert.equal(row.udt_name, `_${elementUdt}`, `${key} element type`);
      } else if (enumName) {
        assert.equal(row.data_type, "USER-DEFINED", `${key} should be enum ${enumName}`);
        assert.equal(row.udt_name, enumName, `${key} enum type`);
      } else {
        assert.equal(row.data_type, column.type, `${key} type`);
      }
      assert.equal(row.is_nullable === "YES", column.nullable, `${key} nullability`);
      const hasDefault = column.defaultSql !== null || column.sqlType === "SERIAL";
      assert.equal(row.column_default !== null, hasDefault, `${key} default`);
      const length = /VARCHAR\((\d+)\)/.exec(column.sqlType);
      if (length) assert.equal(row.character_maximum_length, Number(length[1]), `${key} length`);
      const precision = /TIMESTAMPT?Z?\((\d+)\)/.exec(column.sqlType);
      if (precision) assert.equal(row.datetime_precision, Number(precision[1]), `${key} precision`);
    }
  }
  assert.deepEqual([...actual.keys()].sort(), expectedKeys.sort(), "the database has columns the schema does not");
});

test("every unique, index and primary key matches, column order and direction included", async () => {
  const rows = await sql<{ table: string; name: string; unique: boolean; primary: boolean; columns: string[]; descs: boolean[] }>(
    `SELECT t.relname AS table, i.relname AS name, ix.indisunique AS unique, ix.indisprimary AS primary,
            array(SELECT a.attname::text FROM unnest(ix.indkey::int2[]) WITH ORDINALITY k(attnum, ord)
                    JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum ORDER BY k.ord) AS columns,
            array(SELECT (o & 1) = 1 FROM unnest(ix.indoption::int2[]) WITH ORDINALITY x(o, ord) ORDER BY x.ord) AS descs
       FROM pg_index ix
       JOIN pg_class i ON i.oid = ix.indexrelid
       JOIN pg_class t ON t.oid = ix.indrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = 'public' AND t.relname <> '_prisma_migrations'`,
  );
  const describe = (table: string, unique: boolean, primary: boolean, columns: { name: string; desc: boolean }[]) =>
    `${table}${primary ? " PRIMARY" : unique ? " UNIQUE" : ""} (${columns.map((c) => c.name + (c.desc ? " DESC" : "")).join(", ")})`;
  const actual = rows
    .map((r) =>
      describe(
        r.table,
        r.unique,
        r.primary,
        r.columns.map((name, i) => ({ name, desc: Boolean(r.descs[i]) })),
      ),
    )
    .sort();
  const expected = model.tables.flatMap((t) => t.indexes.map((i) => describe(t.name, i.unique, i.primary, i.columns))).sort();
  assert.deepEqual(actual, expected);
});

test("every foreign key matches, with its delete rule", async () => {
  const rows = await sql<{ table: string; columns: string[]; ref: string; ref_columns: string[]; on_delete: string }>(
    `SELECT c.conrelid::regclass::text AS table, c.confrelid::regclass::text AS ref,
            array(SELECT a.attname::text FROM unnest(c.conkey) WITH ORDINALITY k(attnum, ord)
                    JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum ORDER BY k.ord) AS columns,
            array(SELECT a.attname::text FROM unnest(c.confkey) WITH ORDINALITY k(attnum, ord)
                    JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.attnum ORDER BY k.ord) AS ref_columns,
            CASE c.confdeltype WHEN 'c' THEN 'CASCADE' WHEN 'n' THEN 'SET NULL' WHEN 'r' THEN 'RESTRICT'
                               WHEN 'a' THEN 'NO ACTION' ELSE 'SET DEFAULT' END AS on_delete
       FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
      WHERE c.contype = 'f' AND n.nspname = 'public'`,
  );
  const unquote = (name: string) => name.replace(/"/g, "");
  const actual = rows
    .map((r) => `${unquote(r.table)}(${r.columns.join(",")}) -> ${unquote(r.ref)}(${r.ref_columns.join(",")}) ${r.on_delete}`)
    .sort();
  const expected = model.tables
    .flatMap((t) =>
      t.foreignKeys.map((fk) => `${t.name}(${fk.columns.join(",")}) -> ${fk.refTable}(${fk.refColumns.join(",")}) ${fk.onDelete}`),
    )
    .sort();
  assert.deepEqual(actual, expected);
});

test("every enum has the schema's values in order", async () => {
  const rows = await sql<{ name: string; values: string[] }>(
    `SELECT t.typname::text AS name, array_agg(e.enumlabel::text ORDER BY e.enumsortorder) AS values
       FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid GROUP BY t.typname`,
  );
  const actual = Object.fromEntries(rows.map((r) => [r.name, r.values]));
  const expected = Object.fromEntries(model.enums.map((e) => [e.name, e.values]));
  assert.deepEqual(actual, expected);
});

test("migrations are recorded the way Prisma Migrate records them", async () => {
  const { readMigrations } = await import("@/lib/db/migrate");
  const rows = await sql<{ migration_name: string; checksum: string; finished_at: Date | null; applied_steps_count: number }>(
    `SELECT migration_name, checksum, finished_at, applied_steps_count FROM "_prisma_migrations" ORDER BY migration_name`,
  );
  const migrations = readMigrations();
  assert.deepEqual(
    rows.map((r) => [r.migration_name, r.checksum, r.finished_at !== null, r.applied_steps_count]),
    migrations.map((m) => [m.name, m.checksum, true, 1]),
  );
});
