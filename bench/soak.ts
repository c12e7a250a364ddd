// npm run bench:soak: SOAK_MINUTES (5) of mixed traffic at 32 connections against the service on
// PostgreSQL, configured as users run it (limits on, request log on, 100,000 client addresses
// behind a trusted balancer): 16 connections of code lookups spread over 100,000 codes in a table
// of 1,000,000 records (bench/lookup-table.ts; BENCH_LOOKUP_CODES, BENCH_ASSESSMENTS), 8 of
// anonymous ROM submissions and 8 of results reads (round 200 records the soak submits first).
// No liveness route pads the load. Prints, for each minute, p99 per route, errors (connection
// errors, timeouts, non-2xx, 5xx) and the server's resident set size. Targets: zero errors and
// zero 5xx; RSS flat after warm-up. PostgreSQL: BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL.
import { readFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { cpus } from "node:os";
import autocannon, { type Result } from "autocannon";
import { romBody } from "@/lib/assessments/examples";
import { freshClientAddress, loadOptions, SERVICE_ENV, type LoadOptions } from "./compare";
import { seedLookupTable } from "./lookup-table";

declare module "autocannon" {
  interface Options {
    method?: string;
    body?: string;
    headers?: Record<string, string>;
  }
  interface Result {
    "5xx": number;
  }
}

const MINUTES = Number(process.env.SOAK_MINUTES || 5);
const RESULT_RECORDS = 200;

process.env.TEST_DATABASE_URL ||=
  process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/postgres";
process.env.NEXT_DIST_DIR ||= ".next";
const { createTestDatabase } = await import("@/test/support/database");
const { startServer } = await import("@/test/support/server");

const build = spawnSync(process.execPath, ["-e", "import('./scripts/lib/build.mjs').then((m) => m.ensureBuild())"], { stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);

const database = await createTestDatabase();
const server = await startServer({ database, env: SERVICE_ENV, startTimeoutMs: 180_000 });
// Seeded once the server has migrated the database.
const table = await seedLookupTable(database.url!, (line) => console.error(line));
const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.process.pid}/status`, "utf8"))![1]) / 1024;

try {
  const submitted: string[] = [];
  for (let i = 0; i < RESULT_RECORDS; i++) {
    const created = await fetch(`${server.origin}/api/assessments/rom`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": freshClientAddress() },
      body: JSON.stringify(romBody),
    });
    if (created.status !== 201) throw new Error(`POST /api/assessments/rom answered ${created.status}`);
    submitted.push(((await created.json()) as { code: string }).code);
  }
  const routes: { name: string; url: string; connections: number; options: LoadOptions }[] = [
    { name: "GET /api/lookup/:code", url: `${server.origin}/api/lookup/`, connections: 16, options: { spreadOver: table.codes } },
    {
      name: "POST /api/assessments/rom",
      url: `${server.origin}/api/assessments/rom`,
      connections: 8,
      options: { method: "POST", body: JSON.stringify(romBody) },
    },
    {
      name: "GET /api/assessments/:code/results",
      url: `${server.origin}/api/assessments/`,
      connections: 8,
      options: { spreadOver: submitted.map((code) => `${code}/results`) },
    },
  ];
  const connections = routes.reduce((sum, route) => sum + route.connections, 0);
  const described = `${connections} connections (${routes.map((r) => `${r.connections} ${r.name}`).join(", ")}); lookups over ${table.codes.length.toLocaleString("en")} codes in a table of ${table.rows.toLocaleString("en")} assessments`;
  console.error(`soak: ${MINUTES} min, ${described}; RSS at start ${rssMb().toFixed(0)} MB`);
  const minutes: { minute: number; results: Result[]; rss: number }[] = [];
  for (let minute = 1; minute <= MINUTES; minute++) {
    const results = await Promise.all(
      routes.map((route) => autocannon({ ...loadOptions(route.url, route.options, route.connections), duration: 60 })),
    );
    minutes.push({ minute, results, rss: rssMb() });
    const errors = results.reduce((sum, r) => sum + r.errors + r.timeouts + r.non2xx, 0);
    console.error(
      `minute ${minute}: ${results.reduce((s, r) => s + r.requests.total, 0)} requests, ${errors} errors, RSS ${rssMb().toFixed(0)} MB`,
    );
  }

  const cpu = cpus();
  console.log(
    `\nnpm run bench:soak — ${new Date().toISOString().slice(0, 10)}, ${cpu.length} cores (shared), Node ${process.version}; ${MINUTES} min, ${described}\n`,
  );
  console.log(`| Minute | ${routes.map((r) => `${r.name} p99`).join(" | ")} | Requests | Errors | 5xx | RSS |`);
  console.log(`| --- | ${routes.map(() => "---").join(" | ")} | --- | --- | --- | --- |`);
  let totalErrors = 0;
  let total5xx = 0;
  for (const { minute, results, rss } of minutes) {
    const errors = results.reduce((sum, r) => sum + r.errors + r.timeouts + r.non2xx, 0);
    const fivexx = results.reduce((sum, r) => sum + r["5xx"], 0);
    totalErrors += errors;
    total5xx += fivexx;
    const requests = results.reduce((sum, r) => sum + r.requests.total, 0);
    console.log(
      `| ${minute} | ${results.map((r) => `${r.latency.p99} ms`).join(" | ")} | ${requests} | ${errors} | ${fivexx} | ${rss.toFixed(0)} MB |`,
    );
  }
  console.log(`\nerrors ${totalErrors} (target 0), 5xx ${total5xx} (target 0)`);
  process.exitCode = totalErrors === 0 && total5xx === 0 ? 0 : 1;
} finally {
  await server.stop();
  await database.drop();
}
