// The embedded database's template: a data directory made by initdb and brought up to date by
// the migrations, kept beside the builds (<dist>/pglite-initdb/). A new embedded database starts
// as a copy of it instead of running initdb and every migration in WebAssembly, which were most
// of its first start (docs/performance.md, "Start-up and idle memory"). It holds no data, only
// PostgreSQL's catalogues and the service's schema: at start the migrations that are newer than
// the template still run on the copy, as on any database. `next build` empties the folder, and
// the template is made again when a migration is newer than it. Run as a script (with tsx
// loaded), it writes the template to the path it is given.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** Where the template of the build at `dist` is. */
export const pgliteTemplatePath = (dist) => join(dist, "pglite-initdb");

const MIGRATIONS = "prisma/migrations";

/** Whether the template is missing or older than a migration. */
export function pgliteTemplateStale(dist) {
  const path = pgliteTemplatePath(dist);
  if (!existsSync(join(path, "PG_VERSION"))) return true;
  const made = statSync(path).mtimeMs;
  return readdirSync(MIGRATIONS).some((entry) => statSync(join(MIGRATIONS, entry)).mtimeMs > made);
}

/** Whether tsx loads here: the migrations are TypeScript, and a production install has no tsx. */
function tsxInstalled() {
  try {
    import.meta.resolve("tsx");
    return true;
  } catch {
    return false;
  }
}

/**
 * Makes the template in a child process (PGlite's WebAssembly stays out of the build's process).
 * Without tsx the template holds no migrations: each new database then runs them all at start.
 */
export function makePgliteTemplate(dist) {
  const started = performance.now();
  const migrated = tsxInstalled();
  const loader = migrated ? ["--import", "tsx"] : [];
  const result = spawnSync(process.execPath, [...loader, fileURLToPath(import.meta.url), pgliteTemplatePath(dist)], {
    stdio: "inherit",
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  const what = migrated ? "template" : "template (without the migrations: tsx is not installed)";
  console.log(`made the embedded database's ${what} in ${Math.round(performance.now() - started)} ms`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const path = process.argv[2];
  const { PGlite } = await import("@electric-sql/pglite");
  // Run with tsx (makePgliteTemplate) the migrations load; without it, Node cannot read them.
  const migrations = await import("../../lib/migrations/index.ts").catch(() => null);
  const partial = `${path}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(dirname(path), { recursive: true });
  // PGlite on a directory of the host runs initdb into it; closed, it is a clean data directory.
  const pglite = await PGlite.create(partial);
  await migrations?.migrateDatabase({
    query: async (sql, params) => (await pglite.query(sql, params)).rows,
    exec: async (sql) => void (await pglite.exec(sql)),
  });
  await pglite.close();
  rmSync(path, { recursive: true, force: true });
  renameSync(partial, path);
}
