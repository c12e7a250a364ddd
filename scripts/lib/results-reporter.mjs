// A node:test reporter that records one JSON line per finished test in the file TEST_RESULTS
// names: its file (relative to the project), its name, and whether it passed, failed or was
// skipped. scripts/check-ledger.mjs reads these files to resolve the ledger's citations by the
// names the runner really ran (docs/guarantees.md). Lines are appended synchronously: with
// --test-force-exit the runner may exit before a reporter's stream is flushed, and the last
// files' results would be lost. It yields nothing (scripts/test.mjs sends its output nowhere).
import { appendFileSync } from "node:fs";
import { relative } from "node:path";

export default async function* resultsReporter(source) {
  const destination = process.env.TEST_RESULTS;
  for await (const event of source) {
    if (!destination || (event.type !== "test:pass" && event.type !== "test:fail")) continue;
    const { name, file, skip, todo } = event.data;
    const status = event.type === "test:fail" ? "fail" : skip !== undefined ? "skip" : todo !== undefined ? "todo" : "pass";
    appendFileSync(destination, `${JSON.stringify({ file: file ? relative(process.cwd(), file) : null, name, status })}\n`);
  }
}
