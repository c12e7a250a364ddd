// One database client per process. server.ts (run by tsx) and the route handlers (bundled by
// Next) load separate copies of this module, so the client lives on globalThis: two PGlite
// instances on one directory would corrupt it, and two pg pools would waste connections.
import { copyFileSync, cpSync, existsSync, mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { setFlagsFromString } from "node:v8";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import pg from "pg";
import { PrismaClient } from "@/lib/generated/prisma/client.ts";
import { env } from "@/lib/env";

export type { PrismaClient };

/** Plain SQL access for migrations and statements Prisma cannot express. */
export interface SqlRunner {
  /**
   * Runs one statement. `name` makes it a prepared statement on PostgreSQL, parsed and planned
   * once per pooled connection (one text per name; the hot paths use it); PGlite ignores it.
   */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], name?: string): Promise<T[]>;
  /** Runs a script of several statements (no parameters). */
  exec(sql: string): Promise<void>;
}

/**
 * What an acknowledged commit rests on: PostgreSQL's fsync, synchronous_commit and
 * full_page_writes, and for PGlite whether it writes its data directory out on every commit
 * (relaxedDurability off; inside PGlite fsync is always off, so the OS holds the last commits
 * until it writes them). server.ts logs these at start and warns when they promise less.
 */
export interface DurabilitySettings {
  fsync: string;
  synchronousCommit: string;
  fullPageWrites: string;
  /** PGlite only: true would acknowledge commits before they reach the disk. */
  pgliteRelaxedDurability?: boolean;
}

/**
 * PGlite's options: every commit is flushed before it is acknowledged. Its buffer cache lives in
 * the WebAssembly heap, which never shrinks: PostgreSQL's default 128 MB held 120 MiB more at idle
 * than 16 MB, which is ample for one clinic's working set (docs/performance.md, "Start-up and idle
 * memory").
 */
const PGLITE_OPTIONS: PGliteOptions & { relaxedDurability: boolean } = {
  relaxedDurability: false,
  startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"],
};

interface Database {
  kind: "postgres" | "pglite";
  prisma: PrismaClient;
  /** Runs one statement on whichever connection is free (SqlRunner.query's rules). */
  query: SqlRunner["query"];
  /** Runs `work` with one dedicated connection (session-level locks need one). */
  withConnection<T>(work: (sql: SqlRunner) => Promise<T>): Promise<T>;
  /**
   * Runs `work` in one transaction: committed when it resolves, rolled back when it throws.
   * Inside, use only the runner it is given (on PGlite any other query waits for the transaction).
   */
  withTransaction<T>(work: (sql: SqlRunner) => Promise<T>): Promise<T>;
  /** For a library with its own SQL (pg-boss): text with values as one statement, text without as a script. */
  executeSql: ExecuteSql;
  close(): Promise<void>;
}

/** Runs text with values as one statement, text without as a script; the (last statement's) rows. */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

const holder = globalThis as unknown as { __handAssessmentDb?: Database };

const POOL_WAIT_MS = 30_000;
const CONNECT_TIMEOUT_MS = 3_000;

function clientRunner(client: pg.ClientBase): SqlRunner {
  return {
    async query(sql, params, name) {
      return (await client.query(name ? { name, text: sql, values: params } : { text: sql, values: params })).rows;
    },
    async exec(sql) {
      await client.query(sql);
    },
  };
}

function openPostgres(url: string): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: env().DATABASE_POOL_SIZE,
    // Waiting for a free connection during a burst is not an outage: requests queue this long.
    connectionTimeoutMillis: POOL_WAIT_MS,
    // Opening a connection is bounded on its own, so an unreachable database still fails fast (503).
    Client: class extends pg.Client {
      constructor(config?: pg.ClientConfig) {
        super({ ...config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
      }
    },
  });
  // An idle client that loses its server must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  return {
    kind: "postgres",
    prisma,
    // As pg-boss's own pool runs its statements.
    executeSql: (text, values) => pool.query(text, values),
    // The pool's own query: takes a client, runs, releases, without a runner in between.
    async query(sql, params, name) {
      return (await pool.query(name ? { name, text: sql, values: params } : { text: sql, values: params })).rows;
    },
    async withConnection(work) {
      const client = await pool.connect();
      try {
        return await work(clientRunner(client));
      } finally {
        client.release();
      }
    },
    async withTransaction(work) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query("BEGIN");
        const result = await work(clientRunner(client));
        await client.query("COMMIT");
        return result;
      } catch (error) {
        // A client whose ROLLBACK fails is in an unknown state: the pool discards it.
        await client.query("ROLLBACK").catch((rollbackError: Error) => (broken = rollbackError));
        throw error;
      } finally {
        client.release(broken);
      }
    },
    async close() {
      await prisma.$disconnect();
      await pool.end().catch(() => {});
    },
  };
}

/** The build's template of a new embedded database (setPgliteTemplate). */
let pgliteTemplate: string | undefined;

/**
 * A data directory fresh from initdb (scripts/lib/pglite-template.mjs, made with the build): a
 * new embedded database starts as a copy of it instead of running initdb. server.ts names its
 * build's; without one (or when it is missing) PGlite runs initdb.
 */
export function setPgliteTemplate(path: string): void {
  pgliteTemplate = path;
}

/**
 * Copies the template into a new data directory. PG_VERSION, which marks a data directory as
 * made (openPglite), is copied last, so a copy cut short is made again at the next start.
 */
function copyTemplate(template: string, dir: string): void {
  cpSync(template, dir, { recursive: true, filter: (source) => source !== join(template, "PG_VERSION") });
  copyFileSync(join(template, "PG_VERSION"), join(dir, "PG_VERSION"));
}

function openPglite(dataDir: string): Database {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const fresh = !existsSync(join(dir, "PG_VERSION"));
  if (fresh && pgliteTemplate && existsSync(join(pgliteTemplate, "PG_VERSION"))) copyTemplate(pgliteTemplate, dir);
  // PGlite's PostgreSQL is WebAssembly: V8's optimising tier held about 40 MiB more code at idle
  // for no measurable gain in query time (docs/performance.md); set before PGlite compiles it.
  setFlagsFromString("--liftoff-only");
  const pglite = new PGlite(dir, PGLITE_OPTIONS);
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
  const runner = (target: Pick<PGlite, "query" | "exec">): SqlRunner => ({
    async query(sql, params) {
      return (await target.query(sql, params as unknown[])).rows as never;
    },
    async exec(sql) {
      await target.exec(sql);
    },
  });
  return {
    kind: "pglite",
    prisma,
    query: (sql, params) => runner(pglite).query(sql, params),
    withConnection: (work) => work(runner(pglite)),
    // PGlite is one connection: its transaction() holds every other query until it ends.
    withTransaction: (work) => pglite.transaction((tx) => work(runner(tx))),
    async executeSql(text, values) {
      if (values?.length) return pglite.query(text, values);
      const results = await pglite.exec(text);
      return results.at(-1) ?? { rows: [] };
    },
    async close() {
      await prisma.$disconnect();
      if (!pglite.closed) await pglite.close();
    },
  };
}

function database(): Database {
  if (!holder.__handAssessmentDb) {
    const { DATABASE_URL, DATA_DIR } = env();
    holder.__handAssessmentDb = DATABASE_URL ? openPostgres(DATABASE_URL) : openPglite(DATA_DIR);
  }
  return holder.__handAssessmentDb;
}

/** The settings an acknowledged write's survival rests on (see DurabilitySettings). */
export async function durabilitySettings(): Promise<DurabilitySettings> {
  const [row] = await query<{ fsync: string; synchronous_commit: string; full_page_writes: string }>(
    "SELECT current_setting('fsync') AS fsync, current_setting('synchronous_commit') AS synchronous_commit, current_setting('full_page_writes') AS full_page_writes",
  );
  return {
    fsync: row!.fsync,
    synchronousCommit: row!.synchronous_commit,
    fullPageWrites: row!.full_page_writes,
    ...(databaseKind() === "pglite" ? { pgliteRelaxedDurability: PGLITE_OPTIONS.relaxedDurability } : {}),
  };
}

/**
 * Which failure an acknowledged commit survives: PostgreSQL with fsync, synchronous_commit and
 * full_page_writes on survives power loss; PGlite writing out every commit survives a crash of
 * this process (not of the machine); anything else promises neither.
 */
export function durabilityLevel(settings: DurabilitySettings): "power loss" | "process crash" | "none" {
  if (settings.synchronousCommit === "off" || settings.pgliteRelaxedDurability === true) return "none";
  if (settings.pgliteRelaxedDurability === false) return "process crash";
  return settings.fsync === "on" && settings.fullPageWrites === "on" ? "power loss" : "none";
}

/** The process's Prisma client. */
export function db(): PrismaClient {
  return database().prisma;
}

export function databaseKind(): "postgres" | "pglite" {
  return database().kind;
}

/**
 * The statement runner for a library that brings its own SQL scripts (pg-boss, lib/jobs), over
 * the service's own connections: the pool on PostgreSQL, the one connection of PGlite.
 */
export function poolExecuteSql(): ExecuteSql {
  return database().executeSql;
}

/** One statement on whichever connection is free: for a statement that needs no session of its own. */
export function query<T = Record<string, unknown>>(sql: string, params?: unknown[], name?: string): Promise<T[]> {
  return database().query<T>(sql, params, name);
}

export function withConnection<T>(work: (sql: SqlRunner) => Promise<T>): Promise<T> {
  return database().withConnection(work);
}

/**
 * Runs `work` as the role that owns the schema: over DATABASE_MIGRATION_URL when it is set (the
 * service's own role then holds only table rights), else on one of the service's connections.
 */
export async function withOwnerConnection<T>(work: (sql: SqlRunner) => Promise<T>): Promise<T> {
  const url = env().DATABASE_MIGRATION_URL;
  if (!url) return withConnection(work);
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  await client.connect();
  try {
    return await work(clientRunner(client));
  } finally {
    await client.end().catch(() => {});
  }
}

export function withTransaction<T>(work: (sql: SqlRunner) => Promise<T>): Promise<T> {
  return database().withTransaction(work);
}

export async function closeDatabase(): Promise<void> {
  const current = holder.__handAssessmentDb;
  holder.__handAssessmentDb = undefined;
  await current?.close();
}
