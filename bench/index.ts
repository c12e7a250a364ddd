// npm run bench: one table, every row measured in this run, on PostgreSQL, with the service
// configured as users run it (bench/compare.ts SERVICE_ENV: every abuse limit on, a request log
// line per request, the load spread over 100,000 client addresses behind a trusted balancer):
// - GET /api/lookup/:code req/s, spread over BENCH_LOOKUP_CODES codes (100,000) in a table of
//   BENCH_ASSESSMENTS records (1,000,000; bench/lookup-table.ts), against a bare node:http + pg
//   server doing the same SQL on a copy of the same table with the same triggers
//   (bench/baseline.ts), and the ratio (target >= 0.6),
// - POST /api/assessments/rom req/s, anonymous and with a bearer token (1,000 patients' tokens,
//   verified against a loopback identity provider), against the same bare server storing the same
//   rows (with a token: the patient's record and score point; it verifies nothing), and the
//   ratios (target >= 0.5),
// - GET /api/reports/:code/pdf p50 for a 20-assessment report,
// - GET /api/lookup/:code p99 while clients request PDFs back to back, against idle p99
//   (bench/pdf-contention.ts; target: within 2x),
// - what the abuse limits cost a lookup: limits off, in memory and in Redis, the scale-out
//   configuration (bench/limits.ts), on the same table,
// - GET /api/patients p50 at 10,000 patients (the demo clinic seed, as bench/patients.ts),
// - GET /api/fhir/Patient/:id/$everything p50 for a patient with 1,000 assessments (bench/fhir.ts),
// - FHIR bulk export of 1,000 patients × 20 assessments: kick-off to manifest, the server's peak
//   RSS above idle, every line validated (bench/bulk.ts),
// - start-up to the first healthy /api/health, on the embedded database and on PostgreSQL
//   (fresh database: migrations included).
// Load: autocannon, 32 connections; each throughput pair is measured in BENCH_ROUNDS (3)
// alternating rounds of BENCH_SECONDS (10), and printed as median (min–max) of the rounds.
// PostgreSQL: BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL (default the local server);
// fresh databases are created and dropped. BENCH_PATIENTS (10000).
import { spawnSync } from "node:child_process";
import { cpus, totalmem } from "node:os";
import pg from "pg";
import { romBody } from "@/lib/assessments/examples";
import { seedDemoClinic } from "@/lib/seed/demo-clinic";
import {
  compare,
  freshClientAddress,
  loadDescription,
  ratioText,
  reqPerSecond,
  SERVICE_ENV,
  startBaseline,
  type LoadOptions,
} from "./compare";
import { measureLimitCost } from "./limits";
import { benchBulk, describeBulk } from "./bulk";
import { benchEverything } from "./fhir";
import { seedLookupTable } from "./lookup-table";
import { describeContention, measurePdfContention } from "./pdf-contention";
import { getOk, sequentialLatency } from "./stats";

const PATIENTS = Number(process.env.BENCH_PATIENTS || 10_000);
const TOKENS = 1_000;

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
const notes: string[] = [];

async function compareRow(
  measure: string,
  target: number,
  service: string,
  baseline: string,
  options: LoadOptions = {},
  baselineOptions = options,
) {
  const result = await compare(service, baseline, options, baselineOptions);
  log(`${measure}:\n  ${result.rounds.join("\n  ")}\n  ratio ${ratioText(result.ratio)}`);
  rows.push({
    measure,
    service: reqPerSecond(result.service),
    baseline: reqPerSecond(result.baseline),
    ratio: ratioText(result.ratio),
    target: `≥ ${target}× ${result.ratio.median >= target ? "met" : "MISSED"}`,
  });
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

const idp = await startIdentityProvider();

// ---------- lookups over a large table, submissions, PDF, the abuse limits ----------
{
  const database = await createTestDatabase();
  const service = await startServer({ database, env: { ...SERVICE_ENV, ...idp.env }, startTimeoutMs: 180_000 });
  // Seeded once the server has migrated the database.
  const table = await seedLookupTable(database.url!, log);
  notes.push(
    `lookups spread over ${table.codes.length.toLocaleString("en")} codes in a table of ${table.rows.toLocaleString("en")} assessments (seeded in ${table.seconds.toFixed(0)} s)`,
  );
  log(notes.at(-1)!);
  let baseline: Awaited<ReturnType<typeof startBaseline>> | undefined;
  try {
    const post = (path: string, body: unknown) =>
      fetch(`${service.origin}/api${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": freshClientAddress() },
        body: JSON.stringify(body),
      }).then(async (r) => {
        if (r.status >= 300) throw new Error(`${path} answered ${r.status}`);
        return (await r.json()) as { code: string };
      });
    baseline = await startBaseline(database.url!);
    const lookups = { spreadOver: table.codes };
    await compareRow("GET /api/lookup/:code", 0.6, `${service.origin}/api/lookup/`, `${baseline.origin}/lookup/`, lookups);
    const submission = { method: "POST", body: JSON.stringify(romBody) };
    await compareRow(
      "POST /api/assessments/rom, anonymous",
      0.5,
      `${service.origin}/api/assessments/rom`,
      `${baseline.origin}/assessments/rom`,
      submission,
    );
    const tokens: string[] = [];
    for (let i = 0; i < TOKENS; i++) tokens.push(await idp.token({ sub: `bench|patient-${i}`, roles: ["patient"] }));
    await compareRow(
      `POST /api/assessments/rom, bearer token (${TOKENS.toLocaleString("en")} patients)`,
      0.5,
      `${service.origin}/api/assessments/rom`,
      `${baseline.origin}/assessments/rom`,
      { ...submission, tokens },
      // The baseline stores each token's record as its patient's, with the score point, unverified.
      { ...submission, tokens },
    );

    const codes = [];
    for (let i = 0; i < 20; i++) codes.push((await post("/assessments/rom", { ...romBody, overallScore: 50 + i })).code);
    const report = await post("/reports", { title: "Benchmark report", assessmentCodes: codes });
    const pdf = await sequentialLatency(
      getOk(`${service.origin}/api/reports/${report.code}/pdf`, () => ({ "x-forwarded-for": freshClientAddress() })),
      30,
      5,
    );
    log(`PDF: p50 ${pdf.p50.toFixed(0)} ms, p99 ${pdf.p99.toFixed(0)} ms`);
    rows.push({
      measure: "GET /api/reports/:code/pdf (20 assessments), p50",
      service: `${pdf.p50.toFixed(0)} ms`,
      baseline: "–",
      ratio: "–",
      target: `< 300 ms ${pdf.p50 < 300 ? "met" : "MISSED"}`,
    });

    const contention = await measurePdfContention(service.origin, table.codes);
    log(`lookup latency while PDFs render:\n  ${describeContention(contention).join("\n  ")}`);
    rows.push({
      measure: "GET /api/lookup/:code p99 while PDFs render continuously (baseline: idle p99)",
      service: `${contention.busy.p99.toFixed(1)} ms`,
      baseline: `${contention.idle.p99.toFixed(1)} ms`,
      ratio: `${contention.ratio.toFixed(2)}×`,
      target: `≤ 2× ${contention.ratio <= 2 ? "met" : "MISSED"}`,
    });
  } finally {
    await baseline?.stop();
    await service.stop();
  }

  try {
    for (const row of await measureLimitCost(startServer, database, table.codes, log)) {
      rows.push({
        measure: row.measure,
        service: `${reqPerSecond(row.reqPerSecond)} (p99 ${row.p99.toFixed(0)} ms)`,
        baseline: "limits off",
        ratio: row.ratio === null ? "–" : ratioText(row.ratio),
        target: row.target === null ? "–" : `≥ ${row.target}× ${row.ratio!.median >= row.target ? "met" : "MISSED"}`,
      });
    }
  } finally {
    await database.drop();
  }
}

// ---------- GET /patients at clinic scale ----------
{
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
    const list = await sequentialLatency(
      getOk(`${server.origin}/api/patients`, () => ({ authorization: `Bearer ${token}`, "x-forwarded-for": freshClientAddress() })),
      100,
      5,
    );
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
    await database.drop();
  }
}
await idp.close();

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

// ---------- FHIR bulk export ----------
{
  const figures = await benchBulk(SERVICE_ENV);
  log(describeBulk(figures));
  const growth = (figures.peakRss - figures.idleRss) / 2 ** 20;
  rows.push({
    measure: `FHIR bulk $export, 1,000 patients × 20 assessments (${figures.resources} resources, every line valid: ${figures.invalid === 0 ? "yes" : "NO"}), kick-off to manifest`,
    service: `${(figures.completeMs / 1000).toFixed(1)} s`,
    baseline: "–",
    ratio: "–",
    target: "–",
  });
  rows.push({
    measure: `FHIR bulk $export: server peak RSS above idle (idle ${(figures.idleRss / 2 ** 20).toFixed(0)} MiB)`,
    service: `${growth.toFixed(0)} MiB`,
    baseline: "–",
    ratio: "–",
    target: `< 100 MiB ${growth < 100 ? "met" : "MISSED"}`,
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
  `\nnpm run bench — ${new Date().toISOString().slice(0, 10)}, ${cpu.length} cores (${cpu[0]?.model.trim()}, shared with other work), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; ${loadDescription}; ${notes.join("; ")}\n`,
);
console.log("| Measure | Service | Bare baseline | Ratio | Target |");
console.log("| --- | --- | --- | --- | --- |");
for (const r of rows) console.log(`| ${r.measure} | ${r.service} | ${r.baseline} | ${r.ratio} | ${r.target} |`);
