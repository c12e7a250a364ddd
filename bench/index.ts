// npm run bench: one table, every row measured in this run, on PostgreSQL:
// - GET /api/lookup/:code req/s against a bare node:http + pg server doing the same SQL
//   (bench/baseline.ts), and the ratio (target >= 0.6),
// - POST /api/assessments/rom req/s against the same bare server storing the same rows, and
//   the ratio (target >= 0.5),
// - GET /api/patients p50 at 10,000 patients (the demo clinic seed, as bench/patients.ts),
// - GET /api/reports/:code/pdf p50 for a 20-assessment report,
// - what the abuse limits cost a lookup: limits off, in memory and in Redis (bench/limits.ts),
// - GET /api/fhir/Patient/:id/$everything p50 for a patient with 1,000 assessments (bench/fhir.ts),
// - GET /api/lookup/:code p99 while clients request PDFs back to back, against idle p99
//   (bench/pdf-contention.ts; target: within 2x),
// - start-up to the first healthy /api/health, on the embedded database and on PostgreSQL
//   (fresh database: migrations included).
// Load: autocannon, 32 connections; each throughput pair is measured in alternating rounds so
// drift on a shared machine hits both sides. The service runs with RATE_LIMIT=off, LOG_LEVEL=warn.
// PostgreSQL: BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL (default the local server);
// fresh databases are created and dropped. BENCH_PATIENTS (10000), BENCH_SECONDS (10).
import { spawnSync } from "node:child_process";
import { cpus, totalmem } from "node:os";
import pg from "pg";
import { romBody } from "@/lib/assessments/examples";
import { seedDemoClinic } from "@/lib/seed/demo-clinic";
import { compare, loadDescription, SERVICE_ENV, startBaseline, type LoadOptions } from "./compare";
import { measureLimitCost } from "./limits";
import { benchEverything } from "./fhir";
import { describeContention, measurePdfContention } from "./pdf-contention";

declare module "autocannon" {
  interface Options {
    method?: string;
    body?: string;
    headers?: Record<string, string>;
  }
}

const PATIENTS = Number(process.env.BENCH_PATIENTS || 10_000);

process.env.TEST_DATABASE_URL ||=
  process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/postgres";
process.env.NEXT_DIST_DIR ||= ".next";

const { createTestDatabase } = await import("@/test/support/database");
const { startIdentityProvider } = await import("@/test/support/identity-provider");
const { startServer } = await import("@/test/support/server");

const build = spawnSync(process.execPath, ["-e", "import('./scripts/lib/build.mjs').then((m) => m.ensureBuild())"], { stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);

interface Row {
  measure: string;
  service: string;
  baseline: string;
  ratio: string;
  target: string;
}
const rows: Row[] = [];
const log = (line: string) => console.error(line);

async function compareRow(measure: string, target: number, service: string, baseline: string, options: LoadOptions = {}) {
  const result = await compare(service, baseline, options);
  log(`${measure}:\n  ${result.rounds.join("\n  ")}\n  ratio ${result.ratio.toFixed(2)}`);
  rows.push({
    measure,
    service: `${Math.round(result.service)} req/s`,
    baseline: `${Math.round(result.baseline)} req/s`,
    ratio: `${result.ratio.toFixed(2)}×`,
    target: `≥ ${target}× ${result.ratio >= target ? "met" : "MISSED"}`,
  });
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function sequentialP50(url: string, count: number, headers: Record<string, string> = {}): Promise<{ p50: number; p99: number }> {
  const times: number[] = [];
  for (let i = 0; i < count + 5; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    if (i >= 5) times.push(performance.now() - started);
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

async function startupMs(kind: "pglite" | "postgres"): Promise<number> {
  const { createTestDatabase: create } = await import("@/test/support/database");
  const database =
    kind === "postgres"
      ? await create()
      : await (async () => {
          const { mkdtempSync, rmSync } = await import("node:fs");
          const { tmpdir } = await import("node:os");
          const { join } = await import("node:path");
          const dir = mkdtempSync(join(tmpdir(), "hand-bench-"));
          return { kind: "pglite" as const, env: { DATA_DIR: dir }, drop: async () => rmSync(dir, { recursive: true, force: true }) };
        })();
  const started = performance.now();
  const server = await startServer({ database, env: SERVICE_ENV });
  try {
    for (;;) {
      const response = await fetch(`${server.origin}/api/health`).catch(() => null);
      if (response?.status === 200) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await server.stop();
    await database.drop();
  }
}

// ---------- lookup, submission, PDF ----------
{
  const database = await createTestDatabase();
  const service = await startServer({ database, env: SERVICE_ENV });
  let baseline: Awaited<ReturnType<typeof startBaseline>> | undefined;
  try {
    const post = (path: string, body: unknown) =>
      fetch(`${service.origin}/api${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      }).then(async (r) => {
        if (r.status >= 300) throw new Error(`${path} answered ${r.status}`);
        return (await r.json()) as { code: string };
      });
    const { code } = await post("/assessments/rom", romBody);
    // Started after the record exists: the baseline looks codes up in its own copy of the table.
    baseline = await startBaseline(database.url!);
    await compareRow("GET /api/lookup/:code", 0.6, `${service.origin}/api/lookup/${code}`, `${baseline.origin}/lookup/${code}`);
    await compareRow("POST /api/assessments/rom", 0.5, `${service.origin}/api/assessments/rom`, `${baseline.origin}/assessments/rom`, {
      method: "POST",
      body: JSON.stringify(romBody),
    });

    const codes = [];
    for (let i = 0; i < 20; i++) codes.push((await post("/assessments/rom", { ...romBody, overallScore: 50 + i })).code);
    const report = await post("/reports", { title: "Benchmark report", assessmentCodes: codes });
    const pdf = await sequentialP50(`${service.origin}/api/reports/${report.code}/pdf`, 30);
    log(`PDF: p50 ${pdf.p50.toFixed(0)} ms, p99 ${pdf.p99.toFixed(0)} ms`);
    rows.push({
      measure: "GET /api/reports/:code/pdf (20 assessments), p50",
      service: `${pdf.p50.toFixed(0)} ms`,
      baseline: "–",
      ratio: "–",
      target: `< 300 ms ${pdf.p50 < 300 ? "met" : "MISSED"}`,
    });

    const contention = await measurePdfContention(service.origin);
    log(`lookup latency while PDFs render:\n  ${describeContention(contention).join("\n  ")}`);
    rows.push({
      measure: "GET /api/lookup/:code p99 while PDFs render continuously (baseline: idle p99)",
      service: `${contention.busy.p99.toFixed(1)} ms`,
      baseline: `${contention.idle.p99.toFixed(1)} ms`,
      ratio: `${contention.ratio.toFixed(2)}×`,
      target: `≤ 2× ${contention.ratio <= 2 ? "met" : "MISSED"}`,
    });
  } finally {
    baseline?.stop();
    await service.stop();
  }
}

// ---------- what the abuse limits cost a lookup ----------
{
  const database = await createTestDatabase();
  try {
    for (const row of await measureLimitCost(startServer, database, log)) {
      rows.push({
        measure: row.measure,
        service: `${Math.round(row.reqPerSecond)} req/s (p99 ${row.p99.toFixed(0)} ms)`,
        baseline: "limits off",
        ratio: row.ratio === null ? "–" : `${row.ratio.toFixed(2)}×`,
        target: row.target === null ? "–" : `≥ ${row.target}× ${row.ratio! >= row.target ? "met" : "MISSED"}`,
      });
    }
  } finally {
    await database.drop();
  }
}

// ---------- GET /patients at clinic scale ----------
{
  const idp = await startIdentityProvider();
  const database = await createTestDatabase();
  const server = await startServer({ database, env: { ...SERVICE_ENV, ...idp.env }, startTimeoutMs: 180_000 });
  try {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const started = performance.now();
    const seeded = await seedDemoClinic(
      { query: async (sql, params) => (await client.query(sql, params)).rows },
      { patients: PATIENTS, assessmentsPerPatient: 20, batchSize: 500 },
    );
    await client.query("VACUUM ANALYZE");
    await client.end();
    log(`seeded ${seeded.patients} patients, ${seeded.assessments} assessments in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    const token = await idp.token({ sub: seeded.providerSub, roles: ["care_provider"] });
    const list = await sequentialP50(`${server.origin}/api/patients`, 100, { authorization: `Bearer ${token}` });
    log(`GET /patients: p50 ${list.p50.toFixed(1)} ms, p99 ${list.p99.toFixed(1)} ms`);
    rows.push({
      measure: `GET /api/patients at ${PATIENTS.toLocaleString("en")} patients, p50`,
      service: `${list.p50.toFixed(1)} ms`,
      baseline: "–",
      ratio: "–",
      target: "–",
    });
  } finally {
    await server.stop();
    await idp.close();
  }
}

// ---------- FHIR $everything ----------
{
  const figures = await benchEverything(SERVICE_ENV);
  log(
    `$everything: ${figures.resources} resources in ${figures.pages} page(s), p50 ${figures.p50.toFixed(0)} ms, p99 ${figures.p99.toFixed(0)} ms, server CPU ${figures.serverCpu.toFixed(0)} ms per export`,
  );
  rows.push({
    measure: `GET /api/fhir/Patient/:id/$everything, 1,000 assessments (${figures.resources} resources, ${(figures.bytes / 2 ** 20).toFixed(0)} MiB), p50`,
    service: `${figures.p50.toFixed(0)} ms`,
    baseline: "–",
    ratio: "–",
    target: `< 500 ms ${figures.p50 < 500 ? "met" : "MISSED"}`,
  });
}

// ---------- start-up ----------
for (const kind of ["pglite", "postgres"] as const) {
  const ms = await startupMs(kind);
  log(`start-up (${kind}): ${ms.toFixed(0)} ms`);
  rows.push({
    measure: `Start-up to first healthy /api/health, ${kind === "pglite" ? "embedded (PGlite)" : "PostgreSQL"}, fresh database`,
    service: `${(ms / 1000).toFixed(1)} s`,
    baseline: "–",
    ratio: "–",
    target: "–",
  });
}

const cpu = cpus();
console.log(
  `\nnpm run bench — ${new Date().toISOString().slice(0, 10)}, ${cpu.length} cores (${cpu[0]?.model.trim()}, shared with other work), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; ${loadDescription}\n`,
);
console.log("| Measure | Service | Bare baseline | Ratio | Target |");
console.log("| --- | --- | --- | --- | --- |");
for (const r of rows) console.log(`| ${r.measure} | ${r.service} | ${r.baseline} | ${r.ratio} | ${r.target} |`);
