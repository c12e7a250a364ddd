// Issue 38, row 8: `X-Pdf-Cache: hit` told any holder of a report's code that someone else had
// fetched the same PDF; journal entries accepted links to nonexistent assessments and to other
// patients' records. The header is now sent in development only, and each link must name one of
// the patient's own assessments (400 naming the field otherwise, one answer for both cases). A
// report bundled from codes told whether they were one account's (`owners`): now only their owner.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { romBody } from "@/lib/assessments/examples";
import { apiClient } from "@/test/support/http";
import { uniqueSub, type IdentityProvider } from "@/test/support/identity-provider";
import { sharedServerWithIdp, type SharedServer } from "@/test/support/shared-server";

let idp: IdentityProvider;
let server: SharedServer;
let api: ReturnType<typeof apiClient>;

before(async () => {
  ({ server, idp } = await sharedServerWithIdp());
  api = apiClient(server.origin);
});
after(async () => {
  await server?.stop();
  await idp?.close();
});

async function newPatient() {
  const token = await idp.token({ sub: uniqueSub("linker"), roles: ["patient"] });
  const id = (await api.get("/patients/me", { token })).body.id as number;
  const submitted = await api.post("/assessments/rom", romBody, { token });
  assert.equal(submitted.status, 201);
  return { id, token, code: submitted.body.code as string, assessmentId: submitted.body.id as number };
}

test("a report's PDF does not say whether someone fetched it before", async () => {
  const code = (await api.post("/assessments/rom", romBody)).body.code;
  const report = (await api.post("/reports", { title: "Twice", assessmentCodes: [code] })).body.code;
  for (let i = 0; i < 2; i++) {
    const pdf = await api.get(`/reports/${report}/pdf`);
    assert.equal(pdf.status, 200);
    assert.equal(pdf.headers.get("x-pdf-cache"), null, `fetch ${i + 1}`);
  }
});

test("a journal entry links only the patient's own assessments", async () => {
  const [patient, other] = [await newPatient(), await newPatient()];
  const entry = (links: Record<string, number>) =>
    api.post(
      "/journal",
      { patientId: patient.id, entryType: "AD_HOC_CHECK_IN", transcript: "after the test", ...links },
      { token: patient.token },
    );
  const someoneElses = await entry({ romAssessmentId: other.assessmentId });
  const nothing = await entry({ dexterityAssessmentId: 2_000_000_000 });
  assert.equal(someoneElses.status, 400);
  assert.equal(someoneElses.body.field, "romAssessmentId");
  assert.equal(nothing.status, 400);
  assert.equal(nothing.body.field, "dexterityAssessmentId");
  assert.equal(someoneElses.body.error, nothing.body.error, "unknown and someone else's read the same");
  const own = await entry({ romAssessmentId: patient.assessmentId });
  assert.equal(own.status, 201);
  assert.equal(own.body.romAssessmentId, patient.assessmentId);
});

test("a report bundled from codes does not tell whether they are one account's, but to their owner", async () => {
  const patient = await newPatient();
  const second = await api.post("/assessments/rom", romBody, { token: patient.token });
  const bundled = await api.post("/reports", { title: "Whose?", assessmentCodes: [patient.code, second.body.code] });
  assert.equal(bundled.status, 200);
  const stranger = await api.get(`/reports/${bundled.body.code}`);
  assert.deepEqual(stranger.body.owners, { status: "unstated", accounts: null, anonymousRecords: 0 });
  const owner = await api.get(`/reports/${bundled.body.code}`, { token: patient.token });
  assert.deepEqual(owner.body.owners, { status: "single", accounts: 1, anonymousRecords: 0 });
});
