// npm run bench:lookup: GET /api/lookup/:code under load (autocannon, 32 connections) against a
// bare node:http + pg server (bench/baseline.ts) doing the same single UPDATE ... RETURNING on
// its own copy of the table, in alternating rounds. Prints both throughputs and the ratio (target: 0.6).
// npm run bench:submit does the same for POST /api/assessments/rom (target: 0.5).
// The database server: BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL (default the local
// postgres); a fresh database is created and dropped. Rate limits are off, logging at warn.
import { spawnSync } from "node:child_process";
import { romBody } from "@/lib/assessments/examples";
import { compare, loadDescription, SERVICE_ENV, startBaseline } from "./compare";

process.env.TEST_DATABASE_URL ||=
  process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/postgres";
process.env.NEXT_DIST_DIR ||= ".next";

const { createTestDatabase } = await import("@/test/support/database");
const { startServer } = await import("@/test/support/server");

const build = spawnSync(process.execPath, ["-e", "import('./scripts/lib/build.mjs').then((m) => m.ensureBuild())"], { stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);

const submission = process.argv.includes("--submit");
const database = await createTestDatabase();
const service = await startServer({ database, env: SERVICE_ENV });
// The record to look up exists before the baseline starts: it looks codes up in its own copy of the table.
const created = await fetch(`${service.origin}/api/assessments/rom`, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(romBody),
});
const { code } = (await created.json()) as { code: string };
const baseline = await startBaseline(database.url!);
try {
  console.log(`${loadDescription} ...`);
  const result = submission
    ? await compare(`${service.origin}/api/assessments/rom`, `${baseline.origin}/assessments/rom`, {
        method: "POST",
        body: JSON.stringify(romBody),
      })
    : await compare(`${service.origin}/api/lookup/${code}`, `${baseline.origin}/lookup/${code}`);
  for (const line of result.rounds) console.log(line);
  const target = submission ? 0.5 : 0.6;
  console.log(
    `${submission ? "POST /api/assessments/rom" : "GET /api/lookup/:code"}: service ${Math.round(result.service)} req/s, bare baseline ${Math.round(result.baseline)} req/s`,
  );
  console.log(
    `ratio service / bare: ${result.ratio.toFixed(2)} (target >= ${target.toFixed(2)}: ${result.ratio >= target ? "met" : "MISSED"})`,
  );
} finally {
  baseline.stop();
  await service.stop();
  await database.drop();
}
