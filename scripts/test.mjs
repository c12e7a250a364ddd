// npm test: builds the application if needed, then runs every *.test.ts (unit tests beside
// the code, API integration tests in test/) with Node's test runner. Integration tests start
// the real server; they use PostgreSQL when TEST_DATABASE_URL (or DATABASE_URL) is set, and the
// embedded database otherwise. Extra arguments select test files.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { ensureBuild } from "./lib/build.mjs";

const SKIP = new Set(["node_modules", "e2e", "generated", ".git", ".data"]);

function findTests(dir, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name) || entry.name.startsWith(".next")) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) findTests(path, out);
    else if (entry.name.endsWith(".test.ts")) out.push(path);
  }
  return out;
}

ensureBuild();
const selected = process.argv.slice(2);
const files = selected.length ? selected : findTests(".").sort();
const database = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
console.log(`running ${files.length} test file(s) on ${database ? "PostgreSQL" : "the embedded database (PGlite)"}`);
const result = spawnSync(
  process.execPath,
  ["--import", "tsx", "--test", "--test-force-exit", `--test-concurrency=${process.env.TEST_CONCURRENCY || 3}`, ...files],
  { stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } },
);
process.exit(result.status ?? 1);
