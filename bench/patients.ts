// npm run bench:patients: GET /patients at clinic scale, in one run:
// - 1,000 patients in one clinic, and 10,000 in one clinic (20 assessments each, so 200,000 at
//   the larger size): the list's growth with the data, a clinician of that clinic
//   (PATIENT_ACCESS=care-team, what an upgraded single practice runs) and the same database
//   served with PATIENT_ACCESS=all-staff (no scope at all, the list before clinics);
// - 10,000 patients across 20 clinics: a clinician of one clinic (about 500 patients) and the
//   service admin (all 10,000), both under care-team, and the same clinician with the same database
//   served under all-staff (issue 40's goal: care-team within 1.2x of all-staff, p50 and p99).
// On each database it also prints EXPLAIN ANALYZE of openPatient's one query (the care-team form,
// with the share lookup, and the all-staff form) for the patient every caller opens.
// Each database is fresh (created and dropped), seeded with the demo clinic, served by the real
// server; each caller runs every query for BENCH_ROUNDS rounds (the callers of one database
// take turns round by round), each round BENCH_REQUESTS sequential requests after 20 warm-up.
// It prints each round's p50/p99, then per query the median p50 over the rounds with its range
// and the ratios the goals are about. PostgreSQL: TEST_DATABASE_URL, BENCH_DATABASE_URL or
// DATABASE_URL (default the local server). Rate limits are off, logging at warn.
import { spawnSync } from "node:child_process";
import { loadavg } from "node:os";
import pg from "pg";
import { DEMO_ADMIN_SUB, seedDemoClinic } from "@/lib/seed/demo-clinic";
import { describeSpread, percentile, spread } from "./stats";

process.env.TEST_DATABASE_URL ||=
  process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/postgres";
process.env.NEXT_DIST_DIR ||= ".next";

const { createTestDatabase } = await import("@/test/support/database");
const { startIdentityProvider } = await import("@/test/support/identity-provider");
const { startServer } = await import("@/test/support/server");

const ASSESSMENTS_PER_PATIENT = 20;
const WARMUP = 20;
const REQUESTS = Number(process.env.BENCH_REQUESTS || 100);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
/** The list's queries, and one patient's profile (GET /patients/{id}: openPatient's cost per read). */
const SCENARIOS: [string, (patientId: number) => string][] = [
  ["sort=name", () => "/api/patients?sort=name"],
  ["sort=score", () => "/api/patients?sort=score"],
  ["sort=recent", () => "/api/patients?sort=recent"],
  ["attention=true", () => "/api/patients?attention=true"],
  ["profile", (patientId) => `/api/patients/${patientId}`],
];

type Mode = "care-team" | "all-staff";
interface Caller {
  label: string;
  mode: Mode;
  role: "clinician" | "admin";
}
interface Setup {
  patients: number;
  clinics: number;
  callers: Caller[];
}

const SETUPS: Setup[] = [
  { patients: 1_000, clinics: 1, callers: [{ label: "1,000 / 1 clinic, clinician", mode: "care-team", role: "clinician" }] },
  {
    patients: 10_000,
    clinics: 1,
    callers: [
      { label: "10,000 / 1 clinic, clinician", mode: "care-team", role: "clinician" },
      { label: "10,000 / 1 clinic, all-staff", mode: "all-staff", role: "clinician" },
    ],
  },
  {
    patients: 10_000,
    clinics: 20,
    callers: [
      { label: "10,000 / 20 clinics, clinician", mode: "care-team", role: "clinician" },
      { label: "10,000 / 20 clinics, admin", mode: "care-team", role: "admin" },
      { label: "10,000 / 20 clinics, all-staff", mode: "all-staff", role: "clinician" },
    ],
  },
];

interface Figures {
  p50: number;
  p99: number;
  total: number;
}

async function measure(origin: string, path: string, token: string): Promise<Figures> {
  const call = async () => {
    const started = performance.now();
    const response = await fetch(origin + path, { headers: { authorization: `Bearer ${token}` } });
    const body = (await response.json()) as { total?: number };
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
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

/**
 * openPatient's one query as lib/access/index.ts sends it (admit()): the patient's existence and,
 * under care-team, the lowest clinic whose share lets the clinician in. Prints the planner's
 * execution time of each form, the median of 20 runs after 5 warm-up.
 */
async function explainOpenPatient(client: pg.Client, sub: string, patientId: number) {
  const forms: [string, string, unknown[]][] = [
    [
      "care-team",
      `SELECT (SELECT min(s.clinic_id) FROM patient_shares s JOIN clinic_members m ON m.clinic_id = s.clinic_id
                WHERE s.patient_id = $1::int AND m.sub = $2) AS clinic_id
         FROM contacts c WHERE c.id = $1 AND c.kind = 'PATIENT'`,
      [patientId, sub],
    ],
    ["all-staff", `SELECT NULL::int AS clinic_id FROM contacts c WHERE c.id = $1 AND c.kind = 'PATIENT'`, [patientId]],
  ];
  for (const [mode, sql, params] of forms) {
    const times: number[] = [];
    let plan = "";
    for (let i = 0; i < 25; i++) {
      const rows = (await client.query<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params)).rows;
      plan = rows.map((row) => row["QUERY PLAN"]).join("\n");
      const executed = /Execution Time: ([\d.]+) ms/.exec(plan);
      if (i >= 5 && executed) times.push(Number(executed[1]));
    }
    console.log(`openPatient (${mode}): execution ${percentile(times, 50).toFixed(3)} ms (median of 20)\n${plan}`);
  }
}

const build = spawnSync(process.execPath, ["-e", "import('./scripts/lib/build.mjs').then((m) => m.ensureBuild())"], { stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);

const idp = await startIdentityProvider();
/** Each caller's rounds, per query. */
const results = new Map<string, Map<string, Figures[]>>();
const loads: number[] = [];
try {
  for (const setup of SETUPS) {
    const database = await createTestDatabase();
    const servers = new Map<Mode, Awaited<ReturnType<typeof startServer>>>();
    const serve = async (mode: Mode) =>
      servers.set(
        mode,
        await startServer({ database, env: { ...idp.env, LOG_LEVEL: "warn", PATIENT_ACCESS: mode }, startTimeoutMs: 180_000 }),
      );
    const modes = [...new Set(setup.callers.map((caller) => caller.mode))];
    try {
      // The first server migrates the database; the others share it.
      await serve(modes[0]!);
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      const started = performance.now();
      const seeded = await seedDemoClinic(
        { query: async (sql, params) => (await client.query(sql, params)).rows },
        { patients: setup.patients, assessmentsPerPatient: ASSESSMENTS_PER_PATIENT, batchSize: 500, clinics: setup.clinics },
      );
      await client.query("VACUUM ANALYZE");
      // The first patient shares with every clinic: every caller reads their profile.
      const [{ id: patientId }] = (await client.query<{ id: number }>("SELECT min(patient_id) AS id FROM patient_shares")).rows as [
        { id: number },
      ];
      await explainOpenPatient(client, seeded.providerSub, patientId);
      await client.end();
      console.log(
        `seeded ${seeded.patients} patients in ${setup.clinics} clinic(s), ${seeded.assessments} assessments in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
      for (const mode of modes.slice(1)) await serve(mode);
      const tokens = new Map<string, string>();
      for (const caller of setup.callers) {
        tokens.set(
          caller.label,
          caller.role === "admin"
            ? await idp.token({ sub: DEMO_ADMIN_SUB, roles: ["admin"] })
            : await idp.token({ sub: seeded.providerSub, roles: ["care_provider"] }),
        );
        results.set(caller.label, new Map(SCENARIOS.map(([name]) => [name, []])));
      }
      for (let round = 1; round <= ROUNDS; round++) {
        for (const caller of setup.callers) {
          for (const [name, path] of SCENARIOS) {
            const figures = await measure(servers.get(caller.mode)!.origin, path(patientId), tokens.get(caller.label)!);
            results.get(caller.label)!.get(name)!.push(figures);
            console.log(
              `round ${round}  ${caller.label.padEnd(32)} ${name.padEnd(15)} p50 ${figures.p50.toFixed(1).padStart(6)} ms  p99 ${figures.p99.toFixed(1).padStart(6)} ms  (total ${figures.total})`,
            );
          }
          loads.push(loadavg()[0]!);
        }
      }
    } finally {
      for (const server of servers.values()) await server.stop();
      await database.drop();
    }
  }
} finally {
  await idp.close();
}

const rounds = (label: string, name: string, figure: "p50" | "p99") =>
  results
    .get(label)!
    .get(name)!
    .map((figures) => figures[figure]);
const median = (label: string, name: string, figure: "p50" | "p99" = "p50") => percentile(rounds(label, name, figure), 50);
const SINGLE = "10,000 / 1 clinic, clinician";
const labels = SETUPS.flatMap((setup) => setup.callers.map((caller) => caller.label));
for (const figure of ["p50", "p99"] as const) {
  console.log(
    `\nGET /patients: median ${figure} (range) over ${ROUNDS} rounds of ${REQUESTS} sequential requests (after ${WARMUP} warm-up), client-side, ms; load average ${describeSpread(spread(loads), 1)}`,
  );
  console.log(`| caller | ${SCENARIOS.map(([name]) => name).join(" | ")} |`);
  console.log(`| --- | ${SCENARIOS.map(() => "---").join(" | ")} |`);
  for (const label of labels) {
    const cells = SCENARIOS.map(
      ([name]) =>
        `${describeSpread(spread(rounds(label, name, figure)), 1)}${name === "profile" ? "" : ` (${results.get(label)!.get(name)![0]!.total})`}`,
    );
    console.log(`| ${label} | ${cells.join(" | ")} |`);
  }
}
const ratio = (numerator: string, denominator: string, name: string, figure: "p50" | "p99" = "p50") =>
  `${(median(numerator, name, figure) / median(denominator, name, figure)).toFixed(2)}x`;
console.log(
  `\nRatios of medians (goals: 20 clinics ≤ 1.5× one clinic; 10,000 ≤ 2× 1,000; care-team ≤ 1.2× all-staff at 20 clinics, p50 and p99)`,
);
console.log(
  `| query | 10,000 / 1,000 | 20 clinics clinician / 1 clinic | 20 clinics admin / 1 clinic | 1 clinic care-team / all-staff | 20 clinics care-team / all-staff, p50 | p99 |`,
);
console.log("| --- | --- | --- | --- | --- | --- | --- |");
const TWENTY = "10,000 / 20 clinics, clinician";
const TWENTY_ALL_STAFF = "10,000 / 20 clinics, all-staff";
for (const [name] of SCENARIOS) {
  console.log(
    `| ${name} | ${ratio(SINGLE, "1,000 / 1 clinic, clinician", name)} | ${ratio(TWENTY, SINGLE, name)} | ${ratio("10,000 / 20 clinics, admin", SINGLE, name)} | ${ratio(SINGLE, "10,000 / 1 clinic, all-staff", name)} | ${ratio(TWENTY, TWENTY_ALL_STAFF, name)} | ${ratio(TWENTY, TWENTY_ALL_STAFF, name, "p99")} |`,
  );
}
