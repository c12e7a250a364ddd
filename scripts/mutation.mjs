// npm run test:mutation [-- --module <name>]: StrykerJS over the modules that hold the rules,
// one run per module, each with only that module's unit tests (node:test files run by the TAP
// runner through tsx; none starts the server). Incremental: a rerun tests only the mutants whose
// code or tests changed (reports/mutation/<module>.incremental.json). Ends with the score table
// (docs/guarantees.md, "Mutation testing", keeps the latest) and each module's survivors.
// MUTATION_CONCURRENCY sets the number of test processes (2 by default). Tests that need a database
// use TEST_DATABASE_URL's PostgreSQL server when it is set, else PGlite; either way each copies the
// run's migrated template (scripts/lib/test-templates.mjs).
//
// --dry-run (.ci/run, every module): no mutants are tested; every module's patterns must name files,
// and their code is instrumented and their tests run once in Stryker's sandbox (one run for all),
// so a module whose files moved or whose tests no longer run there fails at once instead of at
// the next full run.
import { existsSync, readdirSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { Stryker } from "@stryker-mutator/core";
import { withTestTemplates } from "./lib/test-templates.mjs";

export const MODULES = {
  auth: { mutate: ["lib/auth/guard.ts", "lib/auth/tokens.ts"], tests: ["lib/auth/*.test.ts"] },
  codes: { mutate: ["lib/codes/index.ts"], tests: ["lib/codes/*.test.ts"] },
  "rate-limits": {
    mutate: ["lib/rate-limit/index.ts", "lib/api/limits.ts"],
    tests: ["lib/rate-limit/*.test.ts", "lib/api/limits.test.ts"],
  },
  billing: { mutate: ["lib/billing/mapping.ts", "lib/billing/webhook.ts"], tests: ["lib/billing/*.test.ts"] },
  patients: {
    mutate: ["lib/access/index.ts", "lib/auth/smart.ts", "lib/patients/standing.ts"],
    // Not lib/access/boundary.test.ts: it reads app/ and the other modules, which the sandbox leaves out.
    tests: [
      "lib/access/index.test.ts",
      "lib/access/all-staff.test.ts",
      "lib/access/smart.test.ts",
      "lib/auth/smart.test.ts",
      "lib/patients/standing.test.ts",
      "lib/patients/reason-words.test.ts",
    ],
  },
  kinds: {
    mutate: ["lib/assessments/kinds/*.ts", "!lib/assessments/kinds/*.test.ts", "!lib/assessments/kinds/*.typecheck.ts"],
    tests: ["lib/assessments/kinds/*.test.ts", "lib/patients/standing.test.ts", "lib/report-view/summary.test.ts"],
  },
  route: { mutate: ["lib/http/route.ts"], tests: ["lib/http/route*.test.ts"] },
  audit: { mutate: ["lib/audit/index.ts"], tests: ["lib/audit/*.test.ts"] },
  goals: { mutate: ["lib/goals/rules.ts"], tests: ["lib/goals/*.test.ts"] },
  reminders: {
    mutate: ["lib/reminders/intervals.ts", "lib/reminders/settings.ts", "lib/reminders/service.ts"],
    tests: ["lib/reminders/*.test.ts"],
  },
  exports: { mutate: ["lib/patients/export.ts", "lib/patients/history.ts"], tests: ["lib/patients/export.test.ts"] },
  invitations: {
    mutate: ["lib/clinics/invitations.ts", "lib/clinics/join-code.ts"],
    tests: ["lib/clinics/invitations.test.ts", "lib/clinics/join-code.test.ts"],
  },
};

const args = process.argv.slice(2);
const dryRun = args.includes("--dry-run");
const named = args.includes("--module") ? args[args.indexOf("--module") + 1] : undefined;
if (named !== undefined && !Object.hasOwn(MODULES, named)) {
  console.error(`unknown module "${named}"; one of: ${Object.keys(MODULES).join(", ")}`);
  process.exit(2);
}
const selected = named ? [named] : Object.keys(MODULES);

/** Files a pattern of ours names: a path, or a folder and a file name with `*` (Stryker warns, and goes on, on none). */
function filesOf(pattern) {
  const folder = dirname(pattern);
  const name = new RegExp(
    `^${basename(pattern)
      .replace(/[.+?^${}()|[\]\\]/g, "\\$&")
      .replaceAll("*", ".*")}$`,
  );
  return existsSync(folder)
    ? readdirSync(folder)
        .filter((file) => name.test(file))
        .map((file) => join(folder, file))
    : [];
}
const unmatched = selected.flatMap((name) =>
  [...MODULES[name].mutate, ...MODULES[name].tests]
    .filter((p) => !p.startsWith("!") && filesOf(p).length === 0)
    .map((p) => `${name}: ${p}`),
);
if (unmatched.length) {
  console.error(`error: these patterns name no file:\n  ${unmatched.join("\n  ")}`);
  process.exit(1);
}

/** Stryker's own score: detected (killed, timed out) over detected plus undetected (survived, no coverage). */
function tally(results) {
  const count = (status) => results.filter((r) => r.status === status).length;
  const row = {
    mutants: results.length,
    killed: count("Killed"),
    survived: count("Survived"),
    timeout: count("Timeout"),
    noCoverage: count("NoCoverage"),
    errors: count("RuntimeError") + count("CompileError"),
    ignored: count("Ignored"),
  };
  const valid = row.killed + row.timeout + row.survived + row.noCoverage;
  row.score = valid ? (100 * (row.killed + row.timeout)) / valid : 100;
  return row;
}

const rows = [];
const survivors = [];
const dryRuns = [];
/**
 * One Stryker run per module; a dry run is one run over all the selected modules' files and tests
 * together (one sandbox and one test pass instead of one per module).
 */
const runs = dryRun
  ? [
      {
        name: selected.join(", "),
        mutate: [...new Set(selected.flatMap((name) => MODULES[name].mutate))],
        tests: [...new Set(selected.flatMap((name) => MODULES[name].tests))],
      },
    ]
  : selected.map((name) => ({ name, ...MODULES[name] }));
async function runModules() {
  for (const { name, mutate, tests } of runs) {
    console.log(`\n== mutation testing${dryRun ? " (dry run)" : ""}: ${name} (${mutate.join(", ")})`);
    const started = Date.now();
    const stryker = new Stryker({
      mutate,
      testRunner: "tap",
      plugins: ["@stryker-mutator/tap-runner"],
      tap: {
        testFiles: tests,
        // --test-force-exit: a file whose test failed exits even when that left a handle open.
        nodeArgs: ["--import", "tsx", "--test-force-exit", "--test-reporter=tap", "-r", "{{hookFile}}", "{{testFile}}"],
        // A failing file runs to its end, so its after() hooks drop the database it made.
        forceBail: false,
      },
      // The TAP runner reports coverage per test file, so each mutant runs only the files that reach it.
      coverageAnalysis: "perTest",
      // The initial test run of every module's tests at once outlasts Stryker's 5 minutes on a busy machine.
      dryRunTimeoutMinutes: 20,
      checkers: [],
      concurrency: Number(process.env.MUTATION_CONCURRENCY || 2),
      dryRunOnly: dryRun,
      incremental: !dryRun,
      incrementalFile: `reports/mutation/${name}.incremental.json`,
      reporters: dryRun ? ["clear-text"] : ["progress", "json"],
      jsonReporter: { fileName: `reports/mutation/${name}.json` },
      tempDirName: ".stryker-tmp",
      // The sandbox needs only the code, the tests' helpers, the migrations, the configuration, the
      // catalogues (lib/i18n/messages.ts imports them) and the lint configuration (the kinds' tests
      // read its list of kind names); pages are not in it.
      ignorePatterns: [
        "/*",
        "!/lib",
        "!/test",
        "!/prisma",
        "!/messages",
        "!/package.json",
        "!/tsconfig.json",
        "!/prisma.config.ts",
        "!/eslint.config.mjs",
      ],
      timeoutMS: 15_000,
      thresholds: { high: 90, low: 80, break: null },
      cleanTempDir: true,
    });
    const results = await stryker.runMutationTest();
    if (dryRun) {
      dryRuns.push({ module: name, seconds: Math.round((Date.now() - started) / 1000) });
      continue;
    }
    const row = { module: name, ...tally(results), seconds: Math.round((Date.now() - started) / 1000) };
    rows.push(row);
    for (const r of results.filter((m) => m.status === "Survived" || m.status === "NoCoverage")) {
      survivors.push(
        `${name}  ${r.fileName}:${r.location.start.line}:${r.location.start.column + 1}  ${r.status}  ${r.mutatorName}  ${JSON.stringify(r.replacement ?? "")}`,
      );
    }
  }
}

await withTestTemplates("hand_mutation", runModules);

if (dryRun) {
  // Stryker throws when a module's tests fail, or none ran, in the sandbox.
  for (const { module, seconds } of dryRuns) console.log(`dry run: ${module}: instrumented, the tests pass in the sandbox (${seconds} s)`);
  process.exit(0);
}

if (survivors.length) {
  console.log("\nSurviving and uncovered mutants:");
  for (const line of survivors) console.log(`  ${line}`);
}
console.log("\n| module | mutants | killed | survived | timeout | no coverage | score |");
console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
for (const r of rows) {
  console.log(`| ${r.module} | ${r.mutants} | ${r.killed} | ${r.survived} | ${r.timeout} | ${r.noCoverage} | ${r.score.toFixed(1)} % |`);
}
for (const r of rows.filter((row) => row.errors > 0)) {
  console.log(`warning: ${r.module}: ${r.errors} mutant(s) ended in a runtime or compile error and are not in its score`);
}
const failing = rows.filter((r) => r.score < 80);
if (failing.length) {
  console.log(`\nerror: below 80 %: ${failing.map((r) => r.module).join(", ")}`);
  process.exit(1);
}
