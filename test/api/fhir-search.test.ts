// FHIR search that says what it did, versions and conditional reads, and FHIR-shaped errors:
// the Bundle's self link names only the parameters applied; Prefer: handling=strict refuses the
// others and a modifier is always refused; each added parameter filters, sorts or cuts as FHIR
// defines it; Patient search shows only the patients the caller may read (audited); resources
// carry meta.versionId/lastUpdated, reads a weak ETag and Last-Modified, and conditional reads
// answer 304; a wrong method or an XML request is an OperationOutcome (405, 406). Every resource
// validates with both outside validators (test/support/fhir.ts).
// PostgreSQL pass: FHIR search is hand-written SQL (lib/fhir/service.ts).
// Own server: FRONTEND_URL is its own origin (the bundles' links), and the admin's searches count every patient.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Bundle, Observation, OperationOutcome, Patient, Resource } from "@medplum/fhirtypes";
import { dexterityBody, painBody, romBody } from "@/lib/assessments/examples";
import { assertValidFhir } from "@/test/support/fhir";
import { apiClient } from "@/test/support/http";
import { startIdentityProvider, uniqueSub, type IdentityProvider } from "@/test/support/identity-provider";
import { ownOriginEnv, startServer, type TestServer } from "@/test/support/server";

let idp: IdentityProvider;
let server: TestServer;
let api: ReturnType<typeof apiClient>;
let adminToken: string;
let clinicianToken: string;
const clinicianSub = uniqueSub("clinician");
let alice: { id: number; token: string };
let alan: { id: number; token: string };
const ids: Record<string, string> = {};
/** Meta.lastUpdated of the newest of Alice's resources before the claim. */
let beforeClaim: string;

async function ok<T = any>(response: Promise<{ status: number; body: T }>, status = 200): Promise<T> {
  const answer = await response;
  assert.equal(answer.status, status, JSON.stringify(answer.body));
  return answer.body;
}

/** A record or report made: 201, or 200 where the route answers that. */
async function made(response: Promise<{ status: number; body: any }>) {
  const answer = await response;
  assert.ok(answer.status === 200 || answer.status === 201, JSON.stringify(answer.body));
  return answer.body;
}

async function newPatient(name: string) {
  const token = await idp.token({ sub: uniqueSub("patient"), roles: ["patient"], name });
  return { id: (await ok(api.get("/patients/me", { token }))).id as number, token };
}

/** A FHIR GET; `prefer` sets the Prefer header. */
function fhir<T = any>(path: string, token: string | undefined, headers: Record<string, string> = {}) {
  return api.get<T>(`/fhir${path}`, { token, headers: { accept: "application/fhir+json", ...headers } });
}

const entries = <T extends Resource>(bundle: Bundle) => (bundle.entry ?? []).map((entry) => entry.resource as T);
const selfOf = (bundle: Bundle) => new URL(bundle.link!.find((link) => link.relation === "self")!.url);
const codeOf = (observation: Observation) => observation.code.coding!.at(-1)!.code;

async function search(path: string, token = clinicianToken): Promise<Bundle> {
  const bundle = await ok<Bundle>(fhir(path, token));
  assertValidFhir(bundle, path);
  return bundle;
}

async function outcome(path: string, status: number, headers: Record<string, string> = {}, token = clinicianToken) {
  const response = await fhir<OperationOutcome>(path, token, headers);
  assert.equal(response.status, status, `${path}: ${JSON.stringify(response.body)}`);
  assert.equal(response.body.resourceType, "OperationOutcome");
  assertValidFhir(response.body, `${path} → ${status}`);
  return response.body.issue[0]!;
}

before(async () => {
  idp = await startIdentityProvider();
  server = await startServer({ env: { ...idp.env, ...(await ownOriginEnv()), PATIENT_ACCESS: "care-team" } });
  api = apiClient(server.origin);
  adminToken = await idp.token({ sub: uniqueSub("admin"), roles: ["admin"] });
  clinicianToken = await idp.token({ sub: clinicianSub, roles: ["care_provider"], name: "Dr Search" });
  const clinic = await ok(api.post("/clinics", { name: "Search Clinic" }, { token: adminToken }), 201);
  await ok(api.post(`/clinics/${clinic.id}/members`, { sub: clinicianSub, role: "clinician" }, { token: adminToken }), 201);
  alice = await newPatient("Alice Quartz");
  alan = await newPatient("Alan Quartz");
  await ok(api.post("/me/clinics", { joinCode: clinic.joinCode }, { token: alice.token }), 201);

  // Submitted anonymously first, claimed by Alice last: the oldest record, the newest change.
  const thumbSnapshot = { overallScore: 70, wristScore: 60, fingerScore: 75, extensionDeg: 40, flexionDeg: 50, lightingQuality: "GOOD" };
  const anonymous = await made(api.post("/lookup/anonymous", { assessmentType: "THUMB", hand: "LEFT", resultSnapshot: thumbSnapshot }));
  const codes: string[] = [];
  for (const [name, path, body] of [
    ["rom", "/assessments/rom", romBody],
    ["dexterity", "/assessments/dexterity", dexterityBody],
    ["pain", "/assessments/pain-v2", painBody],
  ] as const) {
    const created = await made(api.post(path, body, { token: alice.token }));
    ids[name] = String(created.id);
    codes.push(created.code);
  }
  await ok(api.post("/reports", { title: "Quartz", assessmentCodes: codes }, { token: alice.token }));
  const everything = await search(`/Patient/${alice.id}/$everything`);
  beforeClaim = entries(everything)
    .map((resource) => resource.meta!.lastUpdated!)
    .sort()
    .at(-1)!;
  await ok(api.post(`/lookup/${anonymous.code}/claim`, {}, { token: alice.token }));
  ids.claimed = String((await ok(api.get(`/assessments/${anonymous.code}/results`))).id);
});
after(async () => {
  await server?.stop();
  await idp?.close();
});

describe("search says what it did", () => {
  test("lenient (the default): an unknown parameter is ignored and left out of self; the applied ones stay", async () => {
    const bundle = await search(`/Observation?patient=${alice.id}&code=rom&foo=bar&_format=json`);
    assert.equal(bundle.total, 1);
    const self = selfOf(bundle);
    assert.deepEqual([...self.searchParams.keys()], ["patient", "code"]);
    assert.equal(self.origin, server.origin);
  });

  test("Prefer: handling=strict: an unknown parameter is a 400 OperationOutcome naming it", async () => {
    const issue = await outcome(`/Observation?patient=${alice.id}&foo=bar`, 400, { prefer: "handling=strict" });
    assert.deepEqual([issue.code, issue.expression], ["invalid", ["foo"]]);
    await outcome(`/Patient/${alice.id}/$everything?_include=Observation:subject`, 400, { prefer: "handling=strict" });
    assert.equal((await search(`/Observation?patient=${alice.id}&_count=1`)).entry!.length, 1, "known parameters pass");
  });

  test("an unsupported modifier is a 400 naming it, strict or not", async () => {
    for (const prefer of [{}, { prefer: "handling=strict" }, { prefer: "handling=lenient" }] as Record<string, string>[]) {
      const issue = await outcome(`/Observation?patient=${alice.id}&code:text=pain`, 400, prefer);
      assert.deepEqual(issue.expression, ["code:text"]);
    }
    assert.deepEqual((await outcome(`/Patient?name:exact=Alice`, 400)).expression, ["name:exact"]);
  });
});

describe("search parameters", () => {
  const observationCodes = async (query: string) =>
    entries<Observation>(await search(`/Observation?patient=${alice.id}&${query}`)).map(codeOf);

  test("category: exam or survey, with or without its system", async () => {
    assert.deepEqual(await observationCodes("category=survey"), ["pain"]);
    assert.deepEqual((await observationCodes("category=exam")).sort(), ["dexterity", "rom", "thumb"]);
    const system = "http://terminology.hl7.org/CodeSystem/observation-category";
    assert.deepEqual(await observationCodes(`category=${encodeURIComponent(`${system}|survey`)}&code=rom`), []);
  });

  test("_id: one record or several; another patient's id matches nothing", async () => {
    assert.deepEqual(await observationCodes(`_id=${ids.pain}`), ["pain"]);
    assert.deepEqual((await observationCodes(`_id=${ids.pain},${ids.rom}`)).sort(), ["pain", "rom"]);
    const alansRom = (await made(api.post("/assessments/rom", romBody, { token: alan.token }))).id;
    assert.deepEqual(await observationCodes(`_id=${alansRom}`), []);
  });

  test("_lastUpdated: a claim is the record's last change, so only the claimed record changed after the rest", async () => {
    const claimed = await ok<Observation>(fhir(`/Observation/${ids.claimed}`, clinicianToken));
    assert.ok(claimed.meta!.lastUpdated! > claimed.effectiveDateTime!, "claimed after it was made");
    const after = await search(`/Observation?patient=${alice.id}&_lastUpdated=gt${encodeURIComponent(beforeClaim)}`);
    assert.deepEqual(
      entries(after).map((r) => r.id),
      [ids.claimed],
    );
    const before = await search(`/Observation?patient=${alice.id}&_lastUpdated=le${encodeURIComponent(beforeClaim)}`);
    assert.equal(before.total, 3);
    await outcome(`/Observation?patient=${alice.id}&_lastUpdated=sa2024`, 400);
  });

  test("_summary=count: the total alone, and it is in self; another _summary value is a 400", async () => {
    const counted = await search(`/Observation?patient=${alice.id}&_summary=count`);
    assert.deepEqual([counted.total, counted.entry], [4, undefined]);
    assert.equal(selfOf(counted).searchParams.get("_summary"), "count");
    assert.deepEqual((await outcome(`/Observation?patient=${alice.id}&_summary=text`, 400)).expression, ["_summary"]);
  });

  test("_elements: only the elements asked for, with id, meta and the mandatory ones, tagged SUBSETTED; still valid", async () => {
    const bundle = await search(`/Observation?patient=${alice.id}&_elements=bodySite`);
    for (const observation of entries<Observation>(bundle)) {
      assertValidFhir(observation);
      assert.deepEqual(Object.keys(observation).sort(), ["bodySite", "code", "id", "meta", "resourceType", "status"]);
      assert.equal(observation.meta!.tag![0]!.code, "SUBSETTED");
    }
    await outcome(`/Observation?patient=${alice.id}&_elements=a.b`, 400);
  });

  test("_sort: -date newest first (the default), date oldest first; another sort is a 400", async () => {
    const newest = entries(await search(`/Observation?patient=${alice.id}&_sort=-date`)).map((r) => r.id);
    const oldest = entries(await search(`/Observation?patient=${alice.id}&_sort=date`)).map((r) => r.id);
    assert.deepEqual(oldest, [...newest].reverse());
    assert.equal(oldest[0], ids.claimed, "the anonymous record was made first");
    assert.deepEqual((await outcome(`/Observation?patient=${alice.id}&_sort=code`, 400)).expression, ["_sort"]);
  });

  test("DiagnosticReport: _id, _lastUpdated, _summary=count and _elements", async () => {
    const [report] = entries(await search(`/DiagnosticReport?patient=${alice.id}`));
    assert.equal((await search(`/DiagnosticReport?patient=${alice.id}&_id=${report!.id}`)).total, 1);
    assert.equal((await search(`/DiagnosticReport?patient=${alice.id}&_id=${Number(report!.id) + 1000}`)).total, 0);
    const since = encodeURIComponent(beforeClaim);
    assert.equal((await search(`/DiagnosticReport?patient=${alice.id}&_lastUpdated=le${since}`)).total, 1);
    assert.equal((await search(`/DiagnosticReport?patient=${alice.id}&_lastUpdated=gt${since}`)).total, 0, "no claim touched it");
    const counted = await search(`/DiagnosticReport?patient=${alice.id}&_summary=count`);
    assert.deepEqual([counted.total, counted.entry], [1, undefined]);
    const [cut] = entries(await search(`/DiagnosticReport?patient=${alice.id}&_elements=presentedForm`));
    assert.deepEqual(Object.keys(cut!).sort(), ["code", "id", "meta", "presentedForm", "resourceType", "status"]);
  });

  test("Patient by identifier: the service's system and the id; another system names nobody", async () => {
    const patient = await ok<Patient>(fhir(`/Patient/${alice.id}`, alice.token));
    const [identifier] = patient.identifier!;
    assert.deepEqual(identifier, { use: "usual", system: `${server.origin}/fhir/patient-id`, value: String(alice.id) });
    const token = encodeURIComponent(`${identifier!.system}|${alice.id}`);
    assert.deepEqual(
      entries(await search(`/Patient?identifier=${token}`)).map((r) => r.id),
      [String(alice.id)],
    );
    assert.equal((await search(`/Patient?identifier=${String(alice.id)}`)).total, 1);
    assert.equal((await search(`/Patient?identifier=${encodeURIComponent(`urn:other|${alice.id}`)}`)).total, 0);
  });

  test("Patient by name: a care-team clinician finds only the patients sharing with their clinics, each audited", async () => {
    const names = async (token: string) =>
      entries<Patient>(await search(`/Patient?name=quar`, token))
        .map((p) => p.name![0]!.text)
        .sort();
    assert.deepEqual(await names(clinicianToken), ["Alice Quartz"]);
    assert.deepEqual(await names(adminToken), ["Alan Quartz", "Alice Quartz"]);
    assert.deepEqual(await names(alan.token), ["Alan Quartz"], "a patient finds only themselves");
    assert.equal((await search(`/Patient?name=uartz`)).total, 0, "a name matches from the start of a word");
    const { status } = await fhir(`/Patient?name=quar`, undefined);
    assert.equal(status, 401);
    const audit = await ok(api.get(`/admin/audit?actor=${encodeURIComponent(clinicianSub)}&limit=200`, { token: adminToken }));
    const searches = audit.events.filter((e: { action: string }) => e.action === "fhir_search_patients");
    assert.ok(searches.length > 0 && searches.every((e: { patientId: number }) => e.patientId === alice.id));
  });

  test("$everything: _type keeps the types named, _since the resources changed since then", async () => {
    const types = async (query: string) => entries(await search(`/Patient/${alice.id}/$everything?${query}`)).map((r) => r.resourceType);
    assert.deepEqual(await types("_type=Observation"), Array(4).fill("Observation"));
    assert.deepEqual(await types("_type=Patient,DiagnosticReport"), ["Patient", "DiagnosticReport"]);
    const since = encodeURIComponent(new Date(Date.parse(beforeClaim) + 1).toISOString());
    const changed = await search(`/Patient/${alice.id}/$everything?_since=${since}`);
    assert.deepEqual(
      entries(changed).map((r) => `${r.resourceType}/${r.id}`),
      [`Observation/${ids.claimed}`],
    );
    assert.deepEqual([...selfOf(changed).searchParams.keys()], ["_since"]);
    await outcome(`/Patient/${alice.id}/$everything?_since=ge2024-01-01`, 400);
  });
});

describe("versions and conditional reads", () => {
  test("every resource carries meta.versionId and meta.lastUpdated; a read answers a weak ETag and Last-Modified", async () => {
    const [report] = entries(await search(`/DiagnosticReport?patient=${alice.id}`));
    for (const path of [`/Patient/${alice.id}`, `/Observation/${ids.rom}`, `/DiagnosticReport/${report!.id}`]) {
      const response = await fhir<Resource>(path, clinicianToken);
      const { versionId, lastUpdated } = response.body.meta!;
      assert.equal(response.headers.get("etag"), `W/"${versionId}"`);
      assert.equal(response.headers.get("last-modified"), new Date(lastUpdated!).toUTCString());
      assertValidFhir(response.body);
    }
  });

  test("If-None-Match and If-Modified-Since: 304 without a body while unchanged, 200 once the profile changes; 304s are audited", async () => {
    const path = `/Patient/${alice.id}`;
    const first = await fhir<Patient>(path, clinicianToken);
    const etag = first.headers.get("etag")!;
    const lastModified = first.headers.get("last-modified")!;
    const auditRows = async () =>
      (await ok(api.get(`/admin/audit?patientId=${alice.id}&actor=${encodeURIComponent(clinicianSub)}&limit=200`, { token: adminToken })))
        .total as number;
    const rowsBefore = await auditRows();
    const unchanged = await fhir(path, clinicianToken, { "if-none-match": etag });
    assert.deepEqual([unchanged.status, unchanged.body], [304, ""]);
    assert.equal(unchanged.headers.get("etag"), etag);
    assert.equal((await fhir(path, clinicianToken, { "if-modified-since": lastModified })).status, 304);
    assert.equal((await fhir(path, clinicianToken, { "if-none-match": 'W/"1"' })).status, 200);
    assert.equal(
      (await fhir(path, clinicianToken, { "if-modified-since": new Date(Date.parse(lastModified) - 1000).toUTCString() })).status,
      200,
    );
    assert.equal(await auditRows(), rowsBefore + 4, "a 304 is a read of the record: audited like a 200");

    await ok(api.patch("/patients/me", { dateOfBirth: "1971-02-03" }, { token: alice.token }));
    const changed = await fhir<Patient>(path, clinicianToken, { "if-none-match": etag });
    assert.equal(changed.status, 200);
    assert.equal(changed.body.birthDate, "1971-02-03");
    assert.notEqual(changed.headers.get("etag"), etag);
    assert.ok(changed.body.meta!.lastUpdated! > first.body.meta!.lastUpdated!);
  });

  test("If-None-Match: * is a 304; two changes within one second are two versions, told apart by If-None-Match", async () => {
    const path = `/Patient/${alice.id}`;
    const star = await fhir(path, clinicianToken, { "if-none-match": "*" });
    assert.deepEqual([star.status, star.body], [304, ""]);
    // HTTP dates have whole seconds: tried until both changes land within one (a slow machine may cross one).
    for (let attempt = 0; attempt < 5; attempt++) {
      await ok(api.patch("/patients/me", { dateOfBirth: `1972-01-${String(2 * attempt + 1).padStart(2, "0")}` }, { token: alice.token }));
      const one = await fhir<Patient>(path, clinicianToken);
      await ok(api.patch("/patients/me", { dateOfBirth: `1972-01-${String(2 * attempt + 2).padStart(2, "0")}` }, { token: alice.token }));
      const two = await fhir<Patient>(path, clinicianToken);
      if (one.headers.get("last-modified") !== two.headers.get("last-modified")) continue;
      assert.notEqual(two.body.meta!.versionId, one.body.meta!.versionId);
      assert.notEqual(two.headers.get("etag"), one.headers.get("etag"));
      assert.equal(
        (await fhir(path, clinicianToken, { "if-none-match": one.headers.get("etag")! })).status,
        200,
        "the first version is stale",
      );
      assert.equal((await fhir(path, clinicianToken, { "if-none-match": two.headers.get("etag")! })).status, 304);
      return;
    }
    assert.fail("no two changes landed within one second in five attempts");
  });

  test("another patient's record is a 404 whatever the conditional headers say", async () => {
    const { headers } = await fhir(`/Observation/${ids.rom}`, alice.token);
    const issue = await outcome(`/Observation/${ids.rom}`, 404, { "if-none-match": headers.get("etag")! }, alan.token);
    assert.equal(issue.code, "not-found");
  });
});

describe("FHIR-shaped errors", () => {
  test("a method the path does not take is a 405 OperationOutcome with Allow", async () => {
    for (const [method, path] of [
      ["POST", "/fhir/Observation"],
      ["DELETE", `/fhir/Patient/${alice.id}`],
      ["PUT", "/fhir/Condition/1"],
    ]) {
      // contract: a method the path does not take is no documented operation
      const response = await fetch(`${server.origin}/api${path}`, {
        method,
        headers: { authorization: `Bearer ${clinicianToken}`, "content-type": "application/fhir+json" },
        body: method === "DELETE" ? undefined : "{}",
      });
      assert.equal(response.status, 405, `${method} ${path}`);
      assert.match(response.headers.get("content-type")!, /^application\/fhir\+json/);
      assert.match(response.headers.get("allow")!, /GET/);
      const body = (await response.json()) as OperationOutcome;
      assert.deepEqual([body.resourceType, body.issue[0]!.code], ["OperationOutcome", "not-supported"]);
      assertValidFhir(body);
    }
  });

  test("_format=xml and an Accept of XML only are 406 OperationOutcomes; XML with JSON as a fallback gets JSON", async () => {
    assert.equal((await outcome(`/Patient/${alice.id}?_format=xml`, 406)).code, "not-supported");
    await outcome(`/Observation?patient=${alice.id}&_format=application/fhir%2Bxml`, 406);
    await outcome(`/metadata`, 406, { accept: "application/fhir+xml" });
    const both = await fhir(`/Patient/${alice.id}`, clinicianToken, { accept: "application/fhir+xml, application/fhir+json;q=0.9" });
    assert.equal(both.status, 200);
  });
});
