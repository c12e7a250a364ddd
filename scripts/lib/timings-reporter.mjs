// A node:test reporter that records when each test file began and when each of its top-level
// tests finished, one JSON line per event in the file TEST_TIMINGS names (appended synchronously,
// as results-reporter.mjs does, so --test-force-exit loses none). scripts/test.mjs turns the lines
// into each file's wall time: from the runner handing the file to a process (its `test:dequeue`,
// named after the file) to its last test's end, server start-up and database set-up included.
import { appendFileSync } from "node:fs";
import { relative } from "node:path";
import { sourceNamer } from "./test-bundles.mjs";

export default async function* timingsReporter(source) {
  const destination = process.env.TEST_TIMINGS;
  // A compiled file is named after the file it was compiled from (scripts/lib/test-bundles.mjs).
  const sourceOf = sourceNamer(process.env.TEST_BUNDLES);
  for await (const event of source) {
    if (!destination || !event.data?.file || event.data.nesting !== 0) continue;
    const began = event.type === "test:dequeue" && event.data.name === event.data.file;
    if (!began && event.type !== "test:pass" && event.type !== "test:fail") continue;
    appendFileSync(destination, `${JSON.stringify({ file: relative(process.cwd(), sourceOf(event.data.file)), at: Date.now(), began })}\n`);
  }
}
