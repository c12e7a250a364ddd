// npm run bench:lookup: GET /api/lookup/:code under load (autocannon, 32 connections from 100,000
// client addresses) spread over BENCH_LOOKUP_CODES codes (100,000) in a table of BENCH_ASSESSMENTS
// records (1,000,000; bench/lookup-table.ts), against a bare node:http + pg server
// (bench/baseline.ts) doing the same single UPDATE ... RETURNING on its own copy of the table, in
// alternating rounds. The service runs as users run it: limits on, request log on. Prints both
// throughputs and the ratio, median (min–max) of the rounds (target: 0.75, issue 40).
// npm run bench:submit does the same for anonymous POST /api/assessments/rom (target: 0.8), and
// `npm run bench:submit -- --bearer` with 1,000 patients' bearer tokens from a loopback identity
// provider (target: 0.7; the baseline stores each token's record as its patient's, unverified).
// The service writes a submission's rows in one statement, the baseline in a transaction of
// five inserts; `--one-statement` makes the baseline write them in the service's one statement.
// The database server: BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL (default the local
// postgres); a fresh database is created and dropped.
import { spawnSync } from "node:child_process";
import { romBody } from "@/lib/assessments/examples";
import { compare, loadDescription, ratioText, reqPerSecond, SERVICE_ENV, startBaseline } from "./compare";
import { seedLookupTable } from "./lookup-table";

process.env.TEST_DATABASE_URL ||=
  process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/postgres";
process.env.NEXT_DIST_DIR ||= ".next";

const { createTestDatabase } = await import("@/test/support/database");
const { startServer } = await import("@/test/support/server");
const { startIdentityProvider } = await import("@/test/support/identity-provider");

const build = spawnSync(process.execPath, ["-e", "import('./scripts/lib/build.mjs').then((m) => m.ensureBuild())"], { stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);

const submission = process.argv.includes("--submit");
const bearer = submission && process.argv.includes("--bearer");
const oneStatement = submission && process.argv.includes("--one-statement");
const TOKENS = 1_000;
const idp = bearer ? await startIdentityProvider() : null;
const database = await createTestDatabase();
const service = await startServer({ database, env: { ...SERVICE_ENV, ...idp?.env }, startTimeoutMs: 180_000 });
// Seeded once the server has migrated the database.
const table = submission ? null : await seedLookupTable(database.url!, (line) => console.error(line));
// Started after the table is filled: the baseline looks codes up in its own copy of it.
const baseline = await startBaseline(database.url!);
try {
  console.log(`${loadDescription} ...`);
  if (table)
    console.log(
      `lookups spread over ${table.codes.length.toLocaleString("en")} codes in a table of ${table.rows.toLocaleString("en")} assessments`,
    );
  const tokens: string[] = [];
  if (idp) for (let i = 0; i < TOKENS; i++) tokens.push(await idp.token({ sub: `bench|patient-${i}`, roles: ["patient"] }));
  const result = table
    ? await compare(`${service.origin}/api/lookup/`, `${baseline.origin}/lookup/`, { spreadOver: table.codes })
    : await compare(`${service.origin}/api/assessments/rom`, `${baseline.origin}/assessments/rom${oneStatement ? "/one-statement" : ""}`, {
        method: "POST",
        body: JSON.stringify(romBody),
        tokens,
      });
  for (const line of result.rounds) console.log(line);
  const target = bearer ? 0.7 : submission ? 0.8 : 0.75;
  const what = bearer
    ? `POST /api/assessments/rom, bearer token (${TOKENS} patients)`
    : submission
      ? "POST /api/assessments/rom"
      : "GET /api/lookup/:code";
  const against = oneStatement
    ? " (baseline: the service's one statement)"
    : submission
      ? " (baseline: a transaction of five inserts)"
      : "";
  console.log(`${what}: service ${reqPerSecond(result.service)}, bare baseline ${reqPerSecond(result.baseline)}${against}`);
  console.log(
    `ratio service / bare: ${ratioText(result.ratio)} (target >= ${target.toFixed(2)}: ${result.ratio.median >= target ? "met" : "MISSED"})`,
  );
} finally {
  await baseline.stop();
  await service.stop();
  await database.drop();
  await idp?.close();
}
