// npm test runs the test files compiled (scripts/lib/test-bundles.mjs): a failure still names the
// TypeScript file and line, the results name the file itself, and a file that says
// `// Runs from source:` runs through tsx, so it can import TypeScript by path at run time.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";

function runPlanted(files: Record<string, string>) {
  const folder = mkdtempSync(join(tmpdir(), "hand-compiled-"));
  try {
    for (const [name, text] of Object.entries(files)) writeFileSync(join(folder, name), text.replaceAll("FOLDER", folder));
    const results = join(folder, "results.jsonl");
    const run = spawnSync(
      process.execPath,
      [
        "scripts/test.mjs",
        ...Object.keys(files)
          .filter((name) => name.includes(".test."))
          .map((name) => join(folder, name)),
      ],
      // As in suite-timings.test.ts: the inner runner reports to stdout, and writes its own results file.
      { encoding: "utf8", env: { ...process.env, NODE_TEST_CONTEXT: undefined, TEST_RESULTS: results, TEST_BUNDLE: undefined } },
    );
    const lines = readFileSync(results, "utf8").split("\n").filter(Boolean);
    return { run, results: lines.map((line) => JSON.parse(line) as { file: string; name: string; status: string }), folder };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

test("a failing compiled test names its TypeScript file and line; its result names the file", () => {
  const { run, results, folder } = runPlanted({
    "failing.test.ts": `import assert from "node:assert/strict";\nimport { test } from "node:test";\n\ntest("fails on line five", () => {\n  assert.equal(1 + 1, 3);\n});\n`,
  });
  assert.notEqual(run.status, 0);
  assert.match(run.stdout, new RegExp(`${join(folder, "failing.test.ts").replace(/[.]/g, "\\.")}:5:`));
  assert.deepEqual(
    results.map(({ name, status }) => [name, status]),
    [["fails on line five", "fail"]],
  );
  assert.ok(results[0]!.file.endsWith("failing.test.ts"), results[0]!.file);
});

test("a file that runs from source imports TypeScript by path at run time", () => {
  const { run, results } = runPlanted({
    "module.mts": `export const answer: number = 42;\n`,
    "runtime.test.mts": `// Runs from source: it imports module.mts by path.\nimport assert from "node:assert/strict";\nimport { test } from "node:test";\ntest("imports a TypeScript module by path", async () => {\n  const path: string = "FOLDER/module.mts";\n  assert.equal((await import(path)).answer, 42);\n});\n`,
  });
  assert.equal(run.status, 0, run.stdout + run.stderr);
  assert.deepEqual(
    results.map(({ name, status }) => [name, status]),
    [["imports a TypeScript module by path", "pass"]],
  );
});
