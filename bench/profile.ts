// npm run bench:profile: where a lookup's CPU goes. Runs the compiled service as the benchmark
// does (limits on, request log on, 100,000 client addresses through a trusted balancer, on
// PostgreSQL) under `node --cpu-prof`, puts 3 s and then BENCH_SECONDS (20) of lookups on it,
// stops it and prints the main thread's CPU time during those seconds by category (each sample
// counts for the innermost frame a category claims; a socket write counts for pg when pg's
// frames made it, else for HTTP; a file write for pino; the bundle's frames are read through
// its source map). `--submit` profiles anonymous ROM submissions instead. `--dist <dir>` runs
// the server already built in <dir> (main's build copied there, for a before and after)
// without building. `--baseline` profiles the bare baseline (bench/baseline.ts) under the same
// load instead, to read beside the service's: both print each category's time per request.
// BENCH_PROFILE_DIR keeps the .cpuprofile files (a temporary folder otherwise); `--from <dir>`
// summarises the profiles of an earlier run.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import { findSourceMap, SourceMap } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { romBody } from "@/lib/assessments/examples";
import { load, loadDescription, SERVICE_ENV, startBaseline } from "./compare";
import { seedLookupTable } from "./lookup-table";

process.env.TEST_DATABASE_URL ||=
  process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/postgres";
process.env.NEXT_DIST_DIR ||= ".next";

const seconds = Number(process.env.BENCH_SECONDS || 20);
const fromIndex = process.argv.indexOf("--from");
const bare = process.argv.includes("--baseline");
/** Requests of the profiled seconds (unknown for `--from`). */
let profiledRequests = 0;
const profileDir = fromIndex > 0 ? process.argv[fromIndex + 1]! : await profileRun();

async function profileRun(): Promise<string> {
  const { createTestDatabase } = await import("@/test/support/database");
  const { startServer } = await import("@/test/support/server");

  const distIndex = process.argv.indexOf("--dist");
  const dist = distIndex > 0 ? process.argv[distIndex + 1]! : null;
  if (!dist) {
    const build = spawnSync(process.execPath, ["-e", "import('./scripts/lib/build.mjs').then((m) => m.ensureBuild())"], {
      stdio: "inherit",
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }

  const submission = process.argv.includes("--submit");
  const dir = process.env.BENCH_PROFILE_DIR || mkdtempSync(join(tmpdir(), "hand-profile-"));
  const database = await createTestDatabase();
  const profiling = ["--cpu-prof", `--cpu-prof-dir=${dir}`];
  const service = await startServer({
    database,
    env: dist ? { ...SERVICE_ENV, NEXT_DIST_DIR: dist } : SERVICE_ENV,
    nodeArgs: bare ? [] : profiling,
    startTimeoutMs: 180_000,
  });
  let baseline: Awaited<ReturnType<typeof startBaseline>> | null = null;
  try {
    const table = submission ? null : await seedLookupTable(database.url!, (line) => console.error(line));
    // On the database the service migrated, once the lookup table is there (the baseline copies it).
    if (bare) baseline = await startBaseline(database.url!, profiling);
    console.log(`${loadDescription.split(",")[0]}, 3 s of warm-up, then ${seconds} s profiled; profile in ${dir}`);
    const origin = baseline ? baseline.origin : `${service.origin}/api`;
    const url = table ? `${origin}/lookup/` : `${origin}/assessments/rom`;
    const options = table ? { spreadOver: table.codes } : { method: "POST", body: JSON.stringify(romBody) };
    await load(url, options, 3);
    const result = await load(url, options, seconds);
    profiledRequests = result.requests.total;
    console.log(
      `${baseline ? "bare baseline, " : ""}${submission ? "POST /api/assessments/rom" : "GET /api/lookup/:code"}: ${Math.round(result.requests.average)} req/s`,
    );
  } finally {
    await baseline?.stop();
    await service.stop();
    await database.drop();
  }
  return dir;
}

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface Profile {
  nodes: { id: number; callFrame: CallFrame; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
  endTime: number;
  startTime: number;
}

/** The main thread's profile: the largest file of the run (workers write their own). */
const file = readdirSync(profileDir)
  .filter((name) => name.endsWith(".cpuprofile"))
  .map((name) => join(profileDir, name))
  .sort((a, b) => statSync(b).size - statSync(a).size)[0];
if (!file) throw new Error(`no .cpuprofile in ${profileDir}`);
const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;

const maps = new Map<string, SourceMap | null>();
function sourceMap(url: string): SourceMap | null {
  if (!maps.has(url)) {
    let map: SourceMap | null = null;
    try {
      map = findSourceMap(url) ?? new SourceMap(JSON.parse(readFileSync(fileURLToPath(url) + ".map", "utf8")));
    } catch {
      map = null;
    }
    maps.set(url, map);
  }
  return maps.get(url)!;
}

/** The frame's source file: through the bundle's source map for the compiled server's own code. */
function sourceOf(frame: CallFrame): string {
  if (!frame.url.includes("/server-js/")) return frame.url;
  const entry = sourceMap(frame.url)?.findEntry(frame.lineNumber, frame.columnNumber);
  return entry && "originalSource" in entry ? entry.originalSource : frame.url;
}

const HTTP = "HTTP parse/write, sockets";

/** Categories in the order they are tried (the first that matches a frame takes it). */
const CATEGORIES: [string, (frame: CallFrame, source: string) => boolean][] = [
  ["idle", (f) => f.functionName === "(idle)"],
  ["GC", (f) => f.functionName === "(garbage collector)"],
  ["pino (request line)", (_f, s) => /node_modules\/(pino|sonic-boom|fast-redact|quick-format|on-exit-leak-free|thread-stream)/.test(s)],
  ["pg driver", (_f, s) => /node_modules\/(pg|pg-protocol|pg-pool|pg-types|postgres-\w+|pgpass)\//.test(s)],
  [
    "Web Request/Response",
    (_f, s) => /node:internal\/(deps\/undici|webstreams|fetch|url|blob)|node:internal\/webidl|node:stream\/web|undici/.test(s),
  ],
  ["router (server.ts, api-router)", (_f, s) => /server\.ts$|lib\/http\/(api-router|cors|security-headers)\.ts$/.test(s)],
  [
    "handle(): wrapper, auth, limits, client address, zod",
    (_f, s) =>
      /lib\/http\/(route|client-address|trust)\.ts$|lib\/(auth|rate-limit|api)\/|node_modules\/(proxy-addr|ipaddr\.js|forwarded|zod|jose)\//.test(
        s,
      ),
  ],
  [
    "service (lib/lookup, lib/assessments, lib/db, audit; the baseline's own code)",
    (_f, s) => /\/lib\/|app\/api\/|bench\/baseline\.ts$/.test(s),
  ],
  [
    HTTP,
    (f, s) =>
      /node:(_http_|net|internal\/http|internal\/stream_base|stream|internal\/streams)/.test(s) ||
      f.functionName === "writev" ||
      f.functionName === "writeUtf8String" ||
      f.functionName === "writeBuffer",
  ],
  ["(program): native, parser", (f) => f.functionName === "(program)"],
];

const byId = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
/** Who may have written to a socket: the socket's write counts for them, not for HTTP. */
const WRITERS = new Set(["pg driver", "pino (request line)"]);

/**
 * What a sample counts for: the first frame from the innermost outwards that a category claims,
 * except that a socket write (writev and Node's stream frames) counts for pg when pg's frames
 * called it (the driver's round trips), for HTTP otherwise; fs's writeString counts for pino.
 */
function categoryOf(id: number): string {
  let first: string | undefined;
  for (let node: number | undefined = id; node !== undefined; node = parentOf.get(node)) {
    const frame = byId.get(node)!;
    const source = sourceOf(frame);
    const category = CATEGORIES.find(([, test]) => test(frame, source))?.[0];
    if (!category) continue;
    if (first === undefined) first = category;
    if (first !== HTTP || WRITERS.has(category)) return category;
    if (category !== HTTP) return first;
  }
  return first ?? "other (node internals: promises, timers, events)";
}
// Only the measured load: the profile's last BENCH_SECONDS and one more for the stop, not the
// start (Next's modules load then), the seeding or the warm-up.
const windowStart = profile.endTime - (seconds + 1) * 1e6;
const totals = new Map<string, number>();
let at = profile.startTime;
for (let i = 0; i < profile.samples.length; i++) {
  at += profile.timeDeltas[i] ?? 0;
  if (at < windowStart) continue;
  const category = categoryOf(profile.samples[i]!);
  totals.set(category, (totals.get(category) ?? 0) + (profile.timeDeltas[i] ?? 0));
}
const busy = [...totals].filter(([name]) => name !== "idle").reduce((sum, [, micros]) => sum + micros, 0);
// Per request: shares hide how much there is; the time a category takes for each request compares across servers.
const perRequest = (micros: number) => (profiledRequests ? ` | ${(micros / profiledRequests).toFixed(1)}` : "");
console.log(
  `\nCPU by category (main thread, ${(busy / 1e6).toFixed(1)} s busy; share of busy time${profiledRequests ? "; µs a request" : ""}):`,
);
console.log(profiledRequests ? "| Category | Share | µs a request |\n| --- | --- | --- |" : "| Category | Share |\n| --- | --- |");
for (const [name, micros] of [...totals].filter(([n]) => n !== "idle").sort((a, b) => b[1] - a[1])) {
  console.log(`| ${name} | ${((100 * micros) / busy).toFixed(1)} %${perRequest(micros)} |`);
}
if (profiledRequests) console.log(`| busy in all | 100 % | ${(busy / profiledRequests).toFixed(1)} |`);
