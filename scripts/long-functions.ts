// Counts the functions of 60 lines or more in the service's own TypeScript (app/, components/,
// lib/ but its generated client, scripts/, server.ts; tests left out), with the compiler's own
// parser: `npx tsx scripts/long-functions.ts` prints each, longest first, then the count.
// `--min=<lines>` changes the threshold.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

const root = process.cwd();
const min = Number(process.argv.find((arg) => arg.startsWith("--min="))?.slice("--min=".length) ?? 60);
const SKIP = /(^|\/)(node_modules|generated|\.next[^/]*)(\/|$)|\.test\.tsx?$|\.d\.ts$/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (SKIP.test(relative(root, path))) return [];
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function nameOf(node: ts.Node): string {
  const named = node as ts.Node & { name?: ts.Node };
  if (named.name && ts.isIdentifier(named.name)) return named.name.text;
  if (ts.isConstructorDeclaration(node)) return "constructor";
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (parent && ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  return "(anonymous)";
}

const long: { where: string; name: string; lines: number }[] = [];
const files = [...["app", "components", "lib", "scripts"].flatMap((dir) => sources(join(root, dir))), join(root, "server.ts")];
for (const file of files) {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = end - start + 1;
      if (lines >= min) long.push({ where: `${relative(root, file)}:${start + 1}`, name: nameOf(node), lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}
for (const { where, name, lines } of long.sort((a, b) => b.lines - a.lines)) console.log(`${String(lines).padStart(4)}  ${name}  ${where}`);
console.log(`${long.length} functions of ${min} lines or more`);
