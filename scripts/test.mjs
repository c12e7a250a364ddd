// npm test: builds the application if needed, then runs every *.test.ts (unit tests beside
// the code, API integration tests in test/) with Node's test runner. Integration tests start
// the real server; they use PostgreSQL when TEST_DATABASE_URL (or DATABASE_URL) is set, and the
// embedded database otherwise. Extra arguments select test files. The build is made only when a
// selected file starts the server.
//
// --unit selects the files that do not start the server (seconds, no build); --watch reruns them
// on every change (npm run test:unit, npm run test:watch). --services selects the files whose
// outcome can differ on PostgreSQL (usesServices): .ci/run's PostgreSQL pass, since the embedded
// pass runs every file anyway.
//
// Skips are loud: every skipped test's reason is listed at the end. With REQUIRE_POSTGRES=1 (the
// PostgreSQL pass of .ci/run, where Redis runs too) a test skipped for want of PostgreSQL or
// Redis fails the run: it should have run there.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statfsSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { ensureBuild } from "./lib/build.mjs";
import { bundleTests } from "./lib/test-bundles.mjs";
import { findTests } from "./lib/test-files.mjs";
import { withTestTemplates } from "./lib/test-templates.mjs";

/** Each test file's text, read once: the selections below read it up to three times. */
const sources = new Map();
function sourceOf(file) {
  if (!sources.has(file)) sources.set(file, readFileSync(file, "utf8"));
  return sources.get(file);
}

/** A test file that starts the real server (test/support/server.ts) needs the Next build. */
function startsServer(file) {
  return /support\/(server|balancer)"|startServer\(|sharedServer/.test(sourceOf(file));
}

/**
 * A server file whose outcome can differ on PostgreSQL: the embedded database is PostgreSQL's own
 * engine (PGlite) running the same SQL, so what differs is around it: the server's version, many
 * connections at once (PGlite serves one), the connection itself (faults, a second instance) and
 * Redis. So: the files that name PostgreSQL or Redis (a test that needs one, or a
 * "// PostgreSQL pass:" line saying why the file runs there: the routes over hand-written SQL),
 * and those that race requests or replay them.
 */
const POSTGRES_SENSITIVE = /postgres|redis|concurren|\brace\b|simultaneous|at once|in parallel|idempot/i;

/**
 * A test file for the PostgreSQL pass (--services): one that opens the database or Redis without
 * a server (the data layer's own tests: a test database from test/support/database.ts or
 * in-process-db.ts, lib/db itself, Redis), or a server file that is POSTGRES_SENSITIVE. The other
 * server files exercise the same SQL on the embedded database in the README's pass; pure
 * functions, documents and fonts pass or fail alike on either database.
 */
function usesServices(file) {
  if (startsServer(file)) return POSTGRES_SENSITIVE.test(sourceOf(file));
  return /support\/(database|in-process-db)|@\/lib\/db["/]|redis/i.test(sourceOf(file));
}

/**
 * Each file's wall time from the timings reporter's lines: the slowest ten, or every file with
 * --timings (a Markdown table, docs/development.md "Where the suite's time goes").
 */
function printTimings() {
  const spans = new Map();
  if (!existsSync(timingsFile)) return;
  for (const line of readFileSync(timingsFile, "utf8").split("\n").filter(Boolean)) {
    const { file, at, began } = JSON.parse(line);
    const span = spans.get(file) ?? { from: at, to: at, tests: 0 };
    span.from = Math.min(span.from, at);
    span.to = Math.max(span.to, at);
    if (!began) span.tests += 1;
    spans.set(file, span);
  }
  const rows = [...spans].map(([file, span]) => ({ file, seconds: (span.to - span.from) / 1000, tests: span.tests }));
  rows.sort((a, b) => b.seconds - a.seconds);
  const sum = rows.reduce((total, row) => total + row.seconds, 0);
  const shown = flags.has("--timings") ? rows : rows.slice(0, 10);
  console.log(
    `\n${rows.length} file(s) in ${((Date.now() - started) / 1000).toFixed(0)} s of wall time (${sum.toFixed(0)} s summed over files, ${process.env.TEST_CONCURRENCY || 3} at a time); ${flags.has("--timings") ? "every file" : "the slowest"}:`,
  );
  console.log("| file | tests | seconds |\n| --- | ---: | ---: |");
  for (const row of shown) console.log(`| ${row.file} | ${row.tests} | ${row.seconds.toFixed(1)} |`);
}

const flags = new Set(process.argv.slice(2).filter((arg) => arg.startsWith("--")));
const selected = process.argv.slice(2).filter((arg) => !arg.startsWith("--"));
const unitOnly = flags.has("--unit") || flags.has("--watch");
const found = selected.length ? selected : findTests();
const files = unitOnly ? found.filter((file) => !startsServer(file)) : flags.has("--services") ? found.filter(usesServices) : found;
if (files.some(startsServer)) ensureBuild();
if (process.env.TEST_RESULTS) writeFileSync(process.env.TEST_RESULTS, "");
const database = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;

/** What a run's temporary files may take at most: a few servers' databases at once, and those a test left. */
const RUN_TEMP_ROOM = 4 * 1024 ** 3;

/**
 * The parent of the run's temporary folder: TEST_TMPDIR when set, else a tmpfs (/dev/shm) with
 * room to spare, else the system's. Every embedded test database is a PGlite directory of about
 * 1,300 files: copying the template took 0.7-1.3 s of kernel time on this machine's ext4 (mounted
 * with discard) and 0.05-0.1 s on its tmpfs, and nearly every server and database test makes one.
 */
function runTempParent() {
  if (process.env.TEST_TMPDIR) return process.env.TEST_TMPDIR;
  try {
    const shm = statfsSync("/dev/shm");
    if (shm.bavail * shm.bsize >= RUN_TEMP_ROOM) return "/dev/shm";
  } catch {
    // No /dev/shm here (macOS, say): the system's temporary folder.
  }
  return tmpdir();
}
/** Whether a process of this id is running. */
function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}

/**
 * Removes what runs no longer running left in `parent`: the folders whose name `pattern` matches
 * with the run's process id as its first group. A run killed outright (SIGKILL, a closed
 * terminal) never reaches its clean-up, and on the tmpfs its databases hold memory until removed.
 */
function sweepLeftovers(parent, pattern) {
  let names;
  try {
    names = readdirSync(parent);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(pattern.exec(name)?.[1]);
    if (pid && !isRunning(pid)) rmSync(join(parent, name), { recursive: true, force: true });
  }
}

// The test processes and their servers inherit TMPDIR (test/support/server.ts keeps it); the
// folder goes at the end with whatever a test left in it. Its name carries this run's process id
// so that a later run can tell it was left behind.
const tempParent = runTempParent();
sweepLeftovers(tempParent, /^hand-run-(\d+)-/);
const runTemp = mkdtempSync(join(tempParent, `hand-run-${process.pid}-`));
process.env.TMPDIR = runTemp;
const timingsFile = join(runTemp, "timings.jsonl");
const started = Date.now();
console.log(`running ${files.length} test file(s) on ${database ? "PostgreSQL" : "the embedded database (PGlite)"}`);
const skips = [];
/**
 * The broker of the run's shared servers (test/support/shared-server.ts), when a selected file
 * asks for one: started before the runner, its address in TEST_SHARED_SERVERS, stopped after it.
 */
async function startSharedServers() {
  // TEST_SHARE_SERVERS=off: every file starts its own, as a file run alone with node --test does.
  if (process.env.TEST_SHARE_SERVERS === "off" || !files.some((file) => sourceOf(file).includes("sharedServer"))) return undefined;
  const broker = spawn(process.execPath, ["--import", "tsx", "test/support/shared-server-broker.ts"], {
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  const address = await new Promise((resolve, reject) => {
    let text = "";
    broker.stdout.setEncoding("utf8").on("data", (chunk) => {
      text += chunk;
      if (text.includes("\n")) resolve(text.slice(0, text.indexOf("\n")));
    });
    broker.once("exit", (code) => reject(new Error(`the shared servers' broker ended (${code}) before it was ready`)));
  });
  const exited = new Promise((resolve) => broker.once("exit", resolve));
  return {
    address,
    async stop() {
      broker.kill("SIGTERM");
      await exited;
    },
  };
}

/**
 * The selected files compiled (scripts/lib/test-bundles.mjs) into a folder in node_modules, removed
 * at the end; from source through tsx in watch mode (it reruns the file that changed) or with
 * TEST_BUNDLE=off.
 */
const bundleFolder = resolve("node_modules", ".cache", `hand-tests-${process.pid}`);
sweepLeftovers(resolve("node_modules", ".cache"), /^hand-tests-(\d+)$/);
const compile = !flags.has("--watch") && process.env.TEST_BUNDLE !== "off";

/** The test runner over the selected files, each file in a process of its own. */
async function runTests() {
  const compiled = compile ? await bundleTests(files, bundleFolder) : undefined;
  const shared = await startSharedServers();
  try {
    return await runRunner(compiled, shared?.address);
  } finally {
    await shared?.stop();
  }
}

function runRunner(compiled, sharedAddress) {
  const child = spawn(
    process.execPath,
    [
      // A compiled file's stack names its TypeScript lines.
      ...(compiled ? ["--enable-source-maps"] : ["--import", "tsx"]),
      "--test",
      ...(flags.has("--watch") ? ["--watch"] : ["--test-force-exit"]),
      "--test-reporter=tap",
      "--test-reporter-destination=stdout",
      // Each file's wall time, printed at the end (the slowest) and in full with --timings.
      "--test-reporter=./scripts/lib/timings-reporter.mjs",
      "--test-reporter-destination=/dev/null",
      // TEST_RESULTS: also write each test's file, name and status there (scripts/check-ledger.mjs).
      ...(process.env.TEST_RESULTS ? ["--test-reporter=./scripts/lib/results-reporter.mjs", "--test-reporter-destination=/dev/null"] : []),
      `--test-concurrency=${process.env.TEST_CONCURRENCY || 3}`,
      ...(compiled?.bundles ?? files),
    ],
    {
      stdio: ["inherit", "pipe", "inherit"],
      env: {
        ...process.env,
        NEXT_TELEMETRY_DISABLED: "1",
        TEST_TIMINGS: timingsFile,
        ...(compiled ? { TEST_BUNDLES: compiled.map } : {}),
        ...(sharedAddress ? { TEST_SHARED_SERVERS: sharedAddress } : {}),
      },
    },
  );
  // Interrupted, the runner ends its files and this process still drops the run's template.
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
  let pending = "";
  child.stdout.on("data", (chunk) => {
    process.stdout.write(chunk);
    const lines = (pending + chunk).split("\n");
    pending = lines.pop();
    for (const line of lines) {
      const skipped = /^\s*ok \d+ - (.*) # SKIP(?: (.*))?$/.exec(line);
      if (skipped) skips.push({ name: skipped[1], reason: skipped[2] ?? "(no reason given)" });
    }
  });
  return new Promise((resolve) => child.on("close", (code) => resolve(code ?? 1)));
}
// Every test database of the run copies one migrated template (scripts/lib/test-templates.mjs).
let status;
try {
  status = await withTestTemplates("hand_test", runTests);
  printTimings();
} finally {
  rmSync(runTemp, { recursive: true, force: true });
  rmSync(bundleFolder, { recursive: true, force: true });
}
if (skips.length) {
  console.log(`\n${skips.length} test(s) skipped:`);
  for (const { name, reason } of skips) console.log(`  - ${name}: ${reason}`);
}
const serviceSkips = skips.filter(({ reason }) => /postgres|TEST_DATABASE_URL|redis/i.test(reason));
if (process.env.REQUIRE_POSTGRES === "1" && serviceSkips.length) {
  console.log(
    `\nerror: ${serviceSkips.length} test(s) needing PostgreSQL or Redis did not run in the PostgreSQL pass (REQUIRE_POSTGRES=1)`,
  );
  process.exit(1);
}
process.exit(status);
