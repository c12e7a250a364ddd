// docs/guarantees.md promises that every answer an integration test gets from a documented route
// is checked against the API reference. apiClient does it for its own calls; a test that calls
// fetch itself must hand the response to checked() (test/support/http.ts), or say in a comment
// `contract: <why>` on the call where else it is checked, or why the exchange leaves the
// reference (a page, a malformed request, a stopped server). This reads every file under test/
// and lists the raw calls that do neither.
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import ts from "typescript";
import { allEndpoints } from "@/lib/openapi/catalog";

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(path, out);
    else if (entry.name.endsWith(".ts")) out.push(path);
  }
  return out;
}

const documented = allEndpoints.map((endpoint) => ({
  method: endpoint.method,
  pattern: new RegExp(`^${endpoint.path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{\w+\\?\}/g, "[^/]+")}$`),
}));

/** The URL's text with each ${…} part as one placeholder segment, or null when it is not written out. */
function urlText(node: ts.Expression): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return node.head.text + node.templateSpans.map((span) => `\u0000${span.literal.text}`).join("");
  return null;
}

/** The call's method when it is written as a literal; undefined when not given (GET), null when computed. */
function methodOf(call: ts.CallExpression): string | null | undefined {
  const init = call.arguments[1];
  if (!init) return undefined;
  if (!ts.isObjectLiteralExpression(init)) return null;
  for (const property of init.properties) {
    if (ts.isSpreadAssignment(property)) return null;
    if (property.name?.getText() !== "method") continue;
    if (ts.isPropertyAssignment(property) && ts.isStringLiteral(property.initializer)) return property.initializer.text;
    return null;
  }
  return undefined;
}

/**
 * Whether a raw call may reach a documented operation: its URL is computed, or written out as an
 * /api path (not the same-origin proxy) that an endpoint's path and method match. A page, the
 * proxy, a CORS preflight and a path no operation has leave the reference.
 */
export function mayReachDocumentedRoute(call: ts.CallExpression): boolean {
  const method = methodOf(call);
  if (method === "OPTIONS") return false;
  const text = urlText(call.arguments[0]!);
  if (text === null) return true;
  const path = text.replace(/^\u0000(?=\/)/, "");
  if (path.startsWith("\u0000")) return true;
  if (!path.startsWith("/api")) return false;
  const rest = path.slice("/api".length).split("?")[0]!;
  if (rest === "" || rest.startsWith("\u0000")) return true;
  if (rest.startsWith("/proxy/")) return false;
  const concrete = rest.replace(/\u0000[^/]*/g, "x");
  return documented.some((endpoint) => (method == null || endpoint.method === method) && endpoint.pattern.test(concrete));
}

function enclosingFunction(node: ts.Node): ts.Node {
  let current = node.parent;
  while (current && !ts.isFunctionLike(current) && !ts.isSourceFile(current)) current = current.parent;
  return current ?? node.getSourceFile();
}

function isCheckedCall(node: ts.Node): node is ts.CallExpression {
  return ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "checked";
}

function findAll(root: ts.Node, match: (node: ts.Node) => boolean): ts.Node[] {
  const found: ts.Node[] = [];
  const visit = (node: ts.Node) => {
    if (match(node)) found.push(node);
    ts.forEachChild(node, visit);
  };
  visit(root);
  return found;
}

/** Functions of this file that call checked() on what they are given. */
function checkingFunctions(source: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  for (const node of findAll(source, (n) => ts.isFunctionDeclaration(n) && n.name !== undefined))
    if (findAll(node, isCheckedCall).length > 0) names.add((node as ts.FunctionDeclaration).name!.text);
  return names;
}

/**
 * The response reaches checked(): the call is inside its arguments, is handed to a function of
 * this file that calls it, is passed on by `.then()` to a callback that calls it, or the variable
 * it is kept in is passed to either.
 */
export function isContractChecked(call: ts.CallExpression): boolean {
  const checking = checkingFunctions(call.getSourceFile());
  let holder: ts.Node = call.parent;
  for (;;) {
    if (ts.isAwaitExpression(holder) || ts.isParenthesizedExpression(holder)) holder = holder.parent;
    else if (ts.isPropertyAccessExpression(holder) && holder.name.text === "catch" && ts.isCallExpression(holder.parent))
      holder = holder.parent.parent;
    else break;
  }
  if (ts.isCallExpression(holder) && ts.isIdentifier(holder.expression) && checking.has(holder.expression.text)) return true;
  if (ts.isPropertyAccessExpression(holder) && holder.name.text === "then" && ts.isCallExpression(holder.parent))
    return holder.parent.arguments.some((callback) => findAll(callback, isCheckedCall).length > 0);
  for (let node: ts.Node = call; node.parent; node = node.parent) {
    if (isCheckedCall(node.parent) && node !== node.parent.expression) return true;
    if (ts.isFunctionLike(node.parent)) break;
  }
  if (!ts.isVariableDeclaration(holder) || !ts.isIdentifier(holder.name)) return false;
  const name = holder.name.text;
  const handedOn = (node: ts.Node) =>
    isCheckedCall(node) || (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && checking.has(node.expression.text));
  return findAll(enclosingFunction(call), handedOn).some((checkedCall) =>
    (checkedCall as ts.CallExpression).arguments.some(
      (argument) => findAll(argument, (node) => ts.isIdentifier(node) && node.text === name).length > 0,
    ),
  );
}

/** A `contract: <why>` comment on the call's line or the three lines above it. */
function saysWhyUnchecked(source: ts.SourceFile, call: ts.CallExpression): boolean {
  const line = source.getLineAndCharacterOfPosition(call.getStart()).line;
  const lines = source.text.split("\n").slice(Math.max(0, line - 3), line + 1);
  return lines.some((text) => /\/\/.*\bcontract: \S/.test(text));
}

export function uncheckedRawFetches(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const calls = findAll(
    source,
    (node) =>
      ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "fetch" && node.arguments.length > 0,
  ) as ts.CallExpression[];
  return calls
    .filter((call) => mayReachDocumentedRoute(call) && !isContractChecked(call) && !saysWhyUnchecked(source, call))
    .map((call) => `${file}:${source.getLineAndCharacterOfPosition(call.getStart()).line + 1}: ${call.getText().split("\n")[0]}`);
}

// The contract checker's own fetches (the served document, apiClient's call that it checks).
const CHECKER = new Set([join("test", "support", "contract.ts"), join("test", "support", "http.ts")]);

test("every raw fetch in the tests to a documented route is contract-checked", () => {
  const offenders = sourceFiles("test")
    .filter((file) => !CHECKER.has(file))
    .flatMap((file) => uncheckedRawFetches(file, readFileSync(file, "utf8")));
  assert.deepEqual(offenders, []);
});

test("the scan sees a raw fetch that skips the check, and accepts one that is checked or says why not", () => {
  const planted = [
    "const origin = 'http://x';",
    "const a = await fetch(`${origin}/api/patients/${id}/export`);",
    "const b = await fetch(`${origin}/api/patients/${id}/export`);",
    "await checked(origin, 'GET', `/patients/${id}/export`, b);",
    "await checked(origin, 'GET', '/health', await fetch(`${origin}/api/health`));",
    "// contract: the server is stopped, nothing answers",
    "await fetch(`${origin}/api/health`).catch(() => null);",
    "await fetch(`${origin}/a/${code}`);",
    "await fetch(`${origin}/api/proxy/patients/me`);",
    "await fetch(`${origin}/api/health`, { method: 'OPTIONS' });",
    "await fetch(`${origin}/api/no/such/endpoint`);",
    "await fetch(url, { method });",
    "async function expectError(response) { return checked(origin, 'GET', '/health', response); }",
    "await expectError(await fetch(`${origin}/api/health`));",
    "await fetch(`${origin}/api/health`).then((response) => checked(origin, 'GET', '/health', response));",
    "await fetch(`${origin}/api/health`).then((response) => response.json());",
  ].join("\n");
  assert.deepEqual(uncheckedRawFetches("planted.ts", planted), [
    "planted.ts:2: fetch(`${origin}/api/patients/${id}/export`)",
    "planted.ts:12: fetch(url, { method })",
    "planted.ts:16: fetch(`${origin}/api/health`)",
  ]);
});
