// A node:test reporter that writes one JSON line per finished test: its file (relative to the
// project), its name, and whether it passed, failed or was skipped. scripts/test.mjs adds it when
// TEST_RESULTS names a file; scripts/check-ledger.mjs reads these files to resolve the ledger's
// citations by the names the runner really ran (docs/guarantees.md).
import { relative } from "node:path";

export default async function* resultsReporter(source) {
  for await (const event of source) {
    if (event.type !== "test:pass" && event.type !== "test:fail") continue;
    const { name, file, skip, todo } = event.data;
    const status = event.type === "test:fail" ? "fail" : skip !== undefined ? "skip" : todo !== undefined ? "todo" : "pass";
    yield `${JSON.stringify({ file: file ? relative(process.cwd(), file) : null, name, status })}\n`;
  }
}
