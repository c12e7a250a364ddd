// The isolation the access rule cannot give: once a caller may open a patient, the queries behind
// the route decide whose rows come back. Each test runs beside two neighbours (test/support/
// neighbours.ts), one in the same clinic and one in another, and checks their rows are neither in
// the answer nor changed in the database. ROUTES walks every patient-scoped route of the access
// matrix (test/docs/neighbours.test.ts fails for one no test here requests).
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { romBody } from "@/lib/assessments/examples";
import { careTeam, type CareTeam } from "@/test/support/care-team";
import { apiClient } from "@/test/support/http";
import { uniqueSub, type IdentityProvider } from "@/test/support/identity-provider";
import { seedNeighbours, type Neighbours } from "@/test/support/neighbours";
import { sharedServerWithIdp, type SharedServer } from "@/test/support/shared-server";

let idp: IdentityProvider;
let server: SharedServer;
let api: ReturnType<typeof apiClient>;
let team: CareTeam;
let neighbours: Neighbours;
let clinician: string;

before(async () => {
  ({ server, idp } = await sharedServerWithIdp());
  api = apiClient(server.origin);
  const clinicianSub = uniqueSub("clinician");
  clinician = await idp.token({ sub: clinicianSub, roles: ["care_provider"] });
  team = await careTeam(api, idp, [clinicianSub]);
  neighbours = await seedNeighbours(api, idp, team, clinician);
});
after(async () => {
  await server?.stop();
  await idp?.close();
});

interface Patient {
  id: number;
  token: string;
  code: string;
  assessment: number;
  journalEntry: number;
  report: number;
}

async function patient(): Promise<Patient> {
  const sub = uniqueSub("patient");
  const token = await idp.token({ sub, roles: ["patient"], name: "Patient Under Test", email: `${sub.replace(/\W/g, "-")}@example.com` });
  const made = await api.post("/assessments/rom", romBody, { token });
  assert.equal(made.status, 201);
  await team.share(token);
  const id = (await api.get("/patients/me", { token })).body.id as number;
  const entry = await api.post("/journal", { patientId: id, entryType: "AD_HOC_CHECK_IN", transcript: "Stiff today." }, { token });
  assert.equal(entry.status, 201, JSON.stringify(entry.body));
  assert.equal((await api.post("/reports", { title: "My hand", assessmentCodes: [made.body.code] }, { token })).status, 200);
  const reports = await api.get(`/fhir/DiagnosticReport?patient=${id}`, { token });
  const assessments = await api.get("/patients/me/assessments", { token });
  return {
    id,
    token,
    code: made.body.code,
    assessment: assessments.body.assessments[0].id,
    journalEntry: entry.body.id,
    report: Number(reports.body.entry[0].resource.id),
  };
}

/** Each patient-scoped route of the access matrix, as the patient's clinician calls it. */
const ROUTES: Record<string, { request: (pat: Patient) => { path: string; body?: unknown }; ok?: number }> = {
  "GET /patients/{id}": { request: (pat) => ({ path: `/patients/${pat.id}` }) },
  "GET /patients/{id}/scores": { request: (pat) => ({ path: `/patients/${pat.id}/scores` }) },
  "GET /patients/{id}/assessments": { request: (pat) => ({ path: `/patients/${pat.id}/assessments` }) },
  "GET /patients/{id}/journal": { request: (pat) => ({ path: `/patients/${pat.id}/journal` }) },
  "POST /patients/{id}/review": { request: (pat) => ({ path: `/patients/${pat.id}/review` }) },
  "GET /patients/{id}/narrative-summary": { request: (pat) => ({ path: `/patients/${pat.id}/narrative-summary` }) },
  "GET /journal": { request: (pat) => ({ path: `/journal?patientId=${pat.id}` }) },
  "POST /journal": {
    request: (pat) => ({ path: "/journal", body: { patientId: pat.id, entryType: "AD_HOC_CHECK_IN", transcript: "Seen today." } }),
    ok: 201,
  },
  "GET /journal/{id}": { request: (pat) => ({ path: `/journal/${pat.journalEntry}` }) },
  "GET /journal/narrative-context/{patientId}": { request: (pat) => ({ path: `/journal/narrative-context/${pat.id}` }) },
  "GET /assessments/{id}/results": { request: (pat) => ({ path: `/assessments/${pat.assessment}/results` }) },
  "GET /patients/{id}/export": { request: (pat) => ({ path: `/patients/${pat.id}/export` }) },
  "GET /patients/{id}/export/pdf": { request: (pat) => ({ path: `/patients/${pat.id}/export/pdf` }) },
  "GET /patients/{id}/goals": { request: (pat) => ({ path: `/patients/${pat.id}/goals` }) },
  "PUT /patients/{id}/goals": {
    request: (pat) => ({ path: `/patients/${pat.id}/goals`, body: { test: "ROM", metric: "extensionDeg", target: 60 } }),
  },
  "DELETE /patients/{id}/goals/{test}/{metric}": { request: (pat) => ({ path: `/patients/${pat.id}/goals/ROM/extensionDeg` }), ok: 204 },
  "POST /patients/{id}/reports": {
    request: (pat) => ({ path: `/patients/${pat.id}/reports`, body: { assessmentIds: [pat.assessment] } }),
    ok: 201,
  },
  "GET /patients/{id}/notes": { request: (pat) => ({ path: `/patients/${pat.id}/notes` }) },
  "POST /patients/{id}/notes": { request: (pat) => ({ path: `/patients/${pat.id}/notes`, body: { text: "Reviewed." } }), ok: 201 },
  "GET /patients/{id}/reminders": { request: (pat) => ({ path: `/patients/${pat.id}/reminders` }) },
  "PUT /patients/{id}/reminders": { request: (pat) => ({ path: `/patients/${pat.id}/reminders`, body: { intervalWeeks: 4 } }) },
  "DELETE /patients/{id}/reminders": { request: (pat) => ({ path: `/patients/${pat.id}/reminders` }) },
  "GET /fhir/Patient/{id}": { request: (pat) => ({ path: `/fhir/Patient/${pat.id}` }) },
  "GET /fhir/Patient/{id}/$everything": { request: (pat) => ({ path: `/fhir/Patient/${pat.id}/$everything` }) },
  "GET /fhir/Observation": { request: (pat) => ({ path: `/fhir/Observation?patient=${pat.id}` }) },
  "GET /fhir/Observation/{id}": { request: (pat) => ({ path: `/fhir/Observation/${pat.assessment}` }) },
  "GET /fhir/DiagnosticReport": { request: (pat) => ({ path: `/fhir/DiagnosticReport?patient=${pat.id}` }) },
  "GET /fhir/DiagnosticReport/{id}": { request: (pat) => ({ path: `/fhir/DiagnosticReport/${pat.report}` }) },
  "GET /fhir/Binary/{id}": { request: (pat) => ({ path: `/fhir/Binary/${pat.report}` }) },
};

for (const [route, spec] of Object.entries(ROUTES)) {
  test(`${route}: none of the neighbours' rows in the answer, theirs unchanged afterwards`, async () => {
    const pat = await patient();
    const { path, body } = spec.request(pat);
    const answer = await api.request(route.split(" ")[0]!, path, body, { token: clinician });
    assert.equal(answer.status, spec.ok ?? 200, JSON.stringify(answer.body));
    neighbours.absent(typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body ?? null), route);
    await neighbours.untouched();
  });
}

test("a patient who stops sharing with a clinic ends only their own share: the neighbours' shares and data stay", async () => {
  const pat = await patient();
  assert.equal((await api.request("DELETE", `/me/clinics/${team.clinicId}`, undefined, { token: pat.token })).status, 204);
  assert.equal((await api.get(`/patients/${pat.id}/assessments`, { token: clinician, unchecked: true })).status, 404);
  assert.equal((await api.get(`/patients/${neighbours.sameClinic.id}/assessments`, { token: clinician })).status, 200);
  await neighbours.untouched();
  await team.share(pat.token);
});

test("the history CSV holds the patient's records and none of the neighbours'", async () => {
  const pat = await patient();
  const csv = await api.get<string>(`/patients/${pat.id}/export`, { token: clinician });
  assert.equal(csv.status, 200);
  neighbours.absent(csv.body, "the CSV");
  await neighbours.untouched();
});

test("a goal's measurements are the patient's own results, none of the neighbours'", async () => {
  const pat = await patient();
  const goal = await api.request<{ points: { value: number }[] }>(
    "PUT",
    `/patients/${pat.id}/goals`,
    { test: "ROM", metric: "extensionDeg", target: 70 },
    { token: clinician },
  );
  assert.equal(goal.status, 200, JSON.stringify(goal.body));
  assert.deepEqual(
    goal.body.points.map((point) => point.value),
    [romBody.wrist.max_extension_deg],
  );
  neighbours.absent(JSON.stringify(goal.body), "the goal");
  await neighbours.untouched();
});
