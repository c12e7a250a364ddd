// npm run bench:patients: GET /patients at clinic scale. For 1,000 and then 10,000 patients
// (20 assessments each, so 200,000 at the larger size) it makes a fresh PostgreSQL database,
// starts the real server on it, seeds the demo clinic, and prints p50/p99 of GET /patients for
// each sort and for the attention filter, then the 10,000/1,000 ratio.
// PostgreSQL: TEST_DATABASE_URL, BENCH_DATABASE_URL or DATABASE_URL (default the local server);
// fresh databases are created and dropped. Rate limits are off, logging at warn.
import { spawnSync } from "node:child_process";
import pg from "pg";
import { seedDemoClinic } from "@/lib/seed/demo-clinic";
import { percentile } from "./stats";

process.env.TEST_DATABASE_URL ||=
  process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/postgres";
process.env.NEXT_DIST_DIR ||= ".next";

const { createTestDatabase } = await import("@/test/support/database");
const { startIdentityProvider } = await import("@/test/support/identity-provider");
const { startServer } = await import("@/test/support/server");

const SIZES = [1_000, 10_000];
const ASSESSMENTS_PER_PATIENT = 20;
const WARMUP = 20;
const REQUESTS = Number(process.env.BENCH_REQUESTS || 200);
const SCENARIOS: [string, string][] = [
  ["sort=name", "/api/patients?sort=name"],
  ["sort=score", "/api/patients?sort=score"],
  ["sort=recent", "/api/patients?sort=recent"],
  ["attention=true", "/api/patients?attention=true"],
];

async function measure(origin: string, path: string, token: string) {
  const call = async () => {
    const started = performance.now();
    const response = await fetch(origin + path, { headers: { authorization: `Bearer ${token}` } });
    const body = (await response.json()) as { patients?: unknown[]; total?: number };
    if (response.status !== 200 || !Array.isArray(body.patients)) throw new Error(`${path} answered ${response.status}`);
    return { ms: performance.now() - started, total: body.total ?? 0 };
  };
  for (let i = 0; i < WARMUP; i++) await call();
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < REQUESTS; i++) {
    const result = await call();
    times.push(result.ms);
    total = result.total;
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99), total };
}

const build = spawnSync(process.execPath, ["-e", "import('./scripts/lib/build.mjs').then((m) => m.ensureBuild())"], { stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);

const idp = await startIdentityProvider();
const results = new Map<number, Map<string, { p50: number; p99: number; total: number }>>();
try {
  for (const size of SIZES) {
    const database = await createTestDatabase();
    const server = await startServer({ database, env: { ...idp.env, LOG_LEVEL: "warn" }, startTimeoutMs: 180_000 });
    try {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      const started = performance.now();
      const seeded = await seedDemoClinic(
        { query: async (sql, params) => (await client.query(sql, params)).rows },
        { patients: size, assessmentsPerPatient: ASSESSMENTS_PER_PATIENT, batchSize: 500 },
      );
      await client.query("VACUUM ANALYZE");
      await client.end();
      console.log(
        `seeded ${seeded.patients} patients, ${seeded.assessments} assessments, ${seeded.journalEntries} journal entries in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
      const token = await idp.token({ sub: seeded.providerSub, roles: ["care_provider"] });
      const bySize = new Map<string, { p50: number; p99: number; total: number }>();
      for (const [name, path] of SCENARIOS) {
        const figures = await measure(server.origin, path, token);
        bySize.set(name, figures);
        console.log(
          `${size} patients  ${name.padEnd(15)} p50 ${figures.p50.toFixed(1).padStart(6)} ms  p99 ${figures.p99.toFixed(1).padStart(6)} ms  (total ${figures.total})`,
        );
      }
      results.set(size, bySize);
    } finally {
      await server.stop();
      await database.drop();
    }
  }
} finally {
  await idp.close();
}

const [small, large] = SIZES.map((size) => results.get(size)!);
console.log(`\nGET /patients, ${REQUESTS} sequential requests each (after ${WARMUP} warm-up), client-side latency`);
console.log("| query | p50 @1,000 | p99 @1,000 | p50 @10,000 | p99 @10,000 | p50 ratio |");
console.log("| --- | --- | --- | --- | --- | --- |");
for (const [name] of SCENARIOS) {
  const a = small!.get(name)!;
  const b = large!.get(name)!;
  console.log(
    `| ${name} | ${a.p50.toFixed(1)} ms | ${a.p99.toFixed(1)} ms | ${b.p50.toFixed(1)} ms | ${b.p99.toFixed(1)} ms | ${(b.p50 / a.p50).toFixed(2)}x |`,
  );
}
