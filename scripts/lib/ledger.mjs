// The claims ledger (docs/guarantees.md) cites, for each promise, a test file and the exact names
// of the tests that prove it. This module reads those citations and checks them two ways:
// - against the source (every npm test, test/docs/guarantees.test.ts): each quoted name is the
//   title of a test declared in that file (read from its syntax tree, so not a comment or a
//   string), and a cited test file names at least one test;
// - against what the runner really ran (.ci/run, scripts/check-ledger.mjs): each cited test ran
//   and passed in one of the passes, was not skipped everywhere (a describe, or a test with
//   subtests, none of whose tests passed is recorded as skipped by scripts/lib/results-reporter.mjs),
//   and a test that passed only in the PostgreSQL pass sits in a row that says "(PostgreSQL".
import ts from "typescript";

/** The ledger part of the document: the claims, and the rules broken on purpose. */
export function ledgerSection(markdown) {
  const start = markdown.indexOf("## Claims ledger");
  const end = markdown.indexOf("## Mutation testing");
  return markdown.slice(start, end === -1 ? undefined : end);
}

/**
 * Each table row's citations: a `file` followed by the "names" (or “names”) quoted after it, up to
 * the next file. `postgresOnly`: the citation says "(PostgreSQL" (its tests run only on PostgreSQL).
 */
export function citations(markdown) {
  const found = [];
  const rows = ledgerSection(markdown)
    .split("\n")
    .filter((line) => line.startsWith("|") && !/^\|\s*:?-{3}/.test(line));
  for (const row of rows) {
    const parts = row.split(/`((?:test|lib)\/[\w./-]+\.ts)`/);
    for (let i = 1; i < parts.length; i += 2) {
      const after = parts[i + 1];
      const names = [...after.matchAll(/"([^"]+)"|“([^”]+)”/g)].map((match) => match[1] ?? match[2]);
      found.push({ row: row.slice(0, 80), file: parts[i], names, postgresOnly: /\(PostgreSQL/.test(after) });
    }
  }
  return found;
}

const TEST_FUNCTIONS = new Set(["test", "it", "describe", "suite"]);

/** A call's first argument as a title: a string, or a template with its ${…} parts as written. */
function titleOf(node) {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return node.getText().slice(1, -1);
  return null;
}

/**
 * Whether a call declares a test: test(), it(), describe(), suite(), their .skip/.only/.todo, and a
 * subtest `t.test(name, fn)` (a function argument tells it from a RegExp's `.test(text)`).
 */
function declaresTest(call) {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return TEST_FUNCTIONS.has(callee.text);
  if (!ts.isPropertyAccessExpression(callee)) return false;
  const object = callee.expression;
  if (ts.isIdentifier(object) && TEST_FUNCTIONS.has(object.text)) return ["skip", "only", "todo"].includes(callee.name.text);
  return callee.name.text === "test" && call.arguments.some((argument) => ts.isFunctionLike(argument));
}

/**
 * The titles of the tests a file declares, read from its syntax tree: text inside a comment or a
 * string that merely looks like a test() call is not a test.
 */
export function declaredTitles(source) {
  const titles = [];
  const visit = (node) => {
    if (ts.isCallExpression(node) && node.arguments.length > 0 && declaresTest(node)) {
      const title = titleOf(node.arguments[0]);
      if (title !== null) titles.push(title);
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile("cited.ts", source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS));
  return titles;
}

/** Citations whose quoted names are not titles of tests declared in their files. */
export function staticProblems(markdown, readSource) {
  const problems = [];
  for (const { row, file, names } of citations(markdown)) {
    const source = readSource(file);
    if (source === null) {
      problems.push(`${file}: no such file (row ${row})`);
      continue;
    }
    if (file.endsWith(".test.ts") && names.length === 0) {
      problems.push(`${file}: cites no test by name (row ${row})`);
      continue;
    }
    const titles = new Set(declaredTitles(source));
    for (const name of names) if (!titles.has(name)) problems.push(`${file}: "${name}" is not the title of a test in that file`);
  }
  return problems;
}

/** A cited name as a matcher of run test names: a template's ${…} parts match any text. */
function nameMatcher(name) {
  if (!name.includes("${")) return (actual) => actual === name;
  const pattern = name
    .split(/\$\{[^}]*\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join(".+");
  const regex = new RegExp(`^${pattern}$`);
  return (actual) => regex.test(actual);
}

/**
 * Citations the runs do not prove. `runs`: { label, results: [{ file, name, status }] } per pass;
 * the pass labelled "postgres" is the PostgreSQL one. Citations of files that are not test files
 * the runner runs (sources, scripts) carry no names and are checked by staticProblems only.
 */
export function runProblems(markdown, runs) {
  const problems = [];
  for (const { file, names, postgresOnly } of citations(markdown)) {
    if (!file.endsWith(".test.ts")) continue;
    for (const name of names) {
      const matches = nameMatcher(name);
      const outcomes = runs.map(({ label, results }) => ({
        label,
        statuses: results.filter((r) => r.file === file && matches(r.name)).map((r) => r.status),
      }));
      const passedIn = outcomes.filter((o) => o.statuses.length > 0 && o.statuses.every((s) => s === "pass")).map((o) => o.label);
      const ran = outcomes.some((o) => o.statuses.length > 0);
      if (!ran) problems.push(`${file}: "${name}" did not run in any pass`);
      else if (outcomes.some((o) => o.statuses.includes("fail"))) problems.push(`${file}: "${name}" failed`);
      else if (passedIn.length === 0) problems.push(`${file}: "${name}" was skipped in every pass`);
      else if (!postgresOnly && passedIn.every((label) => label === "postgres") && runs.some((r) => r.label !== "postgres"))
        problems.push(`${file}: "${name}" passed only on PostgreSQL; its row must say "(PostgreSQL"`);
    }
  }
  return problems;
}
