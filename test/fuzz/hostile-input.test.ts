// Hostile input against every JSON route of the API reference (lib/openapi/catalog.ts): valid
// bodies with one member replaced by something awkward, arbitrary JSON, wrong types, numbers
// beyond double range, NaN-like strings, deep nesting, long and unusual Unicode text, garbage
// path parameters and query strings, every development persona. The answer is always a
// documented 2xx or a 4xx with `{ error }` (an OperationOutcome on the FHIR routes) — never a
// 5xx — and /api/health stays healthy.
// FUZZ_RUNS sets the cases per route (default 10).
// Own server: every stand-in together (Stripe, model, mail, biomechanics), for every route.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import fc from "fast-check";
import type { Endpoint } from "@/lib/api/endpoint";
import { allEndpoints } from "@/lib/openapi/catalog";
import { romBody } from "@/lib/assessments/examples";
import {
  FUZZ_SEED,
  hostileBody,
  hostileValue,
  malformedText,
  memberNames,
  mutated,
  pathSegment,
  serialize,
  validFor,
} from "@/test/fuzz/arbitraries";
import { contractFor, type ContractCheck } from "@/test/support/contract";
import { apiClient } from "@/test/support/http";
import { startLlm, type LlmStandIn } from "@/test/support/llm";
import { startResend, type ResendStandIn } from "@/test/support/resend";
import { startServer, type TestServer } from "@/test/support/server";
import { sendJson, startStandIn, type StandIn } from "@/test/support/stand-in";
import { startStripe, type StripeStandIn } from "@/test/support/stripe";

const RUNS = Number(process.env.FUZZ_RUNS || 10);
const PERSONAS = [undefined, "patient", "care_provider", "admin", "anonymous", "root"] as const;

/** The routes with a JSON (or binary) answer that a client sends requests to. */
const routes = allEndpoints.filter((e) => !e.upgrade);

let server: TestServer;
let api: ReturnType<typeof apiClient>;
let stripe: StripeStandIn;
let llm: LlmStandIn;
let resend: ResendStandIn;
let biomechanics: StandIn;
const validParams: Record<string, string[]> = { code: [], id: [], patientId: [] };
let casesRun = 0;

before(async () => {
  [stripe, llm, resend, biomechanics] = await Promise.all([
    startStripe(),
    startLlm(),
    startResend(),
    startStandIn((request, res) => sendJson(res, 200, { analysed: true, bytes: request.body.length })),
  ]);
  server = await startServer({
    env: {
      ...stripe.env,
      ...llm.env,
      ...resend.env,
      PYTHON_API_URL: biomechanics.url,
      FRONTEND_URL: "https://app.example.com",
      LOG_LEVEL: "warn",
    },
  });
  api = apiClient(server.origin);

  // Real records, so valid-looking parameters reach the services, not just the parsers.
  const patient = { headers: { "x-dev-user": "patient" } };
  const owned = await api.post("/assessments/rom", romBody, patient);
  const anonymous = await api.post("/assessments/rom", romBody);
  assert.equal(owned.status, 201);
  assert.equal(anonymous.status, 201);
  const me = await api.get("/patients/me", patient);
  assert.equal(me.status, 200);
  const report = await api.post("/reports", { title: "Fuzz", assessmentCodes: [owned.body.code, anonymous.body.code] });
  assert.equal(report.status, 200);
  const journal = await api.post(
    "/journal",
    { patientId: me.body.id, entryType: "SYMPTOM_LOG", transcript: "Stiff in the morning." },
    patient,
  );
  validParams.code!.push(owned.body.code, anonymous.body.formattedCode, report.body.code, report.body.formattedCode.toLowerCase());
  validParams.id!.push(String(owned.body.id), String(anonymous.body.id), String(me.body.id), owned.body.code);
  if (journal.status === 201) validParams.id!.push(String(journal.body.id));
  validParams.patientId!.push(String(me.body.id));
});

after(async () => {
  console.log(`hostile input: ${casesRun} cases over ${routes.length} routes (${RUNS} per route and mode)`);
  await server?.stop();
  await Promise.all([stripe?.close(), llm?.close(), resend?.close(), biomechanics?.close()]);
});

interface HostileRequest {
  path: string;
  query: string;
  body?: string;
  persona?: string;
}

function pathArbitrary(endpoint: Endpoint): fc.Arbitrary<string> {
  const parts = endpoint.path.split("/").map((part) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    return name ? pathSegment(validParams[name] ?? []) : fc.constant(part);
  });
  return fc.tuple(...parts).map((segments) => segments.join("/"));
}

function queryArbitrary(endpoint: Endpoint): fc.Arbitrary<string> {
  const names = [...memberNames(endpoint.query), "limit", "offset", "unknown"];
  const value = fc.oneof(
    fc.constantFrom(
      "1",
      "0",
      "-1",
      "1.5",
      "NaN",
      "1e999",
      "99999999999999999999",
      "true",
      "",
      "null",
      "ROM",
      "LEFT",
      "name",
      "score",
      "2024-01-01T00:00:00Z",
      "x".repeat(5000),
    ),
    fc.string({ unit: "grapheme", maxLength: 30 }),
  );
  return fc
    .array(fc.tuple(fc.constantFrom(...names), value), { maxLength: 4 })
    .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&")}` : ""));
}

function bodyArbitrary(endpoint: Endpoint): fc.Arbitrary<string | undefined> {
  if (!endpoint.body && !endpoint.rawBody && endpoint.method === "GET") return fc.constant(undefined);
  const shaped = endpoint.body ? validFor(endpoint.body) : fc.jsonValue({ maxDepth: 2 });
  return fc.oneof(
    { weight: 5, arbitrary: mutated(shaped).map(serialize) },
    { weight: 1, arbitrary: shaped.map(serialize) },
    { weight: 2, arbitrary: hostileBody.map(serialize) },
    { weight: 1, arbitrary: hostileValue.map(serialize) },
    { weight: 1, arbitrary: malformedText },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

function requestArbitrary(endpoint: Endpoint): fc.Arbitrary<HostileRequest> {
  return fc.record({
    path: pathArbitrary(endpoint),
    query: endpoint.method === "GET" ? queryArbitrary(endpoint) : fc.oneof(fc.constant(""), queryArbitrary(endpoint)),
    body: bodyArbitrary(endpoint),
    persona: fc.constantFrom(...PERSONAS),
  });
}

/** Dot segments ("..", "%2e%2e") take a request out of /api before routing. */
const leavesApi = (path: string) => /(^|\/)(\.|%2e){1,2}(\/|$)/i.test(path);

/** The endpoint's own path with each parameter filled by a plain value: selects its operation in the document. */
const aimedAt = (endpoint: Endpoint) => endpoint.path.replace(/\{[^}]+\}/g, "0");

async function send(endpoint: Endpoint, request: HostileRequest) {
  const headers: Record<string, string> = request.persona ? { "x-dev-user": request.persona } : {};
  // Checked against the document by the property itself, as the operation it was aimed at. A
  // documented redirect (the unsubscribe link opened in a browser) is the API's answer, not the
  // page it names; paths that leave /api (dot segments) are followed as before.
  const manual = !leavesApi(request.path) && endpoint.responses.some((r) => r.status >= 300 && r.status < 400);
  const response = await api.request(endpoint.method, request.path + request.query, request.body, {
    headers,
    unchecked: true,
    ...(manual ? { redirect: "manual" as const } : {}),
  });
  casesRun++;
  return response;
}

describe("hostile input never causes a 5xx, and every answer is the documented one", () => {
  let contract: ContractCheck;
  before(async () => {
    contract = await contractFor(server.origin);
  });

  for (const endpoint of routes) {
    test(`${endpoint.method} /api${endpoint.path}`, async () => {
      const documented = new Set(endpoint.responses.map((r) => r.status));
      await fc.assert(
        fc.asyncProperty(requestArbitrary(endpoint), async (request) => {
          const { status, body, headers } = await send(endpoint, request);
          assert.ok(
            status < 500,
            `${endpoint.method} ${request.path}${request.query.slice(0, 200)} → ${status} ${JSON.stringify(body).slice(0, 300)}`,
          );
          const json = (headers.get("content-type") ?? "").includes("application/json");
          const fhir = (headers.get("content-type") ?? "").includes("application/fhir+json");
          if (status >= 400 && fhir) {
            // The FHIR routes answer errors as FHIR does: an OperationOutcome saying what went wrong.
            const outcome = body as { resourceType?: unknown; issue?: { diagnostics?: unknown }[] };
            assert.equal(outcome.resourceType, "OperationOutcome", `error body of ${status}: ${JSON.stringify(body).slice(0, 200)}`);
            assert.equal(typeof outcome.issue?.[0]?.diagnostics, "string");
          } else if (status >= 400) {
            // Dot segments ("..", "%2e%2e") leave /api before routing: the page 404 is HTML.
            if (json || !leavesApi(request.path)) {
              assert.equal(typeof (body as { error?: unknown }).error, "string", `error body of ${status}: ${String(body).slice(0, 200)}`);
            }
          } else {
            assert.ok(documented.has(status), `${status} is not documented for ${endpoint.method} ${endpoint.path}`);
            assert.ok((headers.get("content-type") ?? "").length > 0 || status === 204);
          }
          // Every answer, success or error, against the served document: its status, content type
          // and body (checked as the operation the request was aimed at: a garbage path segment
          // must not move the check to another operation). Only answers from outside /api (dot
          // segments) are not the API's to document.
          if (!leavesApi(request.path)) {
            contract(endpoint.method, aimedAt(endpoint), status, headers.get("content-type") ?? "", body);
          }
        }),
        { numRuns: RUNS, endOnFailure: true, timeout: 30_000, seed: FUZZ_SEED },
      );
      const health = await api.get("/health");
      assert.equal(health.status, 200);
    });
  }
});

test("after the storm the service is healthy and still serves real data", async () => {
  const health = await api.get("/health");
  assert.equal(health.status, 200);
  assert.equal(health.body.status, "ok");
  const lookup = await api.get(`/lookup/${validParams.code![0]}`);
  assert.equal(lookup.status, 200);
});
