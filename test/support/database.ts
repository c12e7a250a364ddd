// A fresh database per test server: a new PostgreSQL database when TEST_DATABASE_URL (or
// DATABASE_URL) names a server, otherwise a new PGlite directory.
import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

export const adminDatabaseUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;

/**
 * The run's migrated database that each new one copies instead of migrating itself: a PostgreSQL
 * database's name, or an embedded data directory (scripts/lib/test-templates.mjs makes them).
 */
const template = process.env.TEST_DATABASE_TEMPLATE;
for (const name of ["TEST_DATABASE_TEMPLATE", "TEST_DATABASE_PREFIX"] as const) {
  const value = process.env[name];
  if (value !== undefined && !/^\w{1,40}$/.test(value)) throw new Error(`${name} must be a plain database name`);
}
const pgliteTemplate = process.env.TEST_PGLITE_TEMPLATE;

export interface DatabaseOptions {
  /** No schema at all, not a copy of the template: for tests of the migrations themselves. */
  empty?: boolean;
}

export interface TestDatabase {
  kind: "postgres" | "pglite";
  /** Variables that point a server at this database. */
  env: Record<string, string>;
  url?: string;
  drop(): Promise<void>;
}

function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export async function createTestDatabase(options: DatabaseOptions = {}): Promise<TestDatabase> {
  if (!adminDatabaseUrl) {
    const dir = mkdtempSync(join(tmpdir(), "hand-pglite-"));
    // A server given an empty directory copies its build's template itself (lib/db setPgliteTemplate).
    if (pgliteTemplate && !options.empty) cpSync(pgliteTemplate, dir, { recursive: true });
    return {
      kind: "pglite",
      env: { DATA_DIR: dir },
      async drop() {
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `${process.env.TEST_DATABASE_PREFIX ?? "hand_test"}_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminDatabaseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"${template && !options.empty ? ` TEMPLATE "${template}"` : ""}`);
  } finally {
    await admin.end();
  }
  const url = withDatabaseName(adminDatabaseUrl, name);
  return {
    kind: "postgres",
    env: { DATABASE_URL: url },
    url,
    async drop() {
      const client = new pg.Client({ connectionString: adminDatabaseUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * Runs one query against a test database from the test process. PGlite allows one process
 * per directory: on PGlite call this only while no server runs on the database (stop it
 * first, e.g. with `startServer({ database })` and `server.stop()`).
 */
export async function queryDatabase<T = Record<string, unknown>>(
  database: TestDatabase,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  if (database.kind === "postgres") {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      return (await client.query(sql, params)).rows as T[];
    } finally {
      await client.end();
    }
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const pglite = new PGlite(database.env.DATA_DIR!);
  try {
    return (await pglite.query(sql, params)).rows as T[];
  } finally {
    await pglite.close();
  }
}
