// npm run test:durability: nothing acknowledged is lost when the server is killed.
// For each database (PostgreSQL and the embedded PGlite) it submits assessments of every type
// at full speed from many connections, SIGKILLs the server in the middle of the run, restarts
// it on the same database, and reads back every submission that got a 201: all must be there,
// with the type, hand and score that were sent. Exits 1 if one is missing, or if the database's
// settings do not promise what the run relies on (read from the server's start line).
//
// What a process kill proves: the service acknowledges a submission only after its transaction
// committed, and nothing acknowledged lives only in this process's memory. What it does not
// prove: survival of an operating-system crash or power loss, since the OS page cache outlives
// the process. That rests on the settings this run also asserts: PostgreSQL's fsync,
// synchronous_commit and full_page_writes on (power loss); PGlite writing its data directory out
// on every commit (relaxedDurability off: a crash of the process, not of the machine).
// PostgreSQL: DURABILITY_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL (default the local
// server); a fresh database is created and dropped. DURABILITY_ONLY=pglite|postgres runs one.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { arthritisBody, dexterityBody, painBody, romBody } from "@/lib/assessments/examples";
import type { TestDatabase } from "@/test/support/database";
import { startServer } from "@/test/support/server";

const CONNECTIONS = 24;
/** Kill after this many acknowledged submissions (then the writers are still going). */
const KILL_AFTER = Number(process.env.DURABILITY_KILL_AFTER || 300);

process.env.NEXT_DIST_DIR ||= ".next";
const postgresUrl =
  process.env.DURABILITY_DATABASE_URL ||
  process.env.TEST_DATABASE_URL ||
  process.env.DATABASE_URL ||
  "postgresql://postgres@127.0.0.1:5432/postgres";

const build = spawnSync(process.execPath, ["-e", "import('./scripts/lib/build.mjs').then((m) => m.ensureBuild())"], { stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);

const KINDS = [
  { path: "/assessments/rom", body: romBody, type: "ROM", score: (r: any) => r.resultSnapshot.overallScore },
  { path: "/assessments/dexterity", body: dexterityBody, type: "DEXTERITY", score: (r: any) => r.resultSnapshot.overallScore },
  { path: "/assessments/pain-v2", body: painBody, type: "PAIN", score: (r: any) => r.resultSnapshot.overallScore },
  { path: "/assessments/arthritis", body: arthritisBody, type: "ARTHRITIS", score: (r: any) => r.resultSnapshot.compositeScore },
] as const;

interface Acknowledged {
  code: string;
  id: number;
  type: string;
  hand: string;
  score: number;
}

/** A fresh database of the kind (createTestDatabase picks one kind per process). */
async function freshDatabase(kind: "pglite" | "postgres"): Promise<TestDatabase> {
  if (kind === "pglite") {
    const dir = mkdtempSync(join(tmpdir(), "hand-durability-"));
    return { kind, env: { DATA_DIR: dir }, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `hand_durability_${randomBytes(5).toString("hex")}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    kind,
    url: url.toString(),
    env: { DATABASE_URL: url.toString() },
    drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

async function run(kind: "pglite" | "postgres") {
  const database = await freshDatabase(kind);
  const env = { LOG_LEVEL: "warn" };
  try {
    const first = await startServer({ database, env });
    const expected = kind === "postgres" ? "power loss" : "process crash";
    const stated = /"survives":"([^"]+)"/.exec(first.output())?.[1];
    if (stated !== expected)
      throw new Error(`${kind}: the server says acknowledged commits survive "${stated}", this run needs "${expected}"`);
    console.log(`${kind}: the database's settings promise that acknowledged commits survive a ${expected}`);
    const acknowledged: Acknowledged[] = [];
    let failed = 0;
    let killed = false;
    const killedAt = new Promise<void>((resolve) => {
      const writer = async (lane: number) => {
        for (let i = lane; ; i += CONNECTIONS) {
          const kind = KINDS[i % KINDS.length]!;
          // Vary the score so a record read back can be matched to what was sent.
          const score = i % 101;
          const body =
            kind.type === "ARTHRITIS"
              ? { ...kind.body, compositeScore: score }
              : kind.type === "PAIN"
                ? kind.body
                : { ...kind.body, overallScore: score };
          try {
            // contract: acknowledged writes counted across a SIGKILL; test/api checks these answers
            const response = await fetch(`${first.origin}/api${kind.path}`, {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify(body),
            });
            const created = (await response.json()) as { code: string; id: number };
            if (response.status !== 201) throw new Error(`${kind.path} answered ${response.status}`);
            acknowledged.push({
              code: created.code,
              id: created.id,
              type: kind.type,
              hand: (body as { hand: string }).hand,
              score: kind.type === "PAIN" ? NaN : score,
            });
            if (!killed && acknowledged.length >= KILL_AFTER) {
              killed = true;
              first.process.kill("SIGKILL");
              resolve();
            }
          } catch {
            failed++;
            if (killed) return;
          }
        }
      };
      for (let lane = 0; lane < CONNECTIONS; lane++) void writer(lane);
    });
    const started = performance.now();
    await killedAt;
    await first.stop("SIGKILL");
    // Requests in flight at the kill fail (no 201): those may or may not have been stored.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const atKill = acknowledged.length;
    console.log(
      `${kind}: ${atKill} submissions acknowledged in ${((performance.now() - started) / 1000).toFixed(1)} s, then SIGKILL (${failed} requests cut off)`,
    );

    const restartStarted = performance.now();
    const second = await startServer({ database, env });
    console.log(`${kind}: restarted on the same database in ${((performance.now() - restartStarted) / 1000).toFixed(1)} s`);
    const lost: string[] = [];
    try {
      for (let i = 0; i < acknowledged.length; i += 16) {
        await Promise.all(
          acknowledged.slice(i, i + 16).map(async (record) => {
            // contract: the records read back after the restart; test/api checks these answers
            const response = await fetch(`${second.origin}/api/lookup/${record.code}`);
            const body = (await response.json()) as any;
            const kindOf = KINDS.find((k) => k.type === record.type)!;
            const intact =
              response.status === 200 &&
              body.assessmentType === record.type &&
              body.hand === record.hand &&
              (Number.isNaN(record.score) || kindOf.score(body) === record.score);
            if (!intact) lost.push(`${record.code} (${record.type}): ${response.status} ${JSON.stringify(body).slice(0, 120)}`);
          }),
        );
      }
    } finally {
      await second.stop();
    }
    console.log(
      `${kind}: read back ${acknowledged.length - lost.length} of ${acknowledged.length} acknowledged submissions; lost ${lost.length}`,
    );
    for (const line of lost.slice(0, 20)) console.log(`  missing ${line}`);
    return { kind, acknowledged: acknowledged.length, cutOff: failed, lost: lost.length };
  } finally {
    await database.drop();
  }
}

const only = process.env.DURABILITY_ONLY;
const results = [];
for (const kind of ["postgres", "pglite"] as const) if (!only || only === kind) results.push(await run(kind));
console.log("\n| database | acknowledged (201) | cut off by the kill | lost |\n| --- | --- | --- | --- |");
for (const r of results) console.log(`| ${r.kind} | ${r.acknowledged} | ${r.cutOff} | ${r.lost} |`);
const lostTotal = results.reduce((sum, r) => sum + r.lost, 0);
console.log(lostTotal === 0 ? "durability: zero acknowledged submissions lost" : `durability: ${lostTotal} acknowledged submissions LOST`);
process.exit(lostTotal === 0 ? 0 : 1);
