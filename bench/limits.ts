// What the abuse limits cost a lookup: GET /api/lookup/:code under load with the limits off, in
// memory and in Redis (the configuration every multi-instance deployment uses), three services on
// one database measured in alternating rounds, request logs on. Requests come from 100,000 client
// addresses (X-Forwarded-For from a trusted loopback proxy) at the default limits, as real traffic
// would, and go round the codes they are given (npm run bench: 100,000 of a 1,000,000-row table).
// Targets: in memory >= 0.9x and in Redis >= 0.8x of the limits-off throughput, same run.
// `npm run bench:limits` prints the table alone; `npm run bench` includes its rows.
import { randomInt } from "node:crypto";
import { romBody } from "@/lib/assessments/examples";
import type { TestDatabase } from "@/test/support/database";
import type { startServer as StartServer } from "@/test/support/server";
import { CLIENT_ADDRESSES, load, loadDescription, ratioText, reqPerSecond, ROUNDS, SERVICE_ENV } from "./compare";
import { spread, type Spread } from "./stats";

const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const WARMUP_SECONDS = 3;
const REDIS_URL = process.env.BENCH_REDIS_URL || process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379";

export interface LimitCostRow {
  measure: string;
  reqPerSecond: Spread;
  /** Median p99 of the rounds. */
  p99: number;
  ratio: Spread | null;
  target: number | null;
}

export async function measureLimitCost(
  startServer: typeof StartServer,
  database: TestDatabase,
  codes: readonly string[],
  log: (line: string) => void,
): Promise<LimitCostRow[]> {
  const variants = [
    { name: "limits off", env: { ...SERVICE_ENV, RATE_LIMIT: "off" }, target: null },
    { name: "limits in memory", env: SERVICE_ENV, target: 0.9 },
    { name: "limits in Redis (scale-out)", env: { ...SERVICE_ENV, REDIS_URL, REDIS_KEY_PREFIX: `bench-${randomInt(1e9)}` }, target: 0.8 },
  ];
  const servers = [];
  for (const variant of variants) servers.push(await startServer({ database, env: variant.env }));
  try {
    let spreadOver = codes;
    if (!spreadOver.length) {
      const created = await fetch(`${servers[0]!.origin}/api/assessments/rom`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(romBody),
      });
      spreadOver = [((await created.json()) as { code: string }).code];
    }
    const urls = servers.map((server) => `${server.origin}/api/lookup/`);
    const options = { spreadOver };
    for (const url of urls) await load(url, options, WARMUP_SECONDS);
    const throughput: number[][] = variants.map(() => []);
    const p99: number[][] = variants.map(() => []);
    for (let round = 1; round <= ROUNDS; round++) {
      const line: string[] = [];
      for (const [index, url] of urls.entries()) {
        const result = await load(url, options, SECONDS);
        throughput[index]!.push(result.requests.average);
        p99[index]!.push(result.latency.p99);
        line.push(`${variants[index]!.name} ${Math.round(result.requests.average)} req/s (p99 ${result.latency.p99} ms)`);
      }
      log(`limits, round ${round}: ${line.join(", ")}`);
    }
    const off = throughput[0]!;
    return variants.map((variant, index) => ({
      measure: `GET /api/lookup/:code, ${variant.name} (${CLIENT_ADDRESSES.toLocaleString("en")} client addresses)`,
      reqPerSecond: spread(throughput[index]!),
      p99: spread(p99[index]!).median,
      ratio: index === 0 ? null : spread(throughput[index]!.map((value, round) => value / off[round]!)),
      target: variant.target,
    }));
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.env.TEST_DATABASE_URL ||=
    process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/postgres";
  process.env.NEXT_DIST_DIR ||= ".next";
  const { spawnSync } = await import("node:child_process");
  const build = spawnSync(process.execPath, ["-e", "import('./scripts/lib/build.mjs').then((m) => m.ensureBuild())"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
  const { createTestDatabase } = await import("@/test/support/database");
  const { startServer } = await import("@/test/support/server");
  const database = await createTestDatabase();
  try {
    const rows = await measureLimitCost(startServer, database, [], (line) => console.error(line));
    console.log(`\n${loadDescription}; ${ROUNDS} alternating rounds of ${SECONDS} s\n`);
    console.log("| Measure | Throughput, median (min–max) | p99 | Ratio to limits off | Target |");
    console.log("| --- | --- | --- | --- | --- |");
    for (const row of rows) {
      const ratio = row.ratio === null ? "–" : ratioText(row.ratio);
      const target = row.target === null ? "–" : `≥ ${row.target}× ${row.ratio!.median >= row.target ? "met" : "MISSED"}`;
      console.log(`| ${row.measure} | ${reqPerSecond(row.reqPerSecond)} | ${row.p99.toFixed(0)} ms | ${ratio} | ${target} |`);
    }
  } finally {
    await database.drop();
  }
}
