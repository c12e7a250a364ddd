// One migrated database per test run that every test database copies instead of migrating
// itself (test/support/database.ts). On PostgreSQL a template database made and migrated here,
// named in TEST_DATABASE_TEMPLATE, and dropped at the end with every database the run's tests
// made (TEST_DATABASE_PREFIX names them); on the embedded database the build's
// PGlite template (scripts/lib/pglite-template.mjs, made here when missing or older than a
// migration), named in TEST_PGLITE_TEMPLATE. A copy takes a fraction of a second; PGlite's
// initdb and the migrations in WebAssembly took seconds per test process, a minute on a busy
// machine. Used by npm test (scripts/test.mjs) and npm run test:mutation.
import { execFileSync } from "node:child_process";
import { resolve } from "node:path";
import pg from "pg";
import { distDir } from "./build.mjs";
import { makePgliteTemplate, pgliteTemplatePath, pgliteTemplateStale } from "./pglite-template.mjs";

/** Runs `work` with a client of the server at `url`, closed afterwards. */
async function withAdmin(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function withPostgresTemplate(url, prefix, work) {
  // Every database of the run is named after it, so that the ones a test left behind (a file
  // ended by the runner before its after() hook) are dropped with the template at the end.
  const run = `${prefix}_${process.pid}`;
  const name = `${run}_template`;
  await withAdmin(url, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${name}"`);
  });
  try {
    const target = new URL(url);
    target.pathname = `/${name}`;
    const env = { ...process.env, DATABASE_URL: target.toString() };
    delete env.DATABASE_MIGRATION_URL;
    execFileSync(process.execPath, ["--import", "tsx", "scripts/migrate.ts"], { env, stdio: ["ignore", "ignore", "inherit"] });
    Object.assign(process.env, { TEST_DATABASE_TEMPLATE: name, TEST_DATABASE_PREFIX: run });
    return await work();
  } finally {
    delete process.env.TEST_DATABASE_TEMPLATE;
    delete process.env.TEST_DATABASE_PREFIX;
    await withAdmin(url, async (client) => {
      const { rows } = await client.query("SELECT datname FROM pg_database WHERE starts_with(datname, $1)", [`${run}_`]);
      for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    });
  }
}

/**
 * Runs `work` with the run's template named in the environment, which the test processes inherit.
 * `prefix` begins the names of the run's PostgreSQL databases (`<prefix>_<pid>_template`, `<prefix>_<pid>_<random>`).
 */
export async function withTestTemplates(prefix, work) {
  const url = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (url) return withPostgresTemplate(url, prefix, work);
  const dist = distDir();
  if (pgliteTemplateStale(dist)) makePgliteTemplate(dist);
  process.env.TEST_PGLITE_TEMPLATE = resolve(pgliteTemplatePath(dist));
  return work();
}
