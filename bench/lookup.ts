// npm run bench:lookup: GET /api/lookup/:code under load (autocannon, 10 s, 32 connections)
// against a bare node:http + pg server doing the same single UPDATE ... RETURNING, on
// PostgreSQL. Prints both throughputs and the ratio (target: the service reaches 0.6).
// The database server: BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL (default the local
// postgres); a fresh database is created and dropped. Rate limits are off, logging at warn.
import { spawn, spawnSync } from "node:child_process";
import autocannon, { type Result } from "autocannon";

const DURATION_S = 10;
const CONNECTIONS = 32;
const WARMUP_S = 3;
const POOL_SIZE = "10";

process.env.TEST_DATABASE_URL ||= process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/postgres";
process.env.NEXT_DIST_DIR ||= ".next";

const { createTestDatabase } = await import("@/test/support/database");
const { startServer } = await import("@/test/support/server");

const build = spawnSync(process.execPath, ["-e", "import('./scripts/lib/build.mjs').then((m) => m.ensureBuild())"], { stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);

async function startBare(databaseUrl: string): Promise<{ origin: string; stop(): void }> {
  const child = spawn(process.execPath, ["--import", "tsx", "bench/bare-server.ts"], {
    env: { ...process.env, DATABASE_URL: databaseUrl, POOL_SIZE },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      const match = /listening (\d+)/.exec(String(chunk));
      if (match) resolve(Number(match[1]));
    });
    child.on("exit", (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  return { origin: `http://127.0.0.1:${port}`, stop: () => child.kill("SIGTERM") };
}

const row = (name: string, r: Result) =>
  `${name.padEnd(30)} ${Math.round(r.requests.average).toString().padStart(7)} req/s   p50 ${r.latency.p50} ms   p99 ${r.latency.p99} ms` +
  `   failed ${r.errors + r.timeouts + r.non2xx} of ${r.requests.total}`;

async function load(name: string, url: string): Promise<Result> {
  await autocannon({ url, connections: CONNECTIONS, duration: WARMUP_S });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  console.log(row(name, result));
  return result;
}

const database = await createTestDatabase();
const service = await startServer({
  database,
  env: { RATE_LIMIT: "off", LOG_LEVEL: "warn", DATABASE_POOL_SIZE: POOL_SIZE },
});
const bare = await startBare(database.url!);
try {
  const created = await fetch(`${service.origin}/api/assessments/rom`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ hand: "LEFT", overallScore: 72, wristScore: 80, fingerScore: 65, lightingQuality: "GOOD", wrist: { max_extension_deg: 60, max_flexion_deg: 70 } }),
  });
  const { code } = (await created.json()) as { code: string };

  console.log(`loading each for ${DURATION_S} s with ${CONNECTIONS} connections (after ${WARMUP_S} s of warm-up), pool size ${POOL_SIZE} ...`);
  const bareResult = await load("bare node:http + pg", `${bare.origin}/lookup/BENCH2`);
  const serviceResult = await load("service GET /api/lookup/:code", `${service.origin}/api/lookup/${code}`);
  const views = (await (await fetch(`${service.origin}/api/lookup/${code}`)).json()) as { viewCount: number };
  console.log(`ratio service / bare: ${(serviceResult.requests.average / bareResult.requests.average).toFixed(2)} (target >= 0.60)`);
  console.log(`views counted by the service: ${views.viewCount} (every request of warm-up and run, plus this one)`);
} finally {
  bare.stop();
  await service.stop();
  await database.drop();
}
