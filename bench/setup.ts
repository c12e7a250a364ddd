// What a bench does before it measures: PostgreSQL, the production build, and a clinic of data.
import { spawnSync } from "node:child_process";
import pg from "pg";
import { seedDemoClinic } from "@/lib/seed/demo-clinic";

/**
 * The servers test/support starts run on PostgreSQL (BENCH_DATABASE_URL, TEST_DATABASE_URL or
 * DATABASE_URL; default the local server) from the production build. Call it before importing
 * test/support, which reads these when it loads.
 */
export function benchOnPostgres(): void {
  process.env.TEST_DATABASE_URL ||=
    process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/postgres";
  process.env.NEXT_DIST_DIR ||= ".next";
}

/** Makes the production build when it is missing or older than the sources (scripts/lib/build.mjs); exits if it fails. */
export function ensureBuilt(): void {
  const build = spawnSync(process.execPath, ["-e", "import('./scripts/lib/build.mjs').then((m) => m.ensureBuild())"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** Seeds the demo clinic (20 assessments a patient) into a bench database and analyzes it; what was seeded and the seconds it took. */
export async function seedClinic(databaseUrl: string | undefined, patients: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const started = performance.now();
  try {
    const seeded = await seedDemoClinic(
      { query: async (sql, params) => (await client.query(sql, params)).rows },
      { patients, assessmentsPerPatient: 20, batchSize: 500 },
    );
    await client.query("VACUUM ANALYZE");
    return { ...seeded, seconds: (performance.now() - started) / 1000 };
  } finally {
    await client.end();
  }
}
