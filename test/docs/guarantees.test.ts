// docs/guarantees.md names, for every promise, the test that proves it: a file and the test's
// exact name. A renamed, moved or deleted test must not leave the ledger pointing at nothing.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { test } from "node:test";

const LEDGER = readFileSync("docs/guarantees.md", "utf8");
const ledger = LEDGER.slice(LEDGER.indexOf("## Claims ledger"), LEDGER.indexOf("## Mutation testing"));

/** Each table row's citations: a `file` followed by the "names" quoted after it, up to the next file. */
function citations(): { row: string; file: string; names: string[] }[] {
  const found: { row: string; file: string; names: string[] }[] = [];
  for (const row of ledger.split("\n").filter((line) => line.startsWith("| ") && !line.startsWith("| ---"))) {
    const parts = row.split(/`((?:test|lib)\/[\w./-]+\.ts)`/);
    for (let i = 1; i < parts.length; i += 2) {
      const names = [...parts[i + 1]!.matchAll(/"([^"]+)"/g)].map((match) => match[1]!);
      found.push({ row: row.slice(0, 80), file: parts[i]!, names });
    }
  }
  return found;
}

test("the ledger cites test files", () => {
  assert.ok(citations().length >= 60, `only ${citations().length} citations found`);
});

test("every test file the ledger cites exists, and every test name it quotes is in that file", () => {
  const missing: string[] = [];
  for (const { row, file, names } of citations()) {
    if (!existsSync(file)) {
      missing.push(`${file} (row ${row})`);
      continue;
    }
    const source = readFileSync(file, "utf8");
    for (const name of names) if (!source.includes(name)) missing.push(`${file}: "${name}"`);
  }
  assert.deepEqual(missing, []);
});
