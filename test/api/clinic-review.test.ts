// Review per clinic (issue 37): marking a patient reviewed is one clinic's act. Two clinics share
// one flagged patient; clinic B's review lowers B's flag only, and clinic A never sees who in B
// reviewed. A clinician in both says which clinic reviews (or the request is refused).
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { romBody } from "@/lib/assessments/examples";
import { apiClient } from "@/test/support/http";
import { startIdentityProvider, uniqueSub, type IdentityProvider } from "@/test/support/identity-provider";
import { startServer, type TestServer } from "@/test/support/server";

let idp: IdentityProvider;
let server: TestServer;
let api: ReturnType<typeof apiClient>;
let patientId: number;
const clinics: Record<"A" | "B", number> = { A: 0, B: 0 };
const subs = { a: uniqueSub("dr-a"), b: uniqueSub("dr-b"), both: uniqueSub("dr-both"), patient: uniqueSub("shared-patient") };
const token = (sub: string) => idp.token({ sub, roles: ["care_provider"] });

before(async () => {
  idp = await startIdentityProvider();
  server = await startServer({ env: idp.env });
  api = apiClient(server.origin);
  const admin = await idp.token({ roles: ["admin"] });
  const patient = await idp.token({ sub: subs.patient, roles: ["patient"] });
  for (const [key, own] of [
    ["A", subs.a],
    ["B", subs.b],
  ] as const) {
    const made = await api.post("/clinics", { name: `Clinic ${key}`, adminSub: own }, { token: admin });
    clinics[key] = made.body.id;
    await api.post(`/clinics/${made.body.id}/members`, { sub: subs.both, role: "clinician" }, { token: admin });
    assert.equal((await api.post("/me/clinics", { joinCode: made.body.joinCode }, { token: patient })).status, 201);
  }
  // A low range of motion raises the flag.
  assert.equal((await api.post("/assessments/rom", { ...romBody, overallScore: 20 }, { token: patient })).status, 201);
  patientId = (await api.get("/patients/me", { token: patient })).body.id;
});
after(async () => {
  await server?.stop();
  await idp?.close();
});

async function row(sub: string, clinicId?: number) {
  const query = clinicId === undefined ? "" : `?clinicId=${clinicId}`;
  const list = await api.get(`/patients${query}`, { token: await token(sub) });
  return list.body.patients.find((p: { id: number }) => p.id === patientId);
}

test("clinic B's review lowers B's flag only; clinic A keeps its flag and never sees B's reviewer", async () => {
  assert.equal((await row(subs.a)).needsAttention, true);
  const reviewed = await api.post(`/patients/${patientId}/review`, undefined, { token: await token(subs.b) });
  assert.equal(reviewed.status, 200);
  assert.equal(reviewed.body.needsAttention, false);
  assert.equal((await row(subs.b)).needsAttention, false);

  const seenByA = await row(subs.a);
  assert.equal(seenByA.needsAttention, true);
  assert.equal(seenByA.reviewedAt, null);
  assert.equal(seenByA.reviewedBy, null);
  const flagged = await api.get(`/patients?attention=true`, { token: await token(subs.a) });
  assert.ok(flagged.body.patients.some((p: { id: number }) => p.id === patientId));
  const profile = await api.get(`/patients/${patientId}`, { token: await token(subs.a) });
  assert.equal(profile.body.needsAttention, true);
  assert.doesNotMatch(JSON.stringify(profile.body), new RegExp(subs.b.replace("|", "\\|")));
});

test("a clinician of both clinics names the clinic that reviews; without one the request is refused", async () => {
  const both = await token(subs.both);
  const ambiguous = await api.post(`/patients/${patientId}/review`, undefined, { token: both, unchecked: true });
  assert.equal(ambiguous.status, 400);
  assert.equal(ambiguous.body.field, "clinicId");
  const notMine = await api.post(`/patients/${patientId}/review`, { clinicId: 999999 }, { token: both, unchecked: true });
  assert.equal(notMine.status, 400);
  assert.equal(notMine.body.field, "clinicId");

  assert.equal((await api.post(`/patients/${patientId}/review`, { clinicId: clinics.A }, { token: both })).status, 200);
  assert.equal((await row(subs.a)).needsAttention, false);
  assert.equal((await row(subs.both, clinics.A)).needsAttention, false);
});

test("a newer result raises the flag again in every clinic", async () => {
  const patient = await idp.token({ sub: subs.patient, roles: ["patient"] });
  assert.equal((await api.post("/assessments/rom", { ...romBody, overallScore: 15 }, { token: patient })).status, 201);
  assert.equal((await row(subs.a)).needsAttention, true);
  assert.equal((await row(subs.b)).needsAttention, true);
});
