// The document-driven fuzz: requests generated from the served OpenAPI document's own request
// schemas (/api/openapi.json), for every operation, with real tokens from the test identity
// provider. Positive cases are valid per the document and must not be refused as invalid (400,
// 422) or fail (5xx); negative cases break one constraint the document states and must be a 400
// naming the input (`field`, or an OperationOutcome's expression). Every answer is checked
// against the document too (test/support/contract.ts). So a constraint the code enforces but the
// document omits fails a positive case, and one the document states but the code lets through
// fails a negative case. FUZZ_DOC_RUNS sets the cases per operation and kind (default 4);
// the seed is the fuzz suite's (FUZZ_SEED, FUZZ_FRESH=1).
// Own server: every stand-in together (Stripe, model, mail, biomechanics), for every route of the document.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import fc from "fast-check";
import { romBody } from "@/lib/assessments/examples";
import { FUZZ_SEED } from "@/test/fuzz/arbitraries";
import { SchemaJudge, validValue, violations, type Path, type Schema } from "@/test/fuzz/document-arbitraries";
import { careTeam } from "@/test/support/care-team";
import { contractFor, ContractViolation, type ContractCheck } from "@/test/support/contract";
import { apiClient } from "@/test/support/http";
import { startIdentityProvider, uniqueSub, type IdentityProvider } from "@/test/support/identity-provider";
import { startLlm, type LlmStandIn } from "@/test/support/llm";
import { startResend, type ResendStandIn } from "@/test/support/resend";
import { startServer, type TestServer } from "@/test/support/server";
import { sendJson, startStandIn, type StandIn } from "@/test/support/stand-in";
import { startStripe, type StripeStandIn } from "@/test/support/stripe";

const RUNS = Number(process.env.FUZZ_DOC_RUNS || 4);

/**
 * What a schema cannot say: a positive case may be refused with 400 naming this input (or, for
 * an operation, any), and why. Each is a check on data outside the request's own shape.
 */
const OUTSIDE_THE_SCHEMA: { operationId?: string; field?: string | RegExp; why: string }[] = [
  { operationId: "receiveStripeEvent", why: "Stripe's signature over the raw body (Stripe-Signature), which only Stripe can make" },
  { field: "timeZone", why: "the zone must be in the time zone database, not only look like a name in it" },
  { field: "locale", why: "the language must be one the server's Intl data has, not only look like a tag" },
  { operationId: "createReport", field: "assessmentCodes", why: "the codes must name live, shareable assessments" },
  {
    operationId: "updateMyProfile",
    field: "dateOfBirth",
    why: "a birth date lies between 1900-01-01 and today: no date range in JSON Schema",
  },
  {
    operationId: "updateMyProfile",
    field: "injuryDate",
    why: "an injury date lies between 1900-01-01 and today: no date range in JSON Schema",
  },
  { operationId: "removeMyGoal", field: "metric", why: "which metrics there are depends on the test parameter beside it" },
  { operationId: "removePatientGoal", field: "metric", why: "which metrics there are depends on the test parameter beside it" },
  {
    operationId: "submitRomAssessment",
    field: /^joints\.\d+\.(maxAngle|rom)$/,
    why: "a joint's maxAngle is at least its minAngle and its rom their difference (within 1°): no comparison between fields in JSON Schema",
  },
  {
    operationId: "createClinic",
    field: "adminSub",
    why: "only the service admin names another first admin: the caller's role decides, not the body",
  },
  {
    operationId: "searchFhirPatients",
    field: "identifier",
    why: "every token of a comma-separated identifier list is non-empty; the document gives the parameter as one string",
  },
  { operationId: "createJournalEntry", field: /AssessmentId$/, why: "a linked result must be one of the patient's own" },
  {
    operationId: "createPatientReport",
    field: /^(from|to|assessmentIds)$/,
    why: "either chosen results (the patient's own) or a date range holding results, not both; from before to",
  },
];

const allowed = (operation: Operation, field: string | undefined) =>
  OUTSIDE_THE_SCHEMA.some(
    (a) =>
      (a.operationId === undefined || a.operationId === operation.operationId) &&
      (a.field === undefined || (typeof a.field === "string" ? a.field === field : field !== undefined && a.field.test(field))),
  );

interface Parameter {
  name: string;
  in: "path" | "query" | "header";
  required?: boolean;
  schema: Schema;
}
interface Operation {
  operationId: string;
  method: string;
  path: string;
  parameters: Parameter[];
  body?: Schema;
  fhir: boolean;
  roles?: string[];
}

interface Case {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, unknown>;
  body?: unknown;
}

interface Broken {
  where: "path" | "query" | "header" | "body";
  path: Path;
  constraint: string;
  request: Case;
}

let idp: IdentityProvider;
let server: TestServer;
let stripe: StripeStandIn;
let llm: LlmStandIn;
let resend: ResendStandIn;
let biomechanics: StandIn;
let document: any;
let judge: SchemaJudge;
let contract: ContractCheck;
const tokens: Record<"patient" | "clinician" | "admin", string> = { patient: "", clinician: "", admin: "" };
const fixtures: Record<string, string> = {};

const figures = { operations: 0, positive: 0, negative: 0, skipped: 0 };
const failures = new Map<string, string[]>();
function fail(kind: string, detail: string) {
  failures.set(kind, [...(failures.get(kind) ?? []), detail]);
}

before(async () => {
  [idp, stripe, llm, resend, biomechanics] = await Promise.all([
    startIdentityProvider(),
    startStripe(),
    startLlm(),
    startResend(),
    startStandIn((request, res) => sendJson(res, 200, { analysed: true, bytes: request.body.length })),
  ]);
  server = await startServer({
    env: {
      ...idp.env,
      ...stripe.env,
      ...llm.env,
      ...resend.env,
      PYTHON_API_URL: biomechanics.url,
      // The reminder job's `now`, which the document offers for tests, is taken.
      REMINDERS_TEST_CLOCK: "true",
      LOG_LEVEL: "warn",
    },
  });
  const api = apiClient(server.origin);
  document = (await api.get("/openapi.json")).body;
  judge = new SchemaJudge(document.components.schemas);
  contract = await contractFor(server.origin);

  // Real records, so that valid-looking parameters reach the services, not only the parsers.
  const clinicianSub = uniqueSub("clinician");
  tokens.patient = await idp.token({ roles: ["patient"], email: "fuzz.patient@example.com", name: "Fuzz Patient" });
  tokens.clinician = await idp.token({ sub: clinicianSub, roles: ["care_provider"], name: "Fuzz Clinician" });
  tokens.admin = await idp.token({ roles: ["admin"], name: "Fuzz Admin" });
  const me = await api.get("/patients/me", { token: tokens.patient });
  assert.equal(me.status, 200);
  const team = await careTeam(api, idp, [clinicianSub], "Fuzz clinic");
  await team.share(tokens.patient);
  const owned = await api.post("/assessments/rom", romBody, { token: tokens.patient });
  assert.equal(owned.status, 201);
  const report = await api.post("/reports", { title: "Fuzz", assessmentCodes: [owned.body.code] }, { token: tokens.patient });
  assert.equal(report.status, 200);
  const journal = await api.post(
    "/journal",
    { patientId: me.body.id, entryType: "AD_HOC_CHECK_IN", transcript: "Stiff in the morning." },
    { token: tokens.patient },
  );
  assert.equal(journal.status, 201);
  Object.assign(fixtures, {
    patient: String(me.body.id),
    assessment: String(owned.body.id),
    code: owned.body.formattedCode,
    report: report.body.formattedCode,
    journal: String(journal.body.id),
    clinic: String(team.clinicId),
    joinCode: team.joinCode,
    sub: clinicianSub,
  });
});

after(async () => {
  const byKind = [...failures].map(([kind, list]) => `${kind}: ${list.length}`).join("; ") || "none";
  console.log(
    `document fuzz: ${figures.operations} operations, ${figures.positive} positive and ${figures.negative} negative cases ` +
      `(${figures.skipped} generated values ajv refused, not sent); failures by class: ${byKind}`,
  );
  await server?.stop();
  await Promise.all([idp?.close(), stripe?.close(), llm?.close(), resend?.close(), biomechanics?.close()]);
});

/** A real value for a path parameter, where the setup made one. */
function fixture(path: string, name: string): string | undefined {
  if (name === "code") return path.startsWith("/reports") ? fixtures.report : fixtures.code;
  if (name === "joinCode") return fixtures.joinCode;
  if (name === "clinicId") return fixtures.clinic;
  if (name === "patientId") return fixtures.patient;
  if (name === "sub") return fixtures.sub;
  if (name === "test") return "ROM";
  if (name === "metric") return "extensionDeg";
  if (name !== "id") return undefined;
  const byPrefix: [string, string | undefined][] = [
    ["/patients/", fixtures.patient],
    ["/clinics/", fixtures.clinic],
    ["/journal/", fixtures.journal],
    ["/assessments/", fixtures.code],
    ["/fhir/Patient/", fixtures.patient],
    ["/fhir/Observation/", fixtures.assessment],
    ["/fhir/Organization/", fixtures.clinic],
    ["/fhir/Group/", fixtures.clinic],
    ["/fhir/CodeSystem/", "hand-assessment"],
  ];
  return byPrefix.find(([prefix]) => path.startsWith(prefix))?.[1];
}

/** Who sends an operation's requests: a role the guard admits, the patient for their own routes. */
function tokenFor(operation: Operation): string {
  const roles = operation.roles;
  if (roles?.includes("care_provider")) return tokens.clinician;
  if (roles?.includes("admin") && !roles.includes("patient")) return tokens.admin;
  if (roles?.includes("patient") || operation.path.startsWith("/patients/me") || operation.path.startsWith("/me/")) return tokens.patient;
  return tokens.clinician;
}

function operations(): Operation[] {
  return Object.entries(document.paths as Record<string, Record<string, any>>).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([, op]) => !op["x-upgrade"])
      .map(([method, op]) => {
        const body = op.requestBody?.content?.["application/json"]?.schema as Schema | undefined;
        const errorTypes = Object.values(op.responses as Record<string, { content?: Record<string, unknown> }>).flatMap((r) =>
          Object.keys(r.content ?? {}),
        );
        return {
          operationId: op.operationId as string,
          method: method.toUpperCase(),
          path,
          parameters: (op.parameters ?? []) as Parameter[],
          ...(body ? { body } : {}),
          fhir: errorTypes.includes("application/fhir+json"),
          ...(op["x-roles"] ? { roles: op["x-roles"] as string[] } : {}),
        };
      }),
  );
}

function caseArbitrary(operation: Operation): fc.Arbitrary<Case> {
  const part = (where: Parameter["in"]) =>
    fc.record(
      Object.fromEntries(
        operation.parameters
          .filter((p) => p.in === where)
          .map((p) => {
            if (refused(p)) return [p.name, fc.constant(undefined)];
            let value = validValue(judge, p.schema);
            if (where === "header") value = value.filter((v) => typeof v === "string" && /^[\x21-\x7e]([\x20-\x7e]*[\x21-\x7e])?$/.test(v));
            const text = where === "path" ? fixture(operation.path, p.name) : undefined;
            // A real id as the document types it (an integer), so that ajv judges it as the server reads it.
            const real = text !== undefined && judge.resolve(p.schema).type === "integer" ? Number(text) : text;
            if (real !== undefined) value = fc.oneof({ weight: 3, arbitrary: fc.constant(real) }, { weight: 1, arbitrary: value });
            return [p.name, p.required || where === "path" ? value : fc.option(value, { nil: undefined })];
          }),
      ),
    );
  return fc.record({
    params: part("path"),
    query: part("query"),
    headers: part("header"),
    ...(operation.body ? { body: validValue(judge, operation.body) } : {}),
  }) as fc.Arbitrary<Case>;
}

/** A parameter the document says no value of is accepted (`not: {}`): a request naming it is refused. */
const refused = (parameter: Parameter) => typeof parameter.schema.not === "object" && Object.keys(parameter.schema.not).length === 0;

/** Whether ajv, judging by the document, accepts every part of the request. */
function validPerDocument(operation: Operation, request: Case): boolean {
  for (const parameter of operation.parameters) {
    const source = parameter.in === "path" ? request.params : parameter.in === "query" ? request.query : request.headers;
    const value = source[parameter.name];
    if (value === undefined) {
      if (parameter.required) return false;
      continue;
    }
    if (!judge.valid(parameter.schema, value)) return false;
  }
  return operation.body === undefined || judge.valid(operation.body, request.body);
}

/** Every way to break one stated constraint of a valid request. */
function brokenCases(operation: Operation, request: Case): Broken[] {
  const out: Broken[] = [];
  for (const parameter of operation.parameters) {
    const where = parameter.in;
    const key = ({ path: "params", query: "query", header: "headers" } as const)[where];
    const value = request[key][parameter.name];
    const withValue = (v: unknown): Case => ({ ...request, [key]: { ...request[key], [parameter.name]: v } });
    if (refused(parameter)) out.push({ where, path: [parameter.name], constraint: "not", request: withValue("1") });
    if (value === undefined) continue;
    if (parameter.required && where !== "path")
      out.push({ where, path: [parameter.name], constraint: "required", request: withValue(undefined) });
    // A catch-all path parameter (an array) has no constraint of its own to break.
    if (parameter.schema.type === "array" && where === "path") continue;
    for (const violation of violations(judge, parameter.schema, value)) {
      // An empty segment is another path (the router redirects it), not this parameter's value.
      if (where === "path" && violation.value === "") continue;
      // Text is all a URL or a header carries: only where the document types a number or a flag is other text a wrong type.
      if (violation.constraint === "type" && !["integer", "number", "boolean"].includes(judge.resolve(parameter.schema).type)) continue;
      out.push({ where, path: [parameter.name, ...violation.path], constraint: violation.constraint, request: withValue(violation.value) });
    }
  }
  if (operation.body && request.body !== undefined) {
    for (const violation of violations(judge, operation.body, request.body)) {
      out.push({ where: "body", path: violation.path, constraint: violation.constraint, request: { ...request, body: violation.value } });
    }
  }
  return out;
}

const text = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));

async function send(operation: Operation, request: Case) {
  let path = operation.path;
  for (const [name, value] of Object.entries(request.params)) {
    const segment = Array.isArray(value) ? value.map((v) => encodeURIComponent(text(v))).join("/") : encodeURIComponent(text(value));
    path = path.replace(`{${name}}`, segment);
  }
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(request.query)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, text(item));
  }
  const headers: Record<string, string> = { authorization: `Bearer ${tokenFor(operation)}` };
  for (const [name, value] of Object.entries(request.headers)) if (value !== undefined) headers[name] = text(value);
  let body: string | undefined;
  if (operation.body && request.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(request.body);
  }
  const query = search.size ? `?${search}` : "";
  // contract: checkAnswer() checks every answer against the served document
  const response = await fetch(`${server.origin}/api${path}${query}`, { method: operation.method, headers, body, redirect: "manual" });
  const contentType = response.headers.get("content-type") ?? "";
  const raw = await response.text();
  const parsed = contentType.includes("json") && raw ? (JSON.parse(raw) as unknown) : raw;
  return { status: response.status, contentType, body: parsed, shown: `${operation.method} ${path}${query}`.slice(0, 200) };
}

/** The answer against the document: its status, content type and body. */
function checkAnswer(operation: Operation, answer: Awaited<ReturnType<typeof send>>): boolean {
  try {
    contract(operation.method, operation.path.replace(/\{[^}]+\}/g, "0"), answer.status, answer.contentType, answer.body);
    return true;
  } catch (error) {
    if (!(error instanceof ContractViolation)) throw error;
    fail("answer not as documented", `${answer.shown}: ${error.message.slice(0, 300)}`);
    return false;
  }
}

/** The input an error answer names: `field`, or the OperationOutcome's expression. */
function namedField(operation: Operation, body: any): string | undefined {
  return operation.fhir ? body?.issue?.[0]?.expression?.[0] : body?.field;
}

/** Whether the error names the broken input or the member holding it (dotted paths, one a prefix of the other). */
function names(field: string, path: Path): boolean {
  const broken = path.join(".");
  return field === broken || broken.startsWith(`${field}.`) || field.startsWith(`${broken}.`);
}

test("every operation of the served document: valid requests are served, one broken constraint is a 400 naming it", async () => {
  const all = operations();
  figures.operations = all.length;
  assert.ok(all.length >= 100, `${all.length} operations in the document`);
  for (const [index, operation] of all.entries()) {
    const samples = fc.sample(caseArbitrary(operation), { numRuns: RUNS * 3, seed: FUZZ_SEED + index });
    const valid = samples.filter((request) => validPerDocument(operation, request));
    figures.skipped += samples.length - valid.length;
    if (valid.length === 0) fail("no generated request valid per the document", operation.operationId);

    // Negative cases break one constraint of a request the service took, so that the one broken is the one named.
    const taken: Case[] = [];
    for (const request of valid.slice(0, RUNS)) {
      figures.positive++;
      const answer = await send(operation, request);
      const where = `${operation.operationId} ${answer.shown} → ${answer.status}`;
      const refusedAsInvalid = answer.status === 400 || answer.status === 422;
      if (answer.status >= 500) fail("5xx on valid input", `${where} ${text(answer.body).slice(0, 200)}`);
      else if (refusedAsInvalid && !allowed(operation, namedField(operation, answer.body)))
        fail("valid per the document, refused by the code", `${where} ${text(answer.body).slice(0, 300)}`);
      if (!refusedAsInvalid) taken.push(request);
      checkAnswer(operation, answer);
    }

    const broken = (taken.length ? taken : valid.slice(0, RUNS)).flatMap((request) => brokenCases(operation, request));
    const picks = fc.sample(fc.nat(), { numRuns: RUNS, seed: FUZZ_SEED + index });
    const chosen = broken.length ? [...new Set(picks.map((pick) => pick % broken.length))].map((i) => broken[i]!) : [];
    for (const { where, path, constraint, request } of chosen) {
      if (validPerDocument(operation, request)) {
        figures.skipped++;
        continue;
      }
      figures.negative++;
      const answer = await send(operation, request);
      const what = `${operation.operationId} ${answer.shown} (${where} ${path.join(".")}: ${constraint}) → ${answer.status}`;
      if (answer.status < 400) fail("invalid per the document, accepted by the code", what);
      else if (answer.status !== 400) fail("invalid input answered other than 400", `${what} ${text(answer.body).slice(0, 200)}`);
      else {
        const field = namedField(operation, answer.body);
        if (!field) fail("400 naming no field", `${what} ${text(answer.body).slice(0, 200)}`);
        // When the service took none of the valid cases, the base may still hold an input refused for a reason listed above.
        else if (!names(field, path) && !(taken.length === 0 && allowed(operation, field)))
          fail("400 naming another field", `${what} names ${field}`);
      }
      checkAnswer(operation, answer);
    }
  }
  const report = [...failures].map(([kind, list]) => `${kind} (${list.length}):\n  ${list.slice(0, 15).join("\n  ")}`).join("\n");
  assert.equal(failures.size, 0, report);
});
