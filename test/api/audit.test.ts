// The access audit trail: reads and changes of a patient's data by someone other than that
// patient leave an append-only row; a patient reading their own data leaves none.
// Own server: it reads the whole audit trail of its own database, and its mail stand-in's messages.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { createTestDatabase, queryDatabase, type TestDatabase } from "@/test/support/database";
import { careTeam, type CareTeam } from "@/test/support/care-team";
import { startIdentityProvider, uniqueSub, type IdentityProvider } from "@/test/support/identity-provider";
import { apiClient } from "@/test/support/http";
import { startResend, type ResendStandIn } from "@/test/support/resend";
import { startServer, type TestServer } from "@/test/support/server";

let idp: IdentityProvider;
let resend: ResendStandIn;
let server: TestServer;
let database: TestDatabase;
let api: ReturnType<typeof apiClient>;
let patientToken: string;
let providerToken: string;
let adminToken: string;
let patientId: number;
const providerSub = uniqueSub("provider");
const patientSub = uniqueSub("patient");
/** The provider's clinic, which the patient shares with. */
let team: CareTeam;

const romInput = { hand: "LEFT", overallScore: 71, wristScore: 80, fingerScore: 64 };

async function auditRows(token = adminToken, query = `patientId=${patientId}`) {
  const response = await api.get(`/admin/audit?${query}`, { token });
  assert.equal(response.status, 200);
  return response.body as {
    events: {
      actorSub: string;
      actorRole: string;
      patientId: number;
      action: string;
      route: string;
      requestId: string | null;
      clientRequestId: string | null;
      clinicId: number | null;
    }[];
    total: number;
  };
}

before(async () => {
  idp = await startIdentityProvider();
  resend = await startResend();
  database = await createTestDatabase();
  server = await startServer({ env: { ...idp.env, ...resend.env }, database });
  api = apiClient(server.origin);
  patientToken = await idp.token({ sub: patientSub, roles: ["patient"], name: "Audit Patient" });
  providerToken = await idp.token({ sub: providerSub, roles: ["care_provider"] });
  adminToken = await idp.token({ sub: uniqueSub("admin"), roles: ["admin"] });
  const submitted = await api.post("/assessments/rom", romInput, { token: patientToken });
  assert.equal(submitted.status, 201);
  const me = await api.get("/patients/me", { token: patientToken });
  assert.equal(me.status, 200);
  patientId = me.body.id;
  team = await careTeam(api, idp, [providerSub]);
  await team.share(patientToken);
});
after(async () => {
  await server.stop();
  await database.drop();
  await idp.close();
  await resend.close();
});

test("a patient reading their own data leaves no audit row", async () => {
  for (const path of [
    `/patients/${patientId}/scores`,
    `/patients/${patientId}/assessments`,
    `/patients/${patientId}/journal`,
    "/patients/me/scores",
  ]) {
    assert.equal((await api.get(path, { token: patientToken })).status, 200, path);
  }
  // The one row is the patient's own share with the provider's clinic, kept for their access log.
  assert.deepEqual(
    (await auditRows()).events.map((e) => [e.action, e.actorSub]),
    [["share_granted", patientSub]],
  );
});

test("a provider's reads of /patients/:id* each leave a row with actor, role, action, route pattern and request id", async () => {
  const paths = ["", "/scores", "/assessments", "/journal", "/narrative-summary"];
  for (const suffix of paths) {
    const response = await api.get(`/patients/${patientId}${suffix}`, {
      token: providerToken,
      headers: { "x-request-id": `audit${suffix.replace("/", "-") || "-profile"}` },
    });
    assert.equal(response.status, 200, suffix);
  }
  const { events: all } = await auditRows();
  const events = all.filter((e) => e.action !== "share_granted");
  assert.equal(all.length, paths.length + 1);
  for (const event of events) {
    assert.equal(event.clinicId, team.clinicId, "the clinic whose share let the provider in");
    assert.equal(event.actorSub, providerSub);
    assert.equal(event.actorRole, "care_provider");
    assert.equal(event.patientId, patientId);
    assert.match(event.route, /^\/api\/patients\/\{id\}/);
    assert.ok(!event.route.includes(String(patientId)), "the route is the pattern, not the raw path");
    assert.match(event.requestId!, /^[0-9a-f-]{36}$/, "the server's id");
    assert.match(event.clientRequestId!, /^audit-/, "the client's id beside it");
  }
  assert.deepEqual(events.map((e) => e.route).sort(), paths.map((suffix) => `/api/patients/{id}${suffix}`).sort());
});

test("claims are recorded", async () => {
  const anonymous = await api.post("/assessments/rom", romInput);
  assert.equal(anonymous.status, 201);
  const claimed = await api.post(`/lookup/${anonymous.body.code}/claim`, undefined, { token: patientToken });
  assert.equal(claimed.status, 200);
  const { events } = await auditRows();
  assert.ok(events.some((e) => e.action === "claim" && e.route === "/api/lookup/{code}/claim"));
});

test("e-mailing a report of a patient's assessments is recorded for that patient", async () => {
  const mine = await api.post("/assessments/rom", romInput, { token: patientToken });
  const report = await api.post("/reports", { title: "For my surgeon", assessmentCodes: [mine.body.code] }, { token: patientToken });
  assert.equal(report.status, 200);
  const emailed = await api.post(`/reports/${report.body.code}/email`, { to: "surgeon@example.org" });
  assert.equal(emailed.status, 200);
  assert.equal(emailed.body.sent, true);
  const { events } = await auditRows();
  const row = events.find((e) => e.action === "report_email");
  assert.ok(row);
  assert.equal(row.actorSub, "anonymous");
  assert.equal(row.route, "/api/reports/{code}/email");
});

test("the list filters by patient, actor and date, and pages", async () => {
  const byActor = await auditRows(adminToken, `actor=${encodeURIComponent(providerSub)}`);
  assert.equal(byActor.total, 5);
  const paged = await auditRows(adminToken, `actor=${encodeURIComponent(providerSub)}&limit=2&offset=1`);
  assert.equal(paged.events.length, 2);
  assert.equal(paged.total, 5);
  const future = await auditRows(
    adminToken,
    `patientId=${patientId}&from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`,
  );
  assert.equal(future.total, 0);
  const bad = await api.get("/admin/audit?from=yesterday", { token: adminToken });
  assert.equal(bad.status, 400);
  assert.equal(bad.body.field, "from");
});

test("only admins read the trail", async () => {
  assert.equal((await api.get("/admin/audit", { token: adminToken })).status, 200);
  // A patient, whose own rows are in it, is refused as a care provider is.
  assert.equal((await api.get(`/admin/audit?patientId=${patientId}`, { token: patientToken })).status, 403);
  assert.equal((await api.get("/admin/audit", { token: providerToken })).status, 403);
  assert.equal((await api.get("/admin/audit")).status, 401);
});

test("rows cannot be changed or removed, even with SQL", async () => {
  await server.stop();
  await assert.rejects(queryDatabase(database, `UPDATE "audit_events" SET "action" = 'x'`), /append-only/);
  await assert.rejects(queryDatabase(database, `DELETE FROM "audit_events"`), /append-only/);
  const rows = await queryDatabase<{ n: number }>(database, `SELECT count(*)::int AS n FROM "audit_events"`);
  assert.ok(rows[0]!.n >= 7);
});
