// Checks docs/guarantees.md against what the test runner ran: node scripts/check-ledger.mjs
// postgres=.test-results/postgres.jsonl embedded=.test-results/embedded.jsonl (files written by
// scripts/test.mjs with TEST_RESULTS). .ci/run calls it after both passes. Exits 1 on a problem.
import { readFileSync } from "node:fs";
import { runProblems } from "./lib/ledger.mjs";

const runs = process.argv.slice(2).map((argument) => {
  const [label, path] = argument.split("=");
  const results = readFileSync(path, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line));
  return { label, results };
});
if (runs.length === 0) {
  console.error("usage: node scripts/check-ledger.mjs label=results.jsonl [label=results.jsonl ...]");
  process.exit(2);
}
const problems = runProblems(readFileSync("docs/guarantees.md", "utf8"), runs);
for (const problem of problems) console.log(`ledger: ${problem}`);
const counted = runs.map(({ label, results }) => `${label} ${results.length} results`).join(", ");
console.log(
  problems.length
    ? `ledger: ${problems.length} citation(s) not proven by this run (${counted})`
    : `ledger: every cited test ran and passed (${counted})`,
);
process.exit(problems.length ? 1 : 0);
