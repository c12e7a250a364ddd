// npm run bench:ab: the service before and after a change, and the bare baseline, in one run:
// the lookup (or with `--submit` the anonymous ROM submission) load of npm run bench:lookup on
// each of them in turn, round by round (the order reversed every other round), so that a shared
// machine's load falls on all of them alike. "After" is this checkout's build (built if needed);
// "before" is the compiled server in BENCH_BEFORE_DIST (default .next-before: another
// checkout's build copied there, e.g. `cp -a ../main/.next .next-before`), run as it is. A
// submission also runs against the baseline writing the same rows in the service's one statement.
// Prints each side's req/s and the ratios, median (min–max) of the rounds, and the load average;
// and the CPU time each server process used per request (user + system, all its threads, from
// /proc), which a loaded machine bends less than throughput: it does not count time spent
// waiting for a core. BENCH_AFTER_NODE_ARGS gives "after" node flags (with BENCH_BEFORE_DIST=.next,
// the same build with and without them).
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { romBody } from "@/lib/assessments/examples";
import { load, SERVICE_ENV, startBaseline } from "./compare";
import { seedLookupTable } from "./lookup-table";
import { describeSpread, spread } from "./stats";

process.env.TEST_DATABASE_URL ||=
  process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/postgres";
process.env.NEXT_DIST_DIR ||= ".next";

const { createTestDatabase } = await import("@/test/support/database");
const { startServer } = await import("@/test/support/server");

const build = spawnSync(process.execPath, ["-e", "import('./scripts/lib/build.mjs').then((m) => m.ensureBuild())"], { stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);

const submission = process.argv.includes("--submit");
const seconds = Number(process.env.BENCH_SECONDS || 8);
const rounds = Number(process.env.BENCH_ROUNDS || 3);
/** CPU seconds a process has used (utime + stime of /proc/<pid>/stat, at the usual 100 ticks a second). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const database = await createTestDatabase();
const start = (dist: string, nodeArgs: string[] = []) =>
  startServer({ database, env: { ...SERVICE_ENV, NEXT_DIST_DIR: dist }, nodeArgs, startTimeoutMs: 180_000 });
const after = await start(process.env.NEXT_DIST_DIR, process.env.BENCH_AFTER_NODE_ARGS?.split(" ").filter(Boolean));
const before = await start(process.env.BENCH_BEFORE_DIST || ".next-before");
const table = submission ? null : await seedLookupTable(database.url!, (line) => console.error(line));
const baseline = await startBaseline(database.url!);
try {
  const path = submission ? "/api/assessments/rom" : "/api/lookup/";
  const sides: Record<string, string> = {
    before: before.origin + path,
    after: after.origin + path,
    baseline: baseline.origin + path.replace("/api", ""),
  };
  if (submission) sides["baseline, one statement"] = `${sides.baseline}/one-statement`;
  const pids: Record<string, number> = { before: before.process.pid!, after: after.process.pid!, baseline: baseline.pid };
  const options = table ? { spreadOver: table.codes } : { method: "POST", body: JSON.stringify(romBody) };
  for (const url of Object.values(sides)) await load(url, options, 3);
  const figures: Record<string, number[]> = Object.fromEntries(Object.keys(sides).map((side) => [side, []]));
  const cpu: Record<string, number[]> = Object.fromEntries(Object.keys(sides).map((side) => [side, []]));
  const loads: number[] = [];
  for (let round = 1; round <= rounds; round++) {
    const order = round % 2 ? Object.keys(sides) : Object.keys(sides).reverse();
    for (const side of order) {
      loads.push(loadavg()[0]!);
      const pid = pids[side.startsWith("baseline") ? "baseline" : side]!;
      const cpuBefore = cpuSeconds(pid);
      const result = await load(sides[side]!, options, seconds);
      const msPerRequest = ((cpuSeconds(pid) - cpuBefore) * 1000) / result.requests.total;
      figures[side]!.push(result.requests.average);
      cpu[side]!.push(msPerRequest);
      console.log(
        `round ${round}, ${side}: ${Math.round(result.requests.average)} req/s (p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms), ${msPerRequest.toFixed(3)} ms CPU a request`,
      );
    }
  }
  for (const [side, values] of Object.entries(figures))
    console.log(`${side}: ${describeSpread(spread(values))} req/s, ${describeSpread(spread(cpu[side]!), 3)} ms CPU a request`);
  const ratio = (a: string, b: string) =>
    console.log(`${a} / ${b}: ${describeSpread(spread(figures[a]!.map((value, i) => value / figures[b]![i]!)), 2)}×`);
  for (const against of Object.keys(sides).filter((side) => side.startsWith("baseline"))) {
    ratio("before", against);
    ratio("after", against);
  }
  ratio("after", "before");
  const cpuRatio = (a: string, b: string) =>
    console.log(`CPU a request, ${a} / ${b}: ${describeSpread(spread(cpu[a]!.map((value, i) => value / cpu[b]![i]!)), 2)}×`);
  cpuRatio("before", "baseline");
  cpuRatio("after", "baseline");
  if (submission) cpuRatio("after", "baseline, one statement");
  cpuRatio("after", "before");
  console.log(`load average (1 min) at each run: ${describeSpread(spread(loads), 1)}`);
} finally {
  await baseline.stop();
  await before.stop();
  await after.stop();
  await database.drop();
}
