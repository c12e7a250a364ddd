// Issue 38, item 7: FHIR details. A Patient search returned the caller's own record past a
// patient/ token's context (the same token gets 404 on that Patient); scopes_supported omitted
// the Binary scope a report's PDF needs; a backend system/*.rs token got 404 on the Organization
// whose Group it exports; _count=1001 was applied as 1000 but self said 1001; _format=html and
// fhirVersion=3.0 were answered with 200 JSON.
// Own server: FRONTEND_URL is its own origin: the bundles' links are asserted.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { careTeam } from "@/test/support/care-team";
import { apiClient } from "@/test/support/http";
import { startIdentityProvider, uniqueSub, type IdentityProvider } from "@/test/support/identity-provider";
import { ownOriginEnv, startServer, type TestServer } from "@/test/support/server";

const FHIR_JSON = { accept: "application/fhir+json" };

let idp: IdentityProvider;
let server: TestServer;
let api: ReturnType<typeof apiClient>;
let alice: { id: number; sub: string; token: string };
let bob: { id: number };
let clinicId: number;

async function newPatient() {
  const sub = uniqueSub("patient");
  const token = await idp.token({ sub, roles: ["patient"] });
  const me = await api.get("/patients/me", { token });
  assert.equal(me.status, 200);
  return { id: me.body.id as number, sub, token };
}

before(async () => {
  idp = await startIdentityProvider();
  server = await startServer({ env: { ...idp.env, ...(await ownOriginEnv()), PATIENT_ACCESS: "care-team" } });
  api = apiClient(server.origin);
  alice = await newPatient();
  bob = await newPatient();
  const team = await careTeam(api, idp, []);
  clinicId = team.clinicId;
  await team.share(alice.token);
});
after(async () => {
  await server?.stop();
  await idp?.close();
});

test("a Patient search honours a patient/ token's context as the read does: not the caller's own record", async () => {
  const token = await idp.token({ sub: alice.sub, roles: ["patient"], claims: { scope: `patient/${"*"}.rs`, patient: bob.id } });
  assert.equal((await api.get(`/fhir/Patient/${alice.id}`, { token, headers: FHIR_JSON })).status, 404);
  const search = await api.get("/fhir/Patient", { token, headers: FHIR_JSON });
  assert.equal(search.status, 200);
  assert.equal(search.body.total, 0, JSON.stringify(search.body.entry ?? []));
  const own = await idp.token({ sub: alice.sub, roles: ["patient"], claims: { scope: `patient/${"*"}.rs`, patient: alice.id } });
  const found = await api.get("/fhir/Patient", { token: own, headers: FHIR_JSON });
  assert.deepEqual(
    found.body.entry.map((entry: { resource: { id: string } }) => Number(entry.resource.id)),
    [alice.id],
  );
});

test("scopes_supported lists the Binary read scope that opening a report's PDF needs", async () => {
  const configuration = await api.get("/fhir/.well-known/smart-configuration");
  assert.equal(configuration.status, 200);
  for (const level of ["patient", "user", "system"]) {
    assert.ok(configuration.body.scopes_supported.includes(`${level}/Binary.r`), `${level}/Binary.r`);
  }
});

test("a backend system/*.rs token reads the Organization whose Group it may export", async () => {
  const backend = await idp.token({
    sub: "backend-client@clients",
    roles: [],
    claims: { scope: `system/${"*"}.rs`, gty: "client-credentials" },
  });
  const organization = await api.get(`/fhir/Organization/${clinicId}`, { token: backend, headers: FHIR_JSON });
  assert.equal(organization.status, 200, JSON.stringify(organization.body));
  assert.equal(organization.body.id, String(clinicId));
  assert.equal((await api.get("/fhir/Organization/999999", { token: backend, headers: FHIR_JSON })).status, 404);
  const userToken = await idp.token({ sub: alice.sub, roles: ["patient"], claims: { scope: `system/${"*"}.rs` } });
  assert.notEqual((await api.get(`/fhir/Organization/${clinicId}`, { token: userToken, headers: FHIR_JSON })).status, 200);
});

test("_count over 1000 is applied as 1000 and the self link says 1000", async () => {
  const search = await api.get(`/fhir/Observation?patient=${alice.id}&_count=1001`, { token: alice.token, headers: FHIR_JSON });
  assert.equal(search.status, 200);
  const self = new URL(search.body.link.find((link: { relation: string }) => link.relation === "self").url);
  assert.equal(self.searchParams.get("_count"), "1000");
});

test("_format=html and fhirVersion=3.0 (in _format or Accept) are 406 OperationOutcomes, not JSON", async () => {
  for (const [path, headers] of [
    [`/fhir/Patient/${alice.id}?_format=html`, FHIR_JSON],
    [`/fhir/Patient/${alice.id}?_format=text/html`, FHIR_JSON],
    [`/fhir/Patient/${alice.id}?_format=application/fhir%2Bjson;fhirVersion=3.0`, FHIR_JSON],
    [`/fhir/Patient/${alice.id}`, { accept: "application/fhir+json; fhirVersion=3.0" }],
    [`/fhir/Patient/${alice.id}`, { accept: "text/html" }],
  ] as const) {
    const response = await api.get(path, { token: alice.token, headers });
    assert.equal(response.status, 406, `${path} ${JSON.stringify(headers)}`);
    assert.equal(response.body.resourceType, "OperationOutcome");
  }
  const r4 = await api.get(`/fhir/Patient/${alice.id}`, {
    token: alice.token,
    headers: { accept: "application/fhir+json; fhirVersion=4.0" },
  });
  assert.equal(r4.status, 200);
});
