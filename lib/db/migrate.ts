// Applies prisma/migrations/*/migration.sql in order and records each in _prisma_migrations
// exactly as Prisma Migrate does, so `prisma migrate deploy` elsewhere sees them as applied.
// Prisma's schema-engine binary cannot be downloaded here, hence this small runner. A
// PostgreSQL advisory lock makes instances that start together take turns. With
// DATABASE_MIGRATION_URL they run as the owner, and the service's role is granted table rights
// only: no DDL, and on the audit trail only INSERT and SELECT.
import { createHash, randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { query, withOwnerConnection, type SqlRunner } from "@/lib/db";
import { applyFunctions } from "@/lib/db/functions";
import { env } from "@/lib/env";

/** Same key as Prisma Migrate's own lock, so the two never run at once either. */
const ADVISORY_LOCK_KEY = 72707369;

export function migrationsDir(): string {
  return resolve(process.cwd(), "prisma", "migrations");
}

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export function readMigrations(dir = migrationsDir()): Migration[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(dir, entry.name, "migration.sql")))
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

const CREATE_MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

/**
 * Pending migrations in runs that may share a transaction: a migration that adds an enum value
 * ends its run, since PostgreSQL lets a new value be used only once the transaction that added it
 * has committed.
 */
function batches(pending: Migration[]): Migration[][] {
  const runs: Migration[][] = [[]];
  for (const migration of pending) {
    runs.at(-1)!.push(migration);
    if (/\bADD\s+VALUE\b/i.test(migration.sql)) runs.push([]);
  }
  return runs.filter((run) => run.length > 0);
}

/**
 * Applies a run of migrations in one transaction, their SQL as one script (on a fresh database
 * that is four round trips instead of five per migration, and one commit); false, with nothing
 * applied, when one of them fails: then each is applied on its own, so that the error names it
 * and the ones before it stay applied, as they would have one at a time.
 */
async function applyTogether(sql: SqlRunner, run: Migration[]): Promise<boolean> {
  await sql.exec("BEGIN");
  try {
    await sql.query(
      `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
       SELECT id, checksum, name, now(), now(), 1 FROM unnest($1::varchar[], $2::varchar[], $3::varchar[]) AS m(id, checksum, name)`,
      [run.map(() => randomUUID()), run.map((migration) => migration.checksum), run.map((migration) => migration.name)],
    );
    // A statement separator between files: a file's last statement may lack its semicolon.
    await sql.exec(run.map((migration) => migration.sql).join("\n;\n"));
    await sql.exec("COMMIT");
    return true;
  } catch {
    await sql.exec("ROLLBACK");
    return false;
  }
}

async function applyOne(sql: SqlRunner, migration: Migration): Promise<void> {
  const id = randomUUID();
  await sql.exec("BEGIN");
  try {
    await sql.query(`INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at) VALUES ($1, $2, $3, now())`, [
      id,
      migration.checksum,
      migration.name,
    ]);
    await sql.exec(migration.sql);
    await sql.query(`UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1`, [id]);
    await sql.exec("COMMIT");
  } catch (error) {
    await sql.exec("ROLLBACK");
    throw new Error(`migration ${migration.name} failed: ${(error as Error).message}`);
  }
}

/**
 * Applies every pending migration, then the rendered prisma/functions.sql when given and changed
 * (lib/migrations renders it), under one lock; returns the migrations applied.
 */
export async function runMigrations(sql: SqlRunner, migrations = readMigrations(), functions?: string): Promise<string[]> {
  await sql.query("SELECT pg_advisory_lock($1)", [ADVISORY_LOCK_KEY]);
  try {
    await sql.exec(CREATE_MIGRATIONS_TABLE);
    const rows = await sql.query<{ migration_name: string; finished_at: Date | null; checksum: string }>(
      `SELECT migration_name, finished_at, checksum FROM "_prisma_migrations" WHERE rolled_back_at IS NULL`,
    );
    const failed = rows.find((r) => r.finished_at === null);
    if (failed) {
      throw new Error(`migration ${failed.migration_name} failed earlier; resolve it before starting again`);
    }
    const applied = new Set(rows.map((r) => r.migration_name));
    const pending = migrations.filter((migration) => !applied.has(migration.name));
    for (const batch of batches(pending)) {
      if (batch.length > 1 && (await applyTogether(sql, batch))) continue;
      for (const migration of batch) await applyOne(sql, migration);
    }
    if (functions !== undefined) await applyFunctions(sql, functions);
    return pending.map((migration) => migration.name);
  } finally {
    await sql.query("SELECT pg_advisory_unlock($1)", [ADVISORY_LOCK_KEY]);
  }
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * What the service's role may do once migrations ran as the owner: read and write the tables,
 * except the audit trail (INSERT, SELECT: no UPDATE, DELETE or TRUNCATE) and the migrations
 * record (SELECT). Repeated at every start, so tables added by a migration are covered.
 */
export async function grantServiceRole(sql: SqlRunner, role: string): Promise<void> {
  const [{ schema } = { schema: "public" }] = await sql.query<{ schema: string }>("SELECT current_schema() AS schema");
  const [to, on] = [quoteIdent(role), quoteIdent(schema)];
  await sql.exec(`
    GRANT USAGE ON SCHEMA ${on} TO ${to};
    GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${on} TO ${to};
    GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA ${on} TO ${to};
    REVOKE UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON ${on}."audit_events" FROM ${to};
    REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON ${on}."_prisma_migrations" FROM ${to};`);
}

/** Applies pending migrations (as the owner when DATABASE_MIGRATION_URL is set, then grants the service's role its rights). */
export async function migrate(functions?: string): Promise<string[]> {
  const serviceRole = env().DATABASE_MIGRATION_URL ? (await query<{ role: string }>("SELECT current_user AS role"))[0]!.role : null;
  return withOwnerConnection(async (sql) => {
    const applied = await runMigrations(sql, readMigrations(), functions);
    const [{ owner } = { owner: "" }] = await sql.query<{ owner: string }>("SELECT current_user AS owner");
    if (serviceRole && serviceRole !== owner) await grantServiceRole(sql, serviceRole);
    return applied;
  });
}
