// Row 10 of the abuse review: the audit trail missed journal reads, results by id, list views and
// report reads, and stored a client's x-request-id as the audit request id (a caller could forge
// the correlation). Every read of one patient's data by someone other than that patient is now
// audited; report views, downloads and e-mails of owned records name the owners; each row keeps
// a server-generated request id beside the client's.
// Own server: its own mail stand-in.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { romBody } from "@/lib/assessments/examples";
import { careTeam, type CareTeam } from "@/test/support/care-team";
import { apiClient } from "@/test/support/http";
import { startIdentityProvider, uniqueSub, type IdentityProvider } from "@/test/support/identity-provider";
import { startResend, type ResendStandIn } from "@/test/support/resend";
import { startServer, type TestServer } from "@/test/support/server";

interface AuditRow {
  actorSub: string;
  actorRole: string;
  patientId: number;
  action: string;
  route: string;
  requestId: string;
  clientRequestId: string | null;
}

let idp: IdentityProvider;
let resend: ResendStandIn;
let server: TestServer;
let api: ReturnType<typeof apiClient>;
let admin: string;
let provider: string;
const providerSub = uniqueSub("auditor");
/** The provider's clinic: every patient here shares with it. */
let team: CareTeam;

before(async () => {
  [idp, resend] = await Promise.all([startIdentityProvider(), startResend()]);
  server = await startServer({ env: { ...idp.env, ...resend.env } });
  api = apiClient(server.origin);
  admin = await idp.token({ sub: uniqueSub("admin"), roles: ["admin"] });
  provider = await idp.token({ sub: providerSub, roles: ["care_provider"] });
  team = await careTeam(api, idp, [providerSub]);
});
after(async () => {
  await server?.stop();
  await Promise.all([idp?.close(), resend?.close()]);
});

async function newPatient() {
  const token = await idp.token({ sub: uniqueSub("audited"), roles: ["patient"], name: "Audited Patient" });
  const id = (await api.get("/patients/me", { token })).body.id as number;
  await team.share(token);
  return { id, token };
}

/** The patient's trail, without their own share with the provider's clinic (newPatient). */
async function trail(patientId: number): Promise<AuditRow[]> {
  const response = await api.get(`/admin/audit?patientId=${patientId}&limit=200`, { token: admin });
  assert.equal(response.status, 200);
  return (response.body.events as AuditRow[]).filter((row) => row.action !== "share_granted");
}

const actions = (rows: AuditRow[]) => rows.map((r) => r.action).sort();

test("a provider's journal reads are audited", async () => {
  const patient = await newPatient();
  const entry = await api.post(
    "/journal",
    { patientId: patient.id, entryType: "AD_HOC_CHECK_IN", transcript: "sore" },
    { token: patient.token },
  );
  assert.equal(entry.status, 201);
  await api.get(`/journal?patientId=${patient.id}`, { token: patient.token });
  assert.deepEqual(await trail(patient.id), [], "the patient's own reads leave no row");
  assert.equal((await api.get(`/journal?patientId=${patient.id}`, { token: provider })).status, 200);
  assert.equal((await api.get(`/journal/${entry.body.id}`, { token: provider })).status, 200);
  assert.equal((await api.get(`/journal/narrative-context/${patient.id}`, { token: provider })).status, 200);
  const rows = await trail(patient.id);
  assert.deepEqual(actions(rows), ["journal_entry_read", "journal_list", "narrative_context"]);
  assert.ok(rows.every((r) => r.actorSub === providerSub));
});

test("a provider reading results by numeric id is audited", async () => {
  const patient = await newPatient();
  const { id } = (await api.post("/assessments/rom", romBody, { token: patient.token })).body;
  assert.equal((await api.get(`/assessments/${id}/results`, { token: provider })).status, 200);
  assert.deepEqual(actions(await trail(patient.id)), ["assessment_results"]);
});

test("the provider list view is audited for every patient it shows", async () => {
  const patient = await newPatient();
  await api.post("/assessments/rom", romBody, { token: patient.token });
  const list = await api.get(`/patients?search=${encodeURIComponent("Audited Patient")}&limit=200`, { token: provider });
  assert.equal(list.status, 200);
  assert.ok(list.body.patients.some((p: { id: number }) => p.id === patient.id));
  assert.deepEqual(actions(await trail(patient.id)), ["patient_list"]);
  // Every patient on the page, not only the newest: the earlier tests' patients are listed too.
  const shown: number[] = list.body.patients.map((p: { id: number }) => p.id);
  assert.ok(shown.length >= 3, `${shown.length} patients shown`);
  for (const id of shown) {
    assert.deepEqual(
      actions(await trail(id)).filter((action) => action === "patient_list"),
      ["patient_list"],
      `patient ${id}`,
    );
  }
});

test("anyone viewing, downloading or e-mailing a report of owned records is audited for the owner; looking up an owned code too", async () => {
  const patient = await newPatient();
  const { code } = (await api.post("/assessments/rom", romBody, { token: patient.token })).body;
  const report = (await api.post("/reports", { title: "Mine", assessmentCodes: [code] }, { token: patient.token })).body.code;
  assert.equal((await api.get(`/reports/${report}`)).status, 200);
  assert.equal((await api.get(`/reports/${report}/pdf`)).status, 200);
  assert.equal((await api.post(`/reports/${report}/email`, { to: "gp@example.org" })).status, 200);
  assert.equal((await api.get(`/lookup/${code}`)).status, 200);
  assert.equal((await api.get(`/assessments/${code}/results`)).status, 200);
  const rows = await trail(patient.id);
  assert.deepEqual(actions(rows), ["assessment_results", "lookup", "report_email", "report_pdf", "report_view"]);
  assert.ok(rows.every((r) => r.actorSub === "anonymous" && r.actorRole === "anonymous"));
});

test("the audit row's request id is the server's; the client's x-request-id is kept beside it", async () => {
  const patient = await newPatient();
  const response = await api.get(`/patients/${patient.id}/scores`, { token: provider, headers: { "x-request-id": "forged-id-1" } });
  assert.equal(response.status, 200);
  const [row] = await trail(patient.id);
  assert.ok(row);
  assert.match(row.requestId, /^[0-9a-f-]{36}$/);
  assert.equal(row.clientRequestId, "forged-id-1");
  assert.equal(response.headers.get("x-request-id"), row.requestId, "the answer names the server's id");
});
