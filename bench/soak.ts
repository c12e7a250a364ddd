// npm run bench:soak: 5 minutes of mixed traffic at 32 connections (autocannon, 8 per route:
// code lookups, ROM submissions, results reads, liveness) against the service on PostgreSQL.
// Prints, for each minute, p99 per route, errors (connection errors, timeouts, non-2xx, 5xx)
// and the server's resident set size. Targets: zero errors and zero 5xx; RSS flat after warm-up.
// SOAK_MINUTES (5). PostgreSQL: BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL.
import { readFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { cpus } from "node:os";
import autocannon, { type Result } from "autocannon";
import { romBody } from "@/lib/assessments/examples";

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
const PER_ROUTE = 8;

process.env.TEST_DATABASE_URL ||=
  process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/postgres";
process.env.NEXT_DIST_DIR ||= ".next";
const { startServer } = await import("@/test/support/server");

const build = spawnSync(process.execPath, ["-e", "import('./scripts/lib/build.mjs').then((m) => m.ensureBuild())"], { stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);

const server = await startServer({ env: { RATE_LIMIT: "off", LOG_LEVEL: "warn" } });
const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.process.pid}/status`, "utf8"))![1]) / 1024;

try {
  const created = await fetch(`${server.origin}/api/assessments/rom`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(romBody),
  });
  const { code } = (await created.json()) as { code: string };
  const routes = [
    { name: "GET /api/lookup/:code", url: `${server.origin}/api/lookup/${code}` },
    {
      name: "POST /api/assessments/rom",
      url: `${server.origin}/api/assessments/rom`,
      method: "POST",
      body: JSON.stringify(romBody),
      headers: { "content-type": "application/json" },
    },
    { name: "GET /api/assessments/:code/results", url: `${server.origin}/api/assessments/${code}/results` },
    { name: "GET /api/health", url: `${server.origin}/api/health` },
  ];
  console.error(
    `soak: ${MINUTES} min, ${routes.length * PER_ROUTE} connections (${PER_ROUTE} per route); RSS at start ${rssMb().toFixed(0)} MB`,
  );
  const minutes: { minute: number; results: Result[]; rss: number }[] = [];
  for (let minute = 1; minute <= MINUTES; minute++) {
    const results = await Promise.all(
      routes.map(({ name: _name, ...options }) => autocannon({ ...options, connections: PER_ROUTE, duration: 60 })),
    );
    minutes.push({ minute, results, rss: rssMb() });
    const errors = results.reduce((sum, r) => sum + r.errors + r.timeouts + r.non2xx, 0);
    console.error(
      `minute ${minute}: ${results.reduce((s, r) => s + r.requests.total, 0)} requests, ${errors} errors, RSS ${rssMb().toFixed(0)} MB`,
    );
  }

  const cpu = cpus();
  console.log(
    `\nnpm run bench:soak — ${new Date().toISOString().slice(0, 10)}, ${cpu.length} cores (shared), Node ${process.version}; ${routes.length * PER_ROUTE} connections, ${MINUTES} min\n`,
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
}
