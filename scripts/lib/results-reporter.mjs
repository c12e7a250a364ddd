// A node:test reporter that records one JSON line per finished test in the file TEST_RESULTS
// names: its file (relative to the project), its name, and whether it passed, failed or was
// skipped. scripts/check-ledger.mjs reads these files to resolve the ledger's citations by the
// names the runner really ran (docs/guarantees.md). Lines are appended synchronously: with
// --test-force-exit the runner may exit before a reporter's stream is flushed, and the last
// files' results would be lost. It yields nothing (scripts/test.mjs sends its output nowhere).
//
// The runner calls a describe, or a test with subtests, passed when its tests were all skipped;
// here it is skipped unless at least one test inside it passed. Children finish before their
// parent, so a count of passed tests per file and nesting level carries that upwards.
import { appendFileSync } from "node:fs";
import { relative } from "node:path";
import { sourceNamer } from "./test-bundles.mjs";

export default async function* resultsReporter(source) {
  const destination = process.env.TEST_RESULTS;
  const passedBelow = new Map();
  // A compiled file is named after the file it was compiled from (scripts/lib/test-bundles.mjs).
  const sourceOf = sourceNamer(process.env.TEST_BUNDLES);
  for await (const event of source) {
    if (!destination || (event.type !== "test:pass" && event.type !== "test:fail")) continue;
    const { name, file, skip, todo, nesting, details } = event.data;
    const levels = passedBelow.get(file) ?? [];
    passedBelow.set(file, levels);
    const children = levels[nesting + 1];
    levels[nesting + 1] = undefined;
    let status = event.type === "test:fail" ? "fail" : skip !== undefined ? "skip" : todo !== undefined ? "todo" : "pass";
    if (status === "pass" && (details?.type === "suite" || children !== undefined) && !(children > 0)) status = "skip";
    const passed = status === "pass" ? Math.max(children ?? 0, 1) : 0;
    levels[nesting] = (levels[nesting] ?? 0) + passed;
    appendFileSync(destination, `${JSON.stringify({ file: file ? relative(process.cwd(), sourceOf(file)) : null, name, status })}\n`);
  }
}
