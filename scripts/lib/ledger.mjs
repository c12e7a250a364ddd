// The claims ledger (docs/guarantees.md) cites, for each promise, a test file and the exact names
// of the tests that prove it. This module reads those citations and checks them two ways:
// - against the source (every npm test, test/docs/guarantees.test.ts): each quoted name is the
//   title of a test declared in that file, not text found anywhere in it (a comment, a string);
// - against what the runner really ran (.ci/run, scripts/check-ledger.mjs): each cited test ran
//   and passed in one of the passes, was not skipped everywhere, and a test that passed only in
//   the PostgreSQL pass sits in a row that says "(PostgreSQL".

/** The ledger part of the document: the claims, and the rules broken on purpose. */
export function ledgerSection(markdown) {
  const start = markdown.indexOf("## Claims ledger");
  const end = markdown.indexOf("## Mutation testing");
  return markdown.slice(start, end === -1 ? undefined : end);
}

/**
 * Each table row's citations: a `file` followed by the "names" quoted after it, up to the next
 * file. `postgresOnly`: the citation says "(PostgreSQL" (its tests run only on PostgreSQL).
 */
export function citations(markdown) {
  const found = [];
  const rows = ledgerSection(markdown)
    .split("\n")
    .filter((line) => line.startsWith("| ") && !line.startsWith("| ---"));
  for (const row of rows) {
    const parts = row.split(/`((?:test|lib)\/[\w./-]+\.ts)`/);
    for (let i = 1; i < parts.length; i += 2) {
      const after = parts[i + 1];
      const names = [...after.matchAll(/"([^"]+)"/g)].map((match) => match[1]);
      found.push({ row: row.slice(0, 80), file: parts[i], names, postgresOnly: /\(PostgreSQL/.test(after) });
    }
  }
  return found;
}

/** Source without comments, so a name mentioned only in a comment is not taken for a test. */
function withoutComments(source) {
  return source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/[^\n]*/g, "$1");
}

/** The titles of the tests a file declares: the first string argument of test(), it(), t.test(), describe(). */
export function declaredTitles(source) {
  const titles = [];
  const call = /\b(?:test|it|describe|suite)\s*\(\s*(["'`])((?:\\.|(?!\1)[^\\])*)\1/g;
  for (const match of withoutComments(source).matchAll(call)) titles.push(match[2].replace(/\\(["'`\\])/g, "$1"));
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
