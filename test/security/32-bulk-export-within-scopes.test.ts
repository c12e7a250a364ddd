// Issue 38, item 1: $export ignored SMART scopes and the patient context. A patient/Observation.rs
// token (403 on a Patient read) exported the Patient and DiagnosticReport files; a system/*.rs
// scope on a user's own token (which grants nothing on a read) exported that user's record; a
// token whose patient context names someone else exported the caller's own record; a clinician's
// user/Observation.rs token got an empty export. The kick-off now refuses a type the token cannot
// search (403 insufficient_scope), defaults _type to the types it can, and each file holds the
// patients a FHIR search of its type would: the same rule as the reads.
// Own server: FRONTEND_URL is its own origin (the export's links), and a system export reads every patient.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { romBody } from "@/lib/assessments/examples";
import { careTeam } from "@/test/support/care-team";
import { apiClient, checked } from "@/test/support/http";
import { startIdentityProvider, uniqueSub, type IdentityProvider } from "@/test/support/identity-provider";
import { ownOriginEnv, startServer, type TestServer } from "@/test/support/server";

const ASYNC = { prefer: "respond-async", accept: "application/fhir+json" };
const EVERY_TYPE = (level: string) => `${level}/${"*"}.rs`;

let idp: IdentityProvider;
let server: TestServer;
let api: ReturnType<typeof apiClient>;
let alice: { id: number; sub: string };
let bob: { id: number; sub: string };
let clinicId: number;
const clinicianSub = uniqueSub("clinician");

async function newPatient(): Promise<{ id: number; sub: string; token: string }> {
  const sub = uniqueSub("patient");
  const token = await idp.token({ sub, roles: ["patient"] });
  const me = await api.get("/patients/me", { token });
  assert.equal(me.status, 200);
  assert.equal((await api.post("/assessments/rom", romBody, { token })).status, 201);
  return { id: me.body.id, sub, token };
}

/** Kick-off, poll to the manifest, download: the subjects of each file's resources, by type. */
async function exported(path: string, token: string): Promise<Record<string, number[]>> {
  const kickOff = await api.get(`/fhir${path}`, { token, headers: ASYNC });
  assert.equal(kickOff.status, 202, `${path}: ${JSON.stringify(kickOff.body)}`);
  const status = kickOff.headers.get("content-location")!;
  for (let attempt = 0; attempt < 600; attempt++) {
    const response = await fetch(status, { headers: { authorization: `Bearer ${token}` } });
    await checked(server.origin, "GET", new URL(status).pathname.replace(/^\/api/, ""), response.clone());
    if (response.status === 202) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      continue;
    }
    assert.equal(response.status, 200);
    const manifest = (await response.json()) as { output: { type: string; url: string }[] };
    const byType: Record<string, number[]> = {};
    for (const file of manifest.output) {
      const download = await fetch(file.url, { headers: { authorization: `Bearer ${token}` } });
      const text = (await checked<string>(server.origin, "GET", new URL(file.url).pathname.replace(/^\/api/, ""), download)).body;
      const resources = text
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { id: string; subject?: { reference: string } });
      const patients = resources.map((resource) => Number(resource.subject ? resource.subject.reference.split("/")[1] : resource.id));
      byType[file.type] = [...new Set([...(byType[file.type] ?? []), ...patients])].sort();
    }
    return byType;
  }
  assert.fail(`${status} still running`);
}

async function refused(path: string, token: string) {
  const response = await api.get(`/fhir${path}`, { token, headers: ASYNC });
  assert.equal(response.status, 403, `${path}: ${JSON.stringify(response.body)}`);
  assert.equal(response.body.resourceType, "OperationOutcome");
  return response;
}

before(async () => {
  idp = await startIdentityProvider();
  server = await startServer({ env: { ...idp.env, ...(await ownOriginEnv()), PATIENT_ACCESS: "care-team" } });
  api = apiClient(server.origin);
  const [a, b] = [await newPatient(), await newPatient()];
  [alice, bob] = [a, b];
  const team = await careTeam(api, idp, [clinicianSub]);
  clinicId = team.clinicId;
  await team.share(a.token);
});
after(async () => {
  await server?.stop();
  await idp?.close();
});

test("patient/Observation.rs exports the context patient's Observations only; asking for Patient is a 403 insufficient_scope", async () => {
  const token = await idp.token({ sub: alice.sub, roles: ["patient"], claims: { scope: "patient/Observation.rs", patient: alice.id } });
  assert.equal((await api.get(`/fhir/Patient/${alice.id}`, { token, headers: ASYNC })).status, 403, "the read is refused");
  assert.deepEqual(await exported("/Patient/$export", token), { Observation: [alice.id] });
  for (const path of ["/Patient/$export?_type=Patient", "/Patient/$export?_type=Observation,DiagnosticReport"]) {
    const response = await refused(path, token);
    assert.match(response.headers.get("www-authenticate") ?? "", /error="insufficient_scope"/, path);
  }
});

test("system/*.rs on a user's own token grants nothing, as on a read: every kick-off is a 403", async () => {
  const token = await idp.token({ sub: alice.sub, roles: ["patient"], claims: { scope: EVERY_TYPE("system") } });
  assert.equal((await api.get(`/fhir/Patient/${alice.id}`, { token, headers: ASYNC })).status, 403, "the read is refused");
  for (const path of ["/Patient/$export", "/$export", `/Group/${clinicId}/$export`]) await refused(path, token);
});

test("a patient context naming someone else exports neither them nor the caller's own record", async () => {
  const token = await idp.token({ sub: alice.sub, roles: ["patient"], claims: { scope: EVERY_TYPE("patient"), patient: bob.id } });
  assert.equal((await api.get(`/fhir/Patient/${alice.id}`, { token, headers: ASYNC })).status, 404, "the read finds nobody");
  assert.deepEqual(await exported("/Patient/$export", token), {});
  const own = await idp.token({ sub: alice.sub, roles: ["patient"], claims: { scope: EVERY_TYPE("patient"), patient: alice.id } });
  assert.deepEqual(await exported("/Patient/$export?_type=Patient,Observation", own), { Patient: [alice.id], Observation: [alice.id] });
});

test("a clinician's user/Observation.rs exports the clinic's patients' Observations, at Patient and Group level", async () => {
  const token = await idp.token({ sub: clinicianSub, roles: ["care_provider"], claims: { scope: "user/Observation.rs" } });
  assert.deepEqual(await exported("/Patient/$export", token), { Observation: [alice.id] });
  assert.deepEqual(await exported(`/Group/${clinicId}/$export`, token), { Observation: [alice.id] });
  await refused("/Patient/$export?_type=Patient", token);
  await refused("/$export?_type=Observation", token);
});
