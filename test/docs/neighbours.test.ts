// Issue 41: every patient-scoped route of the access matrix is requested by a test that seeds the
// neighbour fixture. "Uses" means: a file under test/ that imports test/support/neighbours.ts and
// requests the route with its method and a path its pattern matches, either by a call
// (api.get/post/patch, api.request("METHOD", path)) or by a table entry keyed "METHOD /pattern"
// whose path it builds. The planted cases below show the check naming a route without it.
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import ts from "typescript";
import { allEndpoints } from "@/lib/openapi/catalog";

const FIXTURE = /from "@\/test\/support\/neighbours"/;
const CALLS: Record<string, string> = { get: "GET", post: "POST", patch: "PATCH" };

function testFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) testFiles(path, out);
    else if (entry.name.endsWith(".test.ts")) out.push(path);
  }
  return out;
}

/** The path a literal spells, each ${…} as one segment, without its query; null when not written out. */
function pathOf(node: ts.Node | undefined): string | null {
  if (!node) return null;
  let text: string;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
  else if (ts.isTemplateExpression(node)) text = node.head.text + node.templateSpans.map((span) => `x${span.literal.text}`).join("");
  else return null;
  return text.startsWith("/") ? text.split("?")[0]! : null;
}

/** The "METHOD path" requests a source makes. */
function requests(source: string): string[] {
  const file = ts.createSourceFile("t.ts", source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const name = node.expression.name.text;
      const [first, second] = node.arguments;
      if (CALLS[name] && pathOf(first)) found.push(`${CALLS[name]} ${pathOf(first)}`);
      if (name === "request" && first && ts.isStringLiteral(first) && pathOf(second)) found.push(`${first.text} ${pathOf(second)}`);
    }
    if (ts.isPropertyAssignment(node) && ts.isStringLiteral(node.name) && /^[A-Z]+ \//.test(node.name.text)) {
      const method = node.name.text.split(" ")[0];
      const inner = (child: ts.Node) => {
        const path = pathOf(child);
        if (path) found.push(`${method} ${path}`);
        else ts.forEachChild(child, inner);
      };
      ts.forEachChild(node.initializer, inner);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** The keys of the access matrix's PATIENT_ROUTES. */
function patientRoutes(matrixSource: string): string[] {
  const file = ts.createSourceFile("m.ts", matrixSource, ts.ScriptTarget.Latest, true);
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (declaration.name.getText() !== "PATIENT_ROUTES" || !declaration.initializer) continue;
      return (declaration.initializer as ts.ObjectLiteralExpression).properties.map((p) => (p.name as ts.StringLiteral).text);
    }
  }
  throw new Error("the access matrix has no PATIENT_ROUTES");
}

const patternOf = (route: string) => {
  const [method, path] = route.split(" ");
  return new RegExp(`^${method} ${path!.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{\w+\\?\}/g, "[^/]+")}$`);
};

/** The routes of `catalog` no fixture-importing source requests; a request is the route whose pattern has fewest placeholders. */
function withoutNeighbours(routes: string[], sources: string[], catalog: string[] = routes): string[] {
  const byPlaceholders = [...new Set([...catalog, ...routes])].sort((a, b) => a.split("{").length - b.split("{").length);
  const matchers = byPlaceholders.map((route) => ({ route, pattern: patternOf(route) }));
  const reached = new Set(
    sources
      .filter((source) => FIXTURE.test(source))
      .flatMap(requests)
      .map((request) => matchers.find(({ pattern }) => pattern.test(request))?.route),
  );
  return routes.filter((route) => !reached.has(route));
}

test("every patient-scoped route of the access matrix is requested by a test beside the neighbours", () => {
  const routes = patientRoutes(readFileSync("test/api/access-matrix.test.ts", "utf8"));
  assert.ok(routes.length >= 29, `${routes.length} routes read from the matrix`);
  const sources = testFiles("test").map((path) => readFileSync(path, "utf8"));
  const catalog = allEndpoints.map((endpoint) => `${endpoint.method} ${endpoint.path}`);
  assert.deepEqual(withoutNeighbours(routes, sources, catalog), []);
});

const fixture = 'import { seedNeighbours } from "@/test/support/neighbours";\n';
const matrix = `const PATIENT_ROUTES: Record<string, PatientRoute> = {
  "GET /patients/{id}/planted": { request: (ids) => ({ path: \`/patients/\${ids.patient}/planted\` }) },
  "DELETE /patients/{id}/planted/{test}": { request: (ids) => ({ path: \`/patients/\${ids.patient}/planted/ROM\` }) },
};`;

test("planted: a route requested only by tests without the fixture is named", () => {
  const routes = patientRoutes(matrix);
  assert.deepEqual(routes, ["GET /patients/{id}/planted", "DELETE /patients/{id}/planted/{test}"]);
  const without = "const answer = await api.get(`/patients/${pat.id}/planted`, { token });";
  assert.deepEqual(withoutNeighbours(routes, [without, fixture]), routes);
});

test("planted: the right path by the wrong method, another path, or a more specific route does not count", () => {
  const routes = patientRoutes(matrix);
  const wrong = `${fixture}await api.request("GET", \`/patients/\${id}/planted/ROM\`);\nawait api.get(\`/patients/\${id}/planted/x/y\`);`;
  assert.deepEqual(withoutNeighbours(routes, [wrong]), routes);
  const own = `${fixture}await api.get("/patients/me/planted");`;
  assert.deepEqual(withoutNeighbours(routes, [own], ["GET /patients/me/planted"]), routes);
});

test("planted: a call or a table entry beside the fixture counts, query strings aside", () => {
  const routes = patientRoutes(matrix);
  const call = `${fixture}await api.get(\`/patients/\${id}/planted?limit=5\`, { token });`;
  assert.deepEqual(withoutNeighbours(routes, [call]), ["DELETE /patients/{id}/planted/{test}"]);
  const table = `${fixture}const ROUTES = { "DELETE /patients/{id}/planted/{test}": { request: (pat) => ({ path: \`/patients/\${pat.id}/planted/ROM\` }) } };`;
  assert.deepEqual(withoutNeighbours(routes, [call, table]), []);
});
