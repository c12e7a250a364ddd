// Review per clinic (issue 37): marking a patient reviewed is one clinic's act. Two clinics share
// one flagged patient; clinic B's review lowers B's flag only, and clinic A never sees who in B
// reviewed. A clinician in both says which clinic reviews (or the request is refused).
// PostgreSQL pass: review per clinic is hand-written SQL (lib/patients/reviews.ts).
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { romBody } from "@/lib/assessments/examples";
import { apiClient } from "@/test/support/http";
import { uniqueSub, type IdentityProvider } from "@/test/support/identity-provider";
import { sharedServerWithIdp, type SharedServer } from "@/test/support/shared-server";

let idp: IdentityProvider;
let server: SharedServer;
let api: ReturnType<typeof apiClient>;
let patientId: number;
let code: string;
const clinics: Record<"A" | "B", number> = { A: 0, B: 0 };
const subs = { a: uniqueSub("dr-a"), b: uniqueSub("dr-b"), both: uniqueSub("dr-both"), patient: uniqueSub("shared-patient") };
const token = (sub: string) =>
  idp.token({ sub, roles: ["care_provider"], ...(sub === subs.a ? { name: "Dr Ana Ruiz", email: "ana@example.org" } : {}) });

before(async () => {
  ({ server, idp } = await sharedServerWithIdp());
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
    const shared = await api.post("/me/clinics", { joinCode: made.body.joinCode }, { token: patient, unchecked: true });
    assert.equal(shared.status, 201, JSON.stringify([shared.body, made.body]));
  }
  // A low range of motion raises the flag.
  const low = await api.post("/assessments/rom", { ...romBody, overallScore: 20 }, { token: patient });
  assert.equal(low.status, 201);
  code = low.body.code;
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

test("one visit, one line: a clinician's page view is one entry naming them, their clinic and what they read", async () => {
  const patient = await idp.token({ sub: subs.patient, roles: ["patient"] });
  const before = (await api.get("/me/access-log", { token: patient })).body.total;
  const a = await token(subs.a);
  for (const path of ["", "/scores", "/journal", "/assessments"]) {
    assert.equal((await api.get(`/patients/${patientId}${path}`, { token: a })).status, 200);
  }
  // Within two minutes of Dr Ruiz's earlier reads in this file, so still the same visit (or a new one).
  const log = await api.get("/me/access-log", { token: patient });
  assert.ok(log.body.total <= before + 1);
  const visit = log.body.entries[0];
  assert.equal(visit.name, "Dr Ana Ruiz");
  assert.equal(visit.email, "ana@example.org");
  assert.equal(visit.clinic.id, clinics.A);
  assert.ok(visit.reads >= 4);
  for (const words of ["profile", "score history", "journal", "assessment history"]) assert.ok(visit.whats.includes(words), words);
  assert.equal(new Set(visit.whats).size, visit.whats.length);
});

test("another patient holding the code is never named in the owner's log", async () => {
  const holder = await idp.token({ sub: uniqueSub("holder"), name: "Pat Holder", email: "pat@example.org", roles: ["patient"] });
  assert.equal((await api.get(`/lookup/${code}`, { token: holder })).status, 200);
  const patient = await idp.token({ sub: subs.patient, roles: ["patient"] });
  const visit = (await api.get("/me/access-log", { token: patient })).body.entries[0];
  assert.equal(visit.role, "patient");
  assert.equal(visit.name, null);
  assert.equal(visit.email, null);
  assert.doesNotMatch(JSON.stringify(visit), /Pat Holder|pat@example/);
});
