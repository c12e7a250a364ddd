// Issue 36: clinician notes and reports made for a patient are a care team's writes on a record.
// An attacker tries them as a clinician of another clinic, as the patient, without a token, with
// another patient's result or note ids, with author fields of their own choosing, and with text
// too long or holding control characters.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { romBody } from "@/lib/assessments/examples";
import { careTeam } from "@/test/support/care-team";
import { apiClient } from "@/test/support/http";
import { uniqueSub, type IdentityProvider } from "@/test/support/identity-provider";
import { sharedServerWithIdp, type SharedServer } from "@/test/support/shared-server";

let idp: IdentityProvider;
let server: SharedServer;
let api: ReturnType<typeof apiClient>;
let victim: { id: number; token: string; result: number };
let other: { id: number; token: string; result: number; note: number };
let insider: string;
let outsider: string;
let clinicId: number;

async function patientWithResult(name: string) {
  const token = await idp.token({ sub: uniqueSub(name), roles: ["patient"], name });
  const id = (await api.get("/patients/me", { token })).body.id as number;
  const made = await api.post("/assessments/rom", romBody, { token });
  assert.equal(made.status, 201);
  return { id, token, result: made.body.id as number };
}

before(async () => {
  ({ server, idp } = await sharedServerWithIdp());
  api = apiClient(server.origin);
  const insiderSub = uniqueSub("insider");
  const outsiderSub = uniqueSub("outsider");
  insider = await idp.token({ sub: insiderSub, roles: ["care_provider"], name: "Dr Inside" });
  outsider = await idp.token({ sub: outsiderSub, roles: ["care_provider"], name: "Dr Outside" });
  const team = await careTeam(api, idp, [insiderSub], "Treating clinic");
  clinicId = team.clinicId;
  const otherTeam = await careTeam(api, idp, [insiderSub, outsiderSub], "Other clinic");
  victim = await patientWithResult("Victim Patient");
  await team.share(victim.token);
  const second = await patientWithResult("Second Patient");
  await otherTeam.share(second.token);
  const note = await api.post(`/patients/${second.id}/notes`, { text: "Second patient's note." }, { token: insider });
  assert.equal(note.status, 201, JSON.stringify(note.body));
  other = { ...second, note: note.body.id };
});
after(async () => {
  await server?.stop();
  await idp?.close();
});

const noteOn = (id: number, body: unknown, token?: string) => api.post(`/patients/${id}/notes`, body, token ? { token } : {});
const reportOn = (id: number, body: unknown, token?: string) => api.post(`/patients/${id}/reports`, body, token ? { token } : {});

test("a clinician outside the care team finds no such patient: 404 on notes and reports, nothing written", async () => {
  assert.equal((await noteOn(victim.id, { text: "Intruding." }, outsider)).status, 404);
  assert.equal((await api.get(`/patients/${victim.id}/notes`, { token: outsider })).status, 404);
  assert.equal((await reportOn(victim.id, { assessmentIds: [victim.result] }, outsider)).status, 404);
  const notes = await api.get(`/patients/${victim.id}/notes`, { token: insider });
  assert.equal(notes.body.total, 0);
  const log = await api.get("/me/access-log?limit=200", { token: victim.token });
  assert.ok(
    log.body.entries.every((e: { name: string }) => e.name !== "Dr Outside"),
    "the refused attempts read nothing",
  );
});

test("a patient cannot write notes, on their record or anyone's, nor make a named report", async () => {
  assert.equal((await noteOn(victim.id, { text: "I am the doctor now." }, victim.token)).status, 403);
  assert.equal((await noteOn(other.id, { text: "Hello." }, victim.token)).status, 403);
  assert.equal((await reportOn(victim.id, { assessmentIds: [victim.result] }, victim.token)).status, 403);
});

test("anonymous callers get 401", async () => {
  assert.equal((await noteOn(victim.id, { text: "Anonymous." })).status, 401);
  assert.equal((await api.get(`/patients/${victim.id}/notes`)).status, 401);
  assert.equal((await reportOn(victim.id, { assessmentIds: [victim.result] })).status, 401);
});

test("the service admin reads the notes but is of no care team: 403 on writing one", async () => {
  const admin = await idp.token({ roles: ["admin"], name: "Service Admin" });
  assert.equal((await api.get(`/patients/${victim.id}/notes`, { token: admin })).status, 200);
  const refused = await noteOn(victim.id, { text: "Admin note." }, admin);
  assert.deepEqual([refused.status, refused.body.code], [403, "NOT_CARE_TEAM"]);
});

test("another patient's result or note is refused as unknown, by field, and reveals nothing of it", async () => {
  const foreignResult = await noteOn(victim.id, { text: "About their result.", assessmentId: other.result }, insider);
  assert.deepEqual([foreignResult.status, foreignResult.body.field], [400, "assessmentId"]);
  const unknownResult = await noteOn(victim.id, { text: "About nothing.", assessmentId: 2_000_000_000 }, insider);
  assert.equal(unknownResult.body.error, foreignResult.body.error, "one answer for unknown and foreign ids");
  const foreignNote = await noteOn(victim.id, { text: "Correcting theirs.", corrects: other.note }, insider);
  assert.deepEqual([foreignNote.status, foreignNote.body.field], [400, "corrects"]);
  const foreignReport = await reportOn(victim.id, { assessmentIds: [victim.result, other.result] }, insider);
  assert.deepEqual([foreignReport.status, foreignReport.body.field], [400, "assessmentIds"]);
  const unknownReport = await reportOn(victim.id, { assessmentIds: [victim.result, 2_000_000_000] }, insider);
  assert.equal(
    unknownReport.body.error.replace(/\d+/g, "N"),
    foreignReport.body.error.replace(/\d+/g, "N"),
    "one answer for unknown and foreign ids",
  );
  assert.doesNotMatch(JSON.stringify(foreignReport.body), /Second Patient/);
});

test("author fields in the body are refused: the author, clinic and date are the service's", async () => {
  for (const forged of [
    { authorContactId: other.id },
    { author: { name: "Dr Forged" } },
    { clinicId: 1 },
    { createdAt: "2020-01-01T00:00:00Z" },
    { patientId: other.id },
  ]) {
    const response = await noteOn(victim.id, { text: "Signed by someone else?", ...forged }, insider);
    assert.deepEqual([response.status, response.body.field], [400, Object.keys(forged)[0]], JSON.stringify(response.body));
  }
  const honest = await noteOn(victim.id, { text: "Signed by me." }, insider);
  assert.deepEqual(honest.body.author, { name: "Dr Inside", clinic: { id: clinicId, name: "Treating clinic" } });
  const forgedReport = await reportOn(victim.id, { assessmentIds: [victim.result], named: false, creatorClinicId: 9 }, insider);
  assert.equal(forgedReport.status, 400);
});

test("note text: empty, over 4000 characters or with control characters is a 400 naming text", async () => {
  for (const text of ["", "   ", "x".repeat(4001), "bell\u0007"]) {
    const response = await noteOn(victim.id, { text }, insider);
    assert.deepEqual(
      [response.status, response.body.field],
      [400, "text"],
      `${JSON.stringify(text.slice(0, 10))}: ${JSON.stringify(response.body)}`,
    );
  }
  assert.equal((await noteOn(victim.id, { text: "x".repeat(4000) }, insider)).status, 201);
  const title = await reportOn(victim.id, { assessmentIds: [victim.result], title: "x".repeat(201) }, insider);
  assert.deepEqual([title.status, title.body.field], [400, "title"]);
  const many = await reportOn(victim.id, { assessmentIds: Array.from({ length: 21 }, (_, i) => i + 1) }, insider);
  assert.deepEqual([many.status, many.body.field], [400, "assessmentIds"]);
});
