// The test files npm test runs when none are named: every *.test.ts under the project but in
// the folders below (scripts/test.mjs; test/docs/shared-servers.test.ts reads the same list).
import { readdirSync } from "node:fs";
import { join } from "node:path";

// .stryker-tmp and reports: mutation testing's sandboxes and reports (npm run test:mutation).
const SKIP = new Set(["node_modules", "e2e", "generated", ".git", ".data", ".stryker-tmp", "reports"]);

/** Every test file under `dir`, as paths joined onto it, sorted. */
export function findTests(dir = ".") {
  const out = [];
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (SKIP.has(entry.name) || entry.name.startsWith(".next")) continue;
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".test.ts")) out.push(path);
    }
  };
  walk(dir);
  return out.sort();
}
