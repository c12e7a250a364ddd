// The API reference: generated from the endpoint contracts, valid OpenAPI 3.1, and complete
// in both directions (every route file is documented; every documented path and every path of
// the specification has a route).
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { after, before, test } from "node:test";
import { compileErrors, validate } from "@readme/openapi-parser";
import { apiClient } from "@/test/support/http";
import { startServer, type TestServer } from "@/test/support/server";

let server: TestServer;
let api: ReturnType<typeof apiClient>;
let document: any;

/** Web plumbing under app/api that is not part of the REST surface of the specification. */
const NOT_REST = ["proxy", "auth"];

interface RouteFile {
  path: string;
  methods: string[];
  catchAll: boolean;
}

function routeFiles(dir = "app/api"): RouteFile[] {
  const out: RouteFile[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (dir === "app/api" && NOT_REST.includes(entry.name)) continue;
      out.push(...routeFiles(full));
    } else if (entry.name === "route.ts") {
      const segments = relative("app/api", dir).split(sep);
      const source = readFileSync(full, "utf8");
      const methods = [...source.matchAll(/export\s+(?:const|async\s+function|function)\s+(GET|POST|PUT|PATCH|DELETE)\b/g)].map((m) => m[1]!);
      out.push({
        path: "/" + segments.map((s) => s.replace(/^\[\.\.\.(\w+)\]$/, "*").replace(/^\[(\w+)\]$/, "{$1}")).join("/"),
        methods,
        catchAll: segments.some((s) => s.startsWith("[...")),
      });
    }
  }
  return out;
}

function matchesRoute(route: RouteFile, documentedPath: string): boolean {
  if (!route.catchAll) return route.path === documentedPath;
  const prefix = route.path.slice(0, route.path.indexOf("*"));
  return documentedPath.startsWith(prefix);
}

before(async () => {
  server = await startServer();
  api = apiClient(server.origin);
  const response = await api.get("/openapi.json");
  assert.equal(response.status, 200);
  document = response.body;
});
after(() => server.stop());

test("the document is valid OpenAPI 3.1", async () => {
  assert.equal(document.openapi, "3.1.0");
  const result = await validate(structuredClone(document));
  assert.ok(result.valid, compileErrors(result));
});

test("info.version equals /api/health's version", async () => {
  const health = await api.get("/health");
  assert.equal(document.info.version, health.body.version);
});

test("every method of every route file is documented", () => {
  for (const route of routeFiles()) {
    for (const method of route.methods) {
      const documented = Object.entries(document.paths).some(
        ([path, operations]) => matchesRoute(route, path) && (operations as Record<string, unknown>)[method.toLowerCase()],
      );
      assert.ok(documented, `${method} /api${route.path} has no endpoint contract in lib/openapi/catalog.ts`);
    }
  }
});

test("every documented operation has a route file exporting its method", () => {
  const routes = routeFiles();
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(operations as Record<string, any>)) {
      if (op["x-upgrade"]) continue;
      const route = routes.find((r) => matchesRoute(r, path) && r.methods.includes(method.toUpperCase()));
      assert.ok(route, `${method.toUpperCase()} /api${path} is documented but no route serves it`);
    }
  }
});

test("every path and method of the specification is documented", () => {
  const spec = readFileSync(join(process.cwd(), "..", "shared", "SPEC.md"), "utf8");
  const missing: string[] = [];
  for (const match of spec.matchAll(/^\|\s*(GET|POST|PUT|PATCH|DELETE)\s*\|\s*(\/[^\s|]+)/gm)) {
    const path = match[2]!.replace(/:(\w+)/g, "{$1}");
    const operations = document.paths[path] as Record<string, unknown> | undefined;
    if (!operations?.[match[1]!.toLowerCase()]) missing.push(`${match[1]} ${path}`);
  }
  for (const match of spec.matchAll(/^\|\s*(\/biomechanics\/[^\s|]+)\s*\|/gm)) {
    if (!(document.paths[match[1]!] as Record<string, unknown> | undefined)?.post) missing.push(`POST ${match[1]}`);
  }
  assert.deepEqual(missing, []);
});

test("guards are documented: bearer scheme, and which routes need it", () => {
  assert.equal(document.components.securitySchemes.bearerAuth.scheme, "bearer");
  assert.deepEqual(document.paths["/health"].get.security, []);
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(operations as Record<string, any>)) {
      assert.ok(Array.isArray(op.security), `${method} ${path} states its security`);
      if (op.security.some((s: Record<string, unknown>) => "bearerAuth" in s) && !op.security.some((s: object) => Object.keys(s).length === 0)) {
        assert.ok(op.responses["401"], `${method} ${path} documents 401`);
      }
    }
  }
});

test("the enumerations of the specification are components", () => {
  for (const name of ["Hand", "HandDigit", "PainType", "DifficultyLevel", "SubscriptionStatus", "LeadInterest", "AssessmentType"]) {
    assert.ok(Array.isArray(document.components.schemas[name]?.enum), name);
  }
  assert.deepEqual(document.components.schemas.Hand.enum, ["LEFT", "RIGHT", "BOTH"]);
});
