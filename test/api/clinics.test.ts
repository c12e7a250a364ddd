// Clinics that run themselves (issue 37): a care provider creates a clinic and becomes its admin
// (up to an allowance), invites a colleague by e-mail (captured by the SMTP stand-in), and the
// colleague follows the link signed in with the invited, verified address; a wrong account, a
// used, revoked or expired link each get their own answer.
// PostgreSQL pass: the clinics, their members and invitations are read with hand-written SQL (lib/clinics).
// Own server: an SMTP stand-in whose invitations it reads, over a database of its own.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { createTestDatabase, queryDatabase, type TestDatabase } from "@/test/support/database";
import { apiClient } from "@/test/support/http";
import { startIdentityProvider, uniqueSub, type IdentityProvider } from "@/test/support/identity-provider";
import { startServer, type TestServer } from "@/test/support/server";
import { startSmtp, type SmtpStandIn } from "@/test/support/smtp";

let database: TestDatabase;
let idp: IdentityProvider;
let smtp: SmtpStandIn;
let server: TestServer;
let api: ReturnType<typeof apiClient>;
let serverEnv: Record<string, string>;

const founder = { sub: uniqueSub("founder"), name: "Dr Ana Ruiz", email: "ana.ruiz@example.org" };
const colleague = { sub: uniqueSub("colleague"), name: "Dr Luis Mora", email: "luis.mora@example.org" };
const staff = (who: { sub: string; name?: string; email?: string }, emailVerified = true) =>
  idp.token({ sub: who.sub, name: who.name, email: who.email, emailVerified, roles: ["care_provider"] });

async function start() {
  server = await startServer({ database, env: serverEnv });
  api = apiClient(server.origin);
}

before(async () => {
  database = await createTestDatabase();
  idp = await startIdentityProvider();
  smtp = await startSmtp();
  serverEnv = { ...idp.env, ...smtp.env, FRONTEND_URL: "https://hands.example.org", CLINICS_PER_ACCOUNT: "2" };
  await start();
});
after(async () => {
  await server?.stop();
  await idp?.close();
  await smtp?.close();
  await database?.drop();
});

/** The text of a captured message, quoted-printable undone. */
const decoded = (raw: string) =>
  Buffer.from(
    raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");

/** The token of the newest invitation e-mailed to `email`. */
function tokenMailedTo(email: string): string {
  const mail = smtp.messages.filter((m) => m.to.includes(email)).at(-1);
  assert.ok(mail, `no mail to ${email}`);
  const match = /https:\/\/hands\.example\.org\/provider\/clinics\/invitation#([A-Za-z0-9_-]{43})/.exec(decoded(mail.raw));
  assert.ok(match, "the e-mail carries the link");
  return match[1]!;
}

let clinicId: number;

test("a care provider creates a clinic and becomes its admin, up to the allowance per account", async () => {
  const token = await staff(founder);
  const made = await api.post("/clinics", { name: "Clínica Norte" }, { token });
  assert.equal(made.status, 201);
  assert.equal(made.body.role, "clinic_admin");
  assert.equal(made.body.memberCount, 1);
  clinicId = made.body.id;
  const members = await api.get(`/clinics/${clinicId}/members`, { token });
  assert.deepEqual(
    members.body.members.map((m: { sub: string; role: string }) => [m.sub, m.role]),
    [[founder.sub, "clinic_admin"]],
  );

  const naming = await api.post("/clinics", { name: "Someone else's", adminSub: colleague.sub }, { token, unchecked: true });
  assert.equal(naming.status, 400);
  assert.equal(naming.body.field, "adminSub");

  assert.equal((await api.post("/clinics", { name: "Clínica Sur" }, { token })).status, 201);
  const third = await api.post("/clinics", { name: "Clínica Este" }, { token, unchecked: true });
  assert.equal(third.status, 429);
  assert.equal(third.body.code, "CLINIC_ALLOWANCE_SPENT");

  const patient = await idp.token({ roles: ["patient"] });
  assert.equal((await api.post("/clinics", { name: "Mine" }, { token: patient, unchecked: true })).status, 403);
  const admin = await idp.token({ roles: ["admin"] });
  const listed = await api.get("/clinics", { token: admin });
  assert.ok(listed.body.clinics.some((c: { id: number }) => c.id === clinicId));
});

test("an invitation is e-mailed with a single-use link; the invited colleague follows it and is a member", async () => {
  const adminToken = await staff(founder);
  const sent = await api.post(
    `/clinics/${clinicId}/invitations`,
    { email: "Luis.Mora@Example.org", role: "clinician" },
    { token: adminToken },
  );
  assert.equal(sent.status, 201);
  assert.equal(sent.body.sent, true);
  assert.equal(sent.body.email, colleague.email);
  assert.deepEqual(sent.body.invitedBy, { name: founder.name, email: founder.email });
  const mail = decoded(smtp.messages.at(-1)!.raw);
  assert.match(mail, /Dr Ana Ruiz invited you to join Clínica Norte/);
  const token = tokenMailedTo(colleague.email);

  const pending = await api.get(`/clinics/${clinicId}/invitations`, { token: adminToken });
  assert.deepEqual(
    pending.body.invitations.map((i: { id: number }) => i.id),
    [sent.body.id],
  );
  assert.doesNotMatch(JSON.stringify(pending.body), new RegExp(token));
  assert.doesNotMatch(JSON.stringify(pending.body), /token/i);

  const accepted = await api.post("/clinic-invitations/accept", { token }, { token: await staff(colleague) });
  assert.equal(accepted.status, 200);
  assert.deepEqual(accepted.body, { clinicId, name: "Clínica Norte", role: "clinician" });
  const members = await api.get(`/clinics/${clinicId}/members`, { token: adminToken });
  assert.ok(members.body.members.some((m: { sub: string; role: string }) => m.sub === colleague.sub && m.role === "clinician"));
  assert.deepEqual((await api.get(`/clinics/${clinicId}/invitations`, { token: adminToken })).body.invitations, []);

  const again = await api.post("/clinic-invitations/accept", { token }, { token: await staff(colleague), unchecked: true });
  assert.equal(again.status, 410);
  assert.equal(again.body.code, "INVITATION_USED");
});

test("a wrong account, an unverified address or a clinician who is not the clinic's admin cannot use or make invitations", async () => {
  const adminToken = await staff(founder);
  const invited = { sub: uniqueSub("invited"), name: "Dr Eva Gil", email: "eva.gil@example.org" };
  await api.post(`/clinics/${clinicId}/invitations`, { email: invited.email, role: "clinic_admin" }, { token: adminToken });
  const token = tokenMailedTo(invited.email);

  const stranger = await api.post(
    "/clinic-invitations/accept",
    { token },
    { token: await staff({ sub: uniqueSub("x"), email: "x@example.org" }), unchecked: true },
  );
  assert.equal(stranger.status, 403);
  assert.equal(stranger.body.code, "INVITATION_WRONG_ACCOUNT");
  const unverified = await api.post("/clinic-invitations/accept", { token }, { token: await staff(invited, false), unchecked: true });
  assert.equal(unverified.status, 403);
  assert.equal(unverified.body.code, "INVITATION_WRONG_ACCOUNT");
  const patient = await idp.token({ sub: invited.sub, email: invited.email, emailVerified: true, roles: ["patient"] });
  assert.equal((await api.post("/clinic-invitations/accept", { token }, { token: patient, unchecked: true })).status, 403);

  // The link survived the wrong accounts.
  const accepted = await api.post("/clinic-invitations/accept", { token }, { token: await staff(invited) });
  assert.equal(accepted.body.role, "clinic_admin");

  const clinician = await staff(colleague);
  const refused = await api.post(
    `/clinics/${clinicId}/invitations`,
    { email: "z@example.org", role: "clinician" },
    { token: clinician, unchecked: true },
  );
  assert.equal(refused.status, 403);
  const bad = await api.post(
    `/clinics/${clinicId}/invitations`,
    { email: "not-an-address", role: "clinician" },
    { token: adminToken, unchecked: true },
  );
  assert.equal(bad.status, 400);
  assert.equal(bad.body.field, "email");
});

test("a revoked link and an expired link are refused, each saying why", async () => {
  const adminToken = await staff(founder);
  const revokedFor = { sub: uniqueSub("revoked"), email: "rita.rey@example.org" };
  const sent = await api.post(`/clinics/${clinicId}/invitations`, { email: revokedFor.email, role: "clinician" }, { token: adminToken });
  const revokedToken = tokenMailedTo(revokedFor.email);
  assert.equal(
    (await api.request("DELETE", `/clinics/${clinicId}/invitations/${sent.body.id}`, undefined, { token: adminToken })).status,
    204,
  );
  assert.equal(
    (await api.request("DELETE", `/clinics/${clinicId}/invitations/${sent.body.id}`, undefined, { token: adminToken, unchecked: true }))
      .status,
    404,
  );
  const revoked = await api.post(
    "/clinic-invitations/accept",
    { token: revokedToken },
    { token: await staff(revokedFor), unchecked: true },
  );
  assert.equal(revoked.status, 410);
  assert.equal(revoked.body.code, "INVITATION_REVOKED");

  const lateFor = { sub: uniqueSub("late"), email: "leo.luna@example.org" };
  const late = await api.post(`/clinics/${clinicId}/invitations`, { email: lateFor.email, role: "clinician" }, { token: adminToken });
  const lateToken = tokenMailedTo(lateFor.email);
  const days = (Date.parse(late.body.expiresAt) - Date.parse(late.body.createdAt)) / 86_400_000;
  assert.equal(days, 7);
  await server.stop();
  await queryDatabase(database, `UPDATE clinic_invitations SET expires_at = now() - interval '1 minute' WHERE id = $1`, [late.body.id]);
  await start();
  const expired = await api.post("/clinic-invitations/accept", { token: lateToken }, { token: await staff(lateFor), unchecked: true });
  assert.equal(expired.status, 410);
  assert.equal(expired.body.code, "INVITATION_EXPIRED");
  const members = await api.get(`/clinics/${clinicId}/members`, { token: await staff(founder) });
  assert.ok(!members.body.members.some((m: { sub: string }) => m.sub === lateFor.sub || m.sub === revokedFor.sub));
});
