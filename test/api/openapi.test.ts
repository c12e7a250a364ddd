// The API reference: generated from the endpoint contracts, valid OpenAPI 3.1, and complete
// in both directions (every route file is documented; every documented path and every path of
// the specification has a route).
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { after, before, test } from "node:test";
import { compileErrors, validate } from "@readme/openapi-parser";
import { allEndpoints } from "@/lib/openapi/catalog";
import { apiClient } from "@/test/support/http";
import { sharedServer, type SharedServer } from "@/test/support/shared-server";

let server: SharedServer;
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
      const methods = [...source.matchAll(/export\s+(?:const|async\s+function|function)\s+(GET|POST|PUT|PATCH|DELETE)\b/g)].map(
        (m) => m[1]!,
      );
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
  server = await sharedServer();
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

/** Every path and method the specification (SPEC.md, "REST surface" and "Biomechanics") names. */
const SPECIFIED = [
  "GET /health",
  "POST /assessments/rom",
  "POST /assessments/dexterity",
  "POST /assessments/pain-v2",
  "POST /assessments/pain",
  "POST /assessments/arthritis",
  "GET /assessments/{id}/results",
  "GET /lookup/{code}",
  "POST /lookup/{code}/claim",
  "POST /lookup/{code}/email",
  "POST /lookup/anonymous",
  "GET /patients/me/scores",
  "GET /patients/me/assessments",
  "GET /patients",
  "GET /patients/{id}",
  "GET /patients/{id}/assessments",
  "GET /patients/{id}/journal",
  "GET /patients/{id}/scores",
  "GET /patients/{id}/narrative-summary",
  "POST /journal",
  "GET /journal",
  "GET /journal/{id}",
  "GET /journal/narrative-context/{patientId}",
  "POST /reports",
  "GET /reports/{code}",
  "GET /reports/{code}/pdf",
  "POST /reports/{code}/email",
  "POST /reports/{code}/explain",
  "POST /ai/tts",
  "GET /ai/ws",
  "POST /billing/checkout",
  "POST /billing/checkout/verify",
  "POST /billing/portal",
  "GET /billing/subscription",
  "POST /billing/webhook",
  "POST /biomechanics/wrist/deviation",
  "POST /biomechanics/wrist/deviation/neutral-pose",
  "POST /biomechanics/wrist/extension-flexion",
  "POST /biomechanics/wrist/extension-flexion/neutral-pose",
  "POST /biomechanics/wrist/rotation",
  "POST /biomechanics/wrist/rotation/neutral-pose",
  "POST /biomechanics/thumb/abduction",
  "POST /biomechanics/thumb/circumduction",
  "POST /biomechanics/thumb/extension-flexion",
];

test("every path and method of the specification is documented", () => {
  const missing = SPECIFIED.filter((entry) => {
    const [method, path] = entry.split(" ") as [string, string];
    return !(document.paths[path] as Record<string, unknown> | undefined)?.[method.toLowerCase()];
  });
  assert.deepEqual(missing, []);
});

test("guards are documented: bearer scheme, and which routes need it", () => {
  assert.equal(document.components.securitySchemes.bearerAuth.scheme, "bearer");
  assert.deepEqual(document.paths["/health"].get.security, []);
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(operations as Record<string, any>)) {
      assert.ok(Array.isArray(op.security), `${method} ${path} states its security`);
      if (
        op.security.some((s: Record<string, unknown>) => "bearerAuth" in s) &&
        !op.security.some((s: object) => Object.keys(s).length === 0)
      ) {
        assert.ok(op.responses["401"], `${method} ${path} documents 401`);
      }
    }
  }
});

/** Every schema object in the paths, with where it is. */
function* schemasIn(value: unknown, where: string): Generator<[string, Record<string, any>]> {
  if (Array.isArray(value)) for (const [i, item] of value.entries()) yield* schemasIn(item, `${where}/${i}`);
  else if (value && typeof value === "object") {
    yield [where, value as Record<string, any>];
    for (const [key, item] of Object.entries(value)) yield* schemasIn(item, `${where}/${key}`);
  }
}

test("enumerations are the wire names, named components, and referenced", () => {
  const schemas = document.components.schemas;
  assert.deepEqual(schemas.Hand.enum, ["LEFT", "RIGHT", "BOTH"]);
  assert.deepEqual(
    schemas.AssessmentType.enum,
    ["ROM", "DEXTERITY", "PAIN", "ARTHRITIS", "THUMB", "QUICKDASH", "GRIP", "PRWE"],
    "the names responses carry",
  );
  assert.equal(schemas.ContactKind, undefined, "internal enumerations are not exposed");
  const text = JSON.stringify(document.paths);
  const enums = Object.entries(schemas).filter(([, schema]: [string, any]) => Array.isArray(schema.enum));
  assert.ok(enums.length >= 20, `${enums.length} enumeration components`);
  for (const [name] of enums) assert.ok(text.includes(`"#/components/schemas/${name}"`), `${name} is referenced`);
  // Inline enumerations are left only where a union's branches are told apart: the bare record's
  // type (stored and read names both accepted there).
  const inline = [...schemasIn(document.paths, "")].filter(([, schema]) => Array.isArray(schema.enum) && schema.enum.length > 1);
  assert.deepEqual(
    inline.map(([, schema]) => schema.enum),
    [
      ["ROM", "THUMB", "THUMB_MOVEMENTS"],
      ["DEXTERITY", "FINGER_TAPPING"],
    ],
  );
  assert.ok(inline.every(([where]) => where.startsWith("//lookup/anonymous/post/requestBody/")));
});

test("numbers and yes/no in paths and queries are integers and booleans", () => {
  const parameter = (path: string, name: string) =>
    document.paths[path].get.parameters.find((p: { name: string }) => p.name === name).schema;
  assert.deepEqual(parameter("/patients", "limit"), {
    description: "Page size; default 50, values over 200 are clamped to 200",
    type: "integer",
    minimum: 0,
    maximum: 2147483647,
  });
  assert.equal(parameter("/patients", "offset").type, "integer");
  assert.deepEqual(parameter("/patients", "attention"), { type: "boolean" });
  assert.deepEqual(parameter("/patients/{id}/scores", "id"), {
    type: "integer",
    minimum: 1,
    maximum: 2147483647,
    description: "Patient contact id",
  });
  assert.equal(parameter("/journal/{id}", "id").type, "integer");
});

test("every constraint zod enforces is in the document", () => {
  const body = (path: string) => document.paths[path].post.requestBody.content["application/json"].schema;
  assert.equal(body("/ai/tts").properties.text.minLength, 1);
  assert.equal(body("/ai/tts").properties.text.maxLength, 2000);
  assert.equal(body("/leads/developer").properties.email.format, "email");
  assert.equal(body("/reports/{code}/email").properties.to.format, "email");
  const codePattern = new RegExp(body("/reports").properties.assessmentCodes.items.pattern);
  for (const code of ["ABC234", "abc-234", " ABC-234 "]) assert.match(code, codePattern);
  for (const code of ["ABC23", "ABI234", "ABC--234"]) assert.doesNotMatch(code, codePattern);
  assert.equal(document.paths["/lookup/{code}"].get.parameters[0].schema.pattern, codePattern.source);
  const rom = body("/assessments/rom");
  assert.deepEqual([rom.properties.overallScore.minimum, rom.properties.overallScore.maximum], [0, 100]);
  const created = document.paths["/assessments/rom"].post.responses["201"].content["application/json"].schema;
  assert.deepEqual([created.properties.overallScore.minimum, created.properties.overallScore.maximum], [0, 100]);
  // The ROM normal range: two numbers, as items/minItems/maxItems (not prefixItems, which some tools misread).
  assert.ok(!JSON.stringify(document).includes("prefixItems"));
  const normalRange = rom.properties.joints.anyOf[0].items.properties.normalRange.anyOf[0];
  assert.deepEqual(normalRange, { type: "array", items: { type: "number", minimum: -360, maximum: 360 }, minItems: 2, maxItems: 2 });
});

test("the voice socket: optional token, 101, 429 for too many sessions, and a link to its AsyncAPI document", () => {
  const socket = document.paths["/ai/ws"].get;
  assert.deepEqual(socket.security, [{}, { bearerAuth: [] }]);
  assert.match(socket.description, /bearer token/);
  for (const status of ["101", "401", "403", "426", "429", "503"]) assert.ok(socket.responses[status], status);
  assert.match(socket.responses["429"].description, /Too many open voice sessions/);
  assert.match(socket.externalDocs.url, /\/api\/asyncapi\.json$/);
  assert.deepEqual(
    socket.parameters.map((p: { name: string; deprecated?: boolean }) => [p.name, p.deprecated ?? false]),
    [
      ["ticket", false],
      ["access_token", true],
      ["audio", false],
    ],
  );
  assert.equal(document.paths["/ai/ws-ticket"].post.security[0].bearerAuth.length, 0, "the ticket needs a token");
});

test("tags are described, every operation documents a 4xx, info has license and contact", () => {
  assert.ok(document.tags.length > 5 && document.tags.every((t: { description?: string }) => t.description), "tag descriptions");
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(operations as Record<string, any>)) {
      assert.ok(
        Object.keys(op.responses).some((status) => status.startsWith("4")),
        `${method} ${path} documents a 4xx`,
      );
    }
  }
  assert.ok(document.info.license.identifier);
  assert.match(document.info.contact.url, /\/developers$/);
});

test("every operation has its own hand-chosen operationId: a camelCase verb phrase, unique", () => {
  const seen = new Map<string, string>();
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(operations as Record<string, any>)) {
      const where = `${method.toUpperCase()} ${path}`;
      const contract = allEndpoints.find((e) => e.method === method.toUpperCase() && e.path === path);
      assert.ok(contract?.operationId, `${where}: its endpoint contract names no operationId`);
      assert.equal(op.operationId, contract.operationId, `${where}: the document's operationId is the contract's`);
      assert.match(op.operationId, /^[a-z]+[A-Z][a-zA-Z0-9]*$/, `${where}: ${op.operationId} is a camelCase verb phrase`);
      assert.ok(!seen.has(op.operationId), `${where}: ${op.operationId} is also ${seen.get(op.operationId)}'s`);
      seen.set(op.operationId, where);
    }
  }
  assert.equal(seen.get("submitRomAssessment"), "POST /assessments/rom");
});

test("every request body has an example its schema accepts; every path parameter is described", () => {
  for (const endpoint of allEndpoints.filter((e) => e.body || e.rawBody)) {
    const where = `${endpoint.method} ${endpoint.path}`;
    const media = document.paths[endpoint.path][endpoint.method.toLowerCase()].requestBody.content["application/json"];
    assert.notEqual(media.example, undefined, `${where}: no request example`);
    if (endpoint.body) assert.ok(endpoint.body.safeParse(media.example).success, `${where}: its example is not a valid body`);
  }
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(operations as Record<string, any>)) {
      for (const parameter of (op.parameters ?? []).filter((p: { in: string }) => p.in === "path")) {
        assert.ok(parameter.description, `${method.toUpperCase()} ${path}: path parameter ${parameter.name} has no description`);
      }
    }
  }
});

test("what the code checks, the document says: kick-off header and format, patterns, QuickDASH, goals, Bundle.total", () => {
  for (const path of ["/fhir/Patient/$export", "/fhir/Group/{id}/$export", "/fhir/$export"]) {
    const parameters = document.paths[path].get.parameters;
    const prefer = parameters.find((p: { in: string; name: string }) => p.in === "header" && p.name === "Prefer");
    assert.equal(prefer?.required, true, `${path}: Prefer is a required header`);
    assert.match("respond-async", new RegExp(prefer.schema.pattern));
    assert.doesNotMatch("respond-sync", new RegExp(prefer.schema.pattern));
    const format = parameters.find((p: { name: string }) => p.name === "_outputFormat");
    assert.equal(format.schema.$ref, "#/components/schemas/BulkOutputFormat");
    assert.deepEqual(document.components.schemas.BulkOutputFormat.enum, ["application/fhir+ndjson", "application/ndjson", "ndjson"]);
    const since = new RegExp(parameters.find((p: { name: string }) => p.name === "_since").schema.pattern);
    assert.match("2026-01-01T00:00:00Z", since);
    assert.doesNotMatch("yesterday", since);
  }
  const observations = document.paths["/fhir/Observation"].get.parameters;
  const patient = new RegExp(observations.find((p: { name: string }) => p.name === "patient").schema.pattern);
  for (const value of ["123", "Patient/2147483647"]) assert.match(value, patient);
  for (const value of ["Patient/2147483648", "0", "Group/1"]) assert.doesNotMatch(value, patient);
  const bundle = document.paths["/fhir/Observation"].get.responses["200"].content["application/fhir+json"].schema;
  assert.equal(bundle.properties.total.minimum, 0);

  const timeZone = document.paths["/patients/me/reminders"].put.requestBody.content["application/json"].schema.properties.timeZone;
  assert.match("Europe/Madrid", new RegExp(timeZone.anyOf?.[0]?.pattern ?? timeZone.pattern));
  assert.doesNotMatch("+05:00", new RegExp(timeZone.anyOf?.[0]?.pattern ?? timeZone.pattern));

  const responses = document.paths["/assessments/quickdash"].post.requestBody.content["application/json"].schema.properties.responses;
  assert.deepEqual([responses.contains, responses.maxContains], [{ type: "null" }, 1], "at most one unanswered item");

  const goal = JSON.stringify(document.components.schemas.GoalInput);
  assert.ok(goal.includes('"const":"extensionDeg"') && goal.includes('"const":"quickDashScore"'), "goals name each test's metrics");
  const romExtension = (document.components.schemas.GoalInput.oneOf as any[])
    .flatMap((test) => test.oneOf)
    .find((option) => option.properties.test.const === "ROM" && option.properties.metric.const === "extensionDeg");
  assert.deepEqual([romExtension.properties.target.minimum, romExtension.properties.target.maximum], [0, 180]);

  const results = document.paths["/assessments/{id}/results"].get.parameters[0].schema;
  for (const id of ["42", "ABC-234", "abc234"]) assert.match(id, new RegExp(results.pattern));
  assert.doesNotMatch("not-a-code", new RegExp(results.pattern));

  const lead = document.paths["/leads/developer"].post.requestBody.content["application/json"].schema.properties;
  assert.equal(lead.interest.$ref, "#/components/schemas/LeadInterest");
});
