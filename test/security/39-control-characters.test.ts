// Issue 38, row 5: C0 control characters in free text were accepted and came out as invalid FHIR
// strings (FHIR's string allows none but TAB, LF and CR), so one submission made a whole NDJSON
// file fail an EHR's import. Every free-text field now refuses them with a 400 naming the field
// (one helper, lib/api/text.ts), and FHIR answers leave them out of text stored before, or taken
// from an identity provider's claims.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { painBody, romBody } from "@/lib/assessments/examples";
import { apiClient, checked } from "@/test/support/http";
import { uniqueSub, type IdentityProvider } from "@/test/support/identity-provider";
import { sharedServerWithIdp, type SharedServer } from "@/test/support/shared-server";

let idp: IdentityProvider;
let server: SharedServer;
let api: ReturnType<typeof apiClient>;
let patient: { id: number; token: string; code: string };

before(async () => {
  ({ server, idp } = await sharedServerWithIdp());
  api = apiClient(server.origin);
  // An identity provider's claim is no request field: a name holding a bell and an escape.
  const token = await idp.token({ sub: uniqueSub("controls"), roles: ["patient"], name: "Pat\u0007 Bell\u001b" });
  const id = (await api.get("/patients/me", { token })).body.id as number;
  const submitted = await api.post("/assessments/rom", romBody, { token });
  assert.equal(submitted.status, 201);
  patient = { id, token, code: submitted.body.code };
});
after(async () => {
  await server?.stop();
  await idp?.close();
});

const BELL = "before\u0007after";

test("a control character in any free-text field is a 400 naming the field", async () => {
  const cases: [string, string, unknown, string][] = [
    ["POST", "/reports", { title: BELL, assessmentCodes: [patient.code] }, "title"],
    ["POST", "/assessments/pain-v2", { ...painBody, comments: `x\u0002y` }, "comments"],
    ["POST", "/lookup/anonymous", { assessmentType: "ROM", resultSnapshot: { overallScore: 50, note: BELL } }, "resultSnapshot.note"],
    ["POST", "/journal", { patientId: patient.id, entryType: "AD_HOC_CHECK_IN", transcript: `sore\u001b[31m` }, "transcript"],
    ["PATCH", "/patients/me", { injury: `wrist\u000bfracture` }, "injury"],
    ["POST", "/leads/developer", { name: BELL, email: "lead@example.org" }, "name"],
  ];
  for (const [method, path, body, field] of cases) {
    const response = await api.request<{ error: string; field?: string }>(method, path, body, { token: patient.token });
    assert.equal(response.status, 400, `${method} ${path}: ${JSON.stringify(response.body)}`);
    assert.equal(response.body.field, field, `${method} ${path}`);
    assert.match(response.body.error, /control characters/);
  }
});

test("tab, line feed and carriage return are text, and are kept", async () => {
  const transcript = "line one\r\nline two\tindented";
  const entry = await api.post("/journal", { patientId: patient.id, entryType: "AD_HOC_CHECK_IN", transcript }, { token: patient.token });
  assert.equal(entry.status, 201);
  assert.equal(entry.body.transcript, transcript);
});

test("FHIR strings hold no control character, even from text that never passed a request's fields", async () => {
  const answer = await fetch(`${server.origin}/api/fhir/Patient/${patient.id}`, { headers: { authorization: `Bearer ${patient.token}` } });
  assert.equal((await checked(server.origin, "GET", `/fhir/Patient/${patient.id}`, answer.clone())).status, 200);
  const text = await answer.text();
  assert.doesNotMatch(text, /\\u00[01][0-9a-f]|\\[bf]/i, "no escaped control character in the JSON");
  assert.equal(JSON.parse(text).name[0].text, "Pat Bell");
  const everything = await fetch(`${server.origin}/api/fhir/Patient/${patient.id}/$everything`, {
    headers: { authorization: `Bearer ${patient.token}` },
  });
  assert.equal((await checked(server.origin, "GET", `/fhir/Patient/${patient.id}/$everything`, everything.clone())).status, 200);
  assert.doesNotMatch(await everything.text(), /\\u00[01][0-9a-f]|\\[bf]/i);
});
