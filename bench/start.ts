// npm run bench:start: the server's start-up to the first healthy GET /api/health on a fresh
// database (migrations included), and its idle RSS once started, for each way of running it:
// - compiled: `node <dist>/server-js/server.mjs`, as `npm start` runs it,
// - compiled, SERVE=api: the same without Next,
// - with BENCH_BEFORE_DIST=<dir> (another checkout's build copied into this one, e.g. .next-main),
//   the same two from that build first, as "before"; without it, `node --import tsx server.ts`.
// On the embedded database (PGlite) and on PostgreSQL (BENCH_DATABASE_URL, TEST_DATABASE_URL or
// DATABASE_URL, default the local server); BENCH_DATABASES=postgres or pglite runs one of them.
// The variants run interleaved, BENCH_ROUNDS (3) rounds; each figure is the median (min–max) of
// the rounds. RSS is read from /proc IDLE_MS after healthy.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { describeSpread, spread } from "./stats";

process.env.TEST_DATABASE_URL ||=
  process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/postgres";

const { ensureBuild, serverEntry } = await import("@/scripts/lib/build.mjs");
const { RetainedLog } = await import("@/test/support/log-tail");
const { createTestDatabase } = await import("@/test/support/database");

ensureBuild();
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const IDLE_MS = 5_000;

interface Variant {
  name: string;
  args: string[];
  env: Record<string, string>;
}
const before = process.env.BENCH_BEFORE_DIST;
const VARIANTS: Variant[] = [
  ...(before
    ? [
        { name: "before: compiled", args: [serverEntry(before)], env: { NEXT_DIST_DIR: before } },
        { name: "before: compiled, SERVE=api", args: [serverEntry(before)], env: { NEXT_DIST_DIR: before, SERVE: "api" } },
      ]
    : [{ name: "source (tsx)", args: ["--import", "tsx", "server.ts"], env: {} }]),
  { name: "compiled", args: [serverEntry()], env: {} },
  { name: "compiled, SERVE=api", args: [serverEntry()], env: { SERVE: "api" } },
];
const DATABASES = (process.env.BENCH_DATABASES || "postgres,pglite").split(",") as ("postgres" | "pglite")[];

function embeddedDatabase() {
  const dir = mkdtempSync(join(tmpdir(), "hand-bench-start-"));
  return { env: { DATA_DIR: dir }, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

const rssMiB = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;

async function once(variant: Variant, kind: "pglite" | "postgres"): Promise<{ ms: number; rss: number }> {
  const database = kind === "postgres" ? await createTestDatabase() : embeddedDatabase();
  const log = new RetainedLog();
  const listening = log.nextLine(/"port":(\d+),[^\n]*listening on/);
  const started = performance.now();
  const child = spawn(process.execPath, variant.args, {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      PORT: "0",
      HOSTNAME: "127.0.0.1",
      ALLOW_DEV_AUTH: "true",
      LOG_LEVEL: "info",
      ...(process.env.NEXT_DIST_DIR ? { NEXT_DIST_DIR: process.env.NEXT_DIST_DIR } : {}),
      ...database.env,
      ...variant.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => log.push(chunk));
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => log.push(chunk, "stderr"));
  try {
    const port = Number(/"port":(\d+)/.exec(await listening)![1]);
    for (;;) {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
      if (response?.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const ms = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    return { ms, rss: rssMiB(child.pid!) };
  } finally {
    const exited = new Promise((resolve) => child.on("exit", resolve));
    child.kill("SIGTERM");
    await exited;
    await database.drop();
  }
}

console.log(
  `load average at the start: ${loadavg()
    .map((n) => n.toFixed(1))
    .join(", ")}`,
);
for (const kind of DATABASES) {
  const figures = new Map(VARIANTS.map((variant) => [variant.name, { ms: [] as number[], rss: [] as number[] }]));
  for (let round = 1; round <= ROUNDS; round++) {
    for (const variant of VARIANTS) {
      const { ms, rss } = await once(variant, kind);
      figures.get(variant.name)!.ms.push(ms);
      figures.get(variant.name)!.rss.push(rss);
      console.error(`${kind} round ${round} ${variant.name}: healthy in ${ms.toFixed(0)} ms, idle RSS ${rss.toFixed(0)} MiB`);
    }
  }
  for (const [name, { ms, rss }] of figures) {
    console.log(
      `| ${kind === "pglite" ? "embedded (PGlite)" : "PostgreSQL"} | ${name} | ${describeSpread(spread(ms.map((m) => m / 1000)), 2)} s | ${describeSpread(spread(rss))} MiB |`,
    );
  }
}
console.log(
  `load average at the end: ${loadavg()
    .map((n) => n.toFixed(1))
    .join(", ")}`,
);
