// Clinic invitations against an in-process database and a loopback stand-in of the Resend API:
// what the e-mail says and links to, who may invite, list and withdraw, and when a link adds its
// holder to the clinic (the live link, the verified address, once). test/api/clinics.test.ts
// proves the same through the routes.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import type { AccessContext } from "@/lib/audit";
import type { AuthUser } from "@/lib/auth/guard";
import { inviteBody } from "@/lib/clinics/schemas";
import type { TestDatabase } from "@/test/support/database";
import { dropDatabase, useFreshDatabase } from "@/test/support/in-process-db";
import { startResend, type ResendStandIn } from "@/test/support/resend";

const DAY_MS = 86_400_000;

let database: TestDatabase;
let resend: ResendStandIn;
let invitations: typeof import("@/lib/clinics/invitations");
let db: typeof import("@/lib/db").db;
let clinicId: number;
let otherClinicId: number;

before(async () => {
  resend = await startResend();
  delete process.env.SMTP_HOST;
  Object.assign(process.env, resend.env, {
    FRONTEND_URL: "https://hand.example",
    CLINIC_INVITATION_DAYS: "3",
    RATE_LIMIT: "on",
    RATE_LIMIT_MAIL_PER_HOUR: "2",
    LOG_LEVEL: "silent",
  });
  database = await useFreshDatabase();
  invitations = await import("@/lib/clinics/invitations");
  ({ db } = await import("@/lib/db"));
  await db().contact.create({ data: { sub: "test|boss", kind: "STAFF", roles: ["care_provider"], name: "Dr Boss" } });
  clinicId = (await db().clinic.create({ data: { name: "Hand Clinic", joinCode: "ABCDEFGHJK", createdBy: "test" } })).id;
  otherClinicId = (await db().clinic.create({ data: { name: "Other Clinic", joinCode: "BCDEFGHJKM", createdBy: "test" } })).id;
  await db().clinicMember.createMany({
    data: [
      { clinicId, sub: "test|boss", role: "clinic_admin", addedBy: "test" },
      { clinicId, sub: "test|doc", role: "clinician", addedBy: "test" },
    ],
  });
});
after(async () => {
  await dropDatabase(database);
  await resend.close();
});

const user = (sub: string, roles: AuthUser["roles"], extra: Partial<AuthUser> = {}): AuthUser => ({
  sub: `test|${sub}`,
  email: null,
  name: null,
  roles,
  contactId: 0,
  kind: "STAFF",
  ...extra,
});
const boss = user("boss", ["care_provider"]);
const doc = user("doc", ["care_provider"]);
const serviceAdmin = user("admin", ["admin"]);

let requests = 0;
const context = (who: AuthUser): AccessContext & { user: AuthUser } => ({
  user: who,
  route: "/api/clinics/{id}/invitations",
  requestId: `req-${++requests}`,
  clientRequestId: null,
  address: "10.4.0.1",
  limits: { key: `user:${who.sub}:${requests}`, site: null },
});

let addresses = 0;
const newAddress = () => `colleague-${++addresses}@example.com`;

/** Invites `email` and returns the answer with the token of the e-mail's link. */
async function invite(email: string, role: "clinician" | "clinic_admin" = "clinician", by = boss, into = clinicId) {
  const sent = resend.emails().length;
  const answer = await invitations.invite(context(by), into, inviteBody.parse({ email, role }));
  const mail = resend.emails()[sent]!;
  const token = /\/provider\/clinics\/invitation#([A-Za-z0-9_-]+)/.exec(mail.text!)![1]!;
  return { answer, mail, token };
}

const invitee = (email: string, extra: Partial<AuthUser> = {}) =>
  user(`invitee-${email}`, ["care_provider"], { email, emailVerified: true, ...extra });

/** What the caller is told: the status, the machine-readable code and the message. */
async function refusal(promise: Promise<unknown>) {
  const error = (await promise.then(
    () => assert.fail("expected a refusal"),
    (caught: unknown) => caught,
  )) as { status: number; code?: string; message: string };
  return { status: error.status, code: error.code, message: error.message };
}

const USED = { status: 410, code: "INVITATION_USED", message: "This invitation has been used already" };
const REVOKED = { status: 410, code: "INVITATION_REVOKED", message: "This invitation was withdrawn by the clinic" };
const EXPIRED = { status: 410, code: "INVITATION_EXPIRED", message: "This invitation has expired: ask the clinic for a new one" };
const WRONG_ACCOUNT = {
  status: 403,
  code: "INVITATION_WRONG_ACCOUNT",
  message: "This invitation was sent to another e-mail address: sign in with the account that has it, verified",
};
const NOT_PENDING = { status: 404, code: undefined, message: "No such pending invitation of this clinic" };

const membership = (sub: string, into = clinicId) =>
  db().clinicMember.findUnique({ where: { clinicId_sub: { clinicId: into, sub } }, select: { role: true, addedBy: true } });

test("an invitation e-mails a link holding a 43-character token, names the inviter, the clinic, the role and its days, and expires in them", async () => {
  const email = newAddress();
  const before = Date.now();
  const { answer, mail, token } = await invite(email.toUpperCase(), "clinic_admin");
  assert.equal(token.length, 43);
  assert.deepEqual(mail.to, [email]);
  assert.equal(mail.subject, "Join Hand Clinic on the Hand Assessment Service");
  assert.equal(
    mail.text,
    [
      "Hello,",
      "",
      "Dr Boss invited you to join Hand Clinic on the Hand Assessment Service as a clinic admin.",
      "",
      `Accept the invitation (sign in first with the account of this e-mail address): https://hand.example/provider/clinics/invitation#${token}`,
      "",
      "The link works once and expires in 3 days.",
      "You received this e-mail because a clinic admin entered your address at hand.example. If you did not expect it, you can ignore it.",
    ].join("\n"),
  );
  assert.equal(answer.email, email);
  assert.equal(answer.role, "clinic_admin");
  assert.equal(answer.sent, true);
  assert.deepEqual(answer.invitedBy, { name: "Dr Boss", email: null });
  const created = Date.parse(answer.createdAt);
  assert.ok(created >= before && created <= Date.now());
  assert.equal(Date.parse(answer.expiresAt) - created, 3 * DAY_MS);
  // Only the token's hash is kept.
  const stored = await db().clinicInvitation.findUniqueOrThrow({ where: { id: answer.id } });
  assert.notEqual(stored.tokenHash, token);
  assert.match(stored.tokenHash, /^[0-9a-f]{64}$/);
  assert.equal(stored.invitedBy, boss.sub);
});

test("an inviter the service never saw sign in is 'A colleague', one known by address alone is their address", async () => {
  const { answer, mail } = await invite(newAddress(), "clinician", serviceAdmin);
  assert.match(mail.text!, /^A colleague invited you to join Hand Clinic on the Hand Assessment Service as a clinician\.$/m);
  assert.deepEqual(answer.invitedBy, { name: null, email: null });
  await db().contact.create({ data: { sub: "test|mailonly", kind: "STAFF", roles: ["admin"], email: "chief@hand.example" } });
  const byAddress = await invite(newAddress(), "clinician", user("mailonly", ["admin"]));
  assert.match(byAddress.mail.text!, /^chief@hand\.example invited you to join Hand Clinic/m);
  assert.deepEqual(byAddress.answer.invitedBy, { name: null, email: "chief@hand.example" });
});

test("only the clinic's admins and the service admin invite, list and withdraw; a clinician of the clinic is refused", async () => {
  const { answer } = await invite(newAddress(), "clinician", serviceAdmin);
  const sent = resend.emails().length;
  assert.deepEqual(
    await refusal(invitations.invite(context(doc), clinicId, inviteBody.parse({ email: newAddress(), role: "clinician" }))),
    { status: 403, code: undefined, message: "Only the clinic's admins and the service admin manage its members" },
  );
  assert.equal(resend.emails().length, sent, "no e-mail for a refused invitation");
  assert.equal((await refusal(invitations.listInvitations(doc, clinicId))).status, 403);
  assert.equal((await refusal(invitations.revokeInvitation(doc, clinicId, answer.id))).status, 403);
  assert.equal((await refusal(invitations.listInvitations(boss, otherClinicId))).status, 404);
});

test("invitations count against the inviter's e-mail allowance: past it, a 429 and nothing kept", async () => {
  const caller = context(boss);
  const count = () => db().clinicInvitation.count({ where: { clinicId } });
  await invitations.invite(caller, clinicId, inviteBody.parse({ email: newAddress(), role: "clinician" }));
  await invitations.invite(caller, clinicId, inviteBody.parse({ email: newAddress(), role: "clinician" }));
  const kept = await count();
  assert.equal(
    (await refusal(invitations.invite(caller, clinicId, inviteBody.parse({ email: newAddress(), role: "clinician" })))).status,
    429,
  );
  assert.equal(await count(), kept);
});

test("an invitation the mail service refuses is a 500 and is not kept", async () => {
  const email = newAddress();
  resend.failWith(500);
  try {
    assert.deepEqual(await refusal(invitations.invite(context(boss), clinicId, inviteBody.parse({ email, role: "clinician" }))), {
      status: 500,
      code: undefined,
      message: "The invitation could not be e-mailed; nothing was kept, try again later",
    });
  } finally {
    resend.failWith(null);
  }
  assert.equal(await db().clinicInvitation.count({ where: { email } }), 0);
});

test("the pending list: newest first, without the accepted, withdrawn or expired ones, nor another clinic's", async () => {
  const [accepted, withdrawn, expired, older, newer] = [newAddress(), newAddress(), newAddress(), newAddress(), newAddress()];
  const acceptedOne = await invite(accepted);
  const withdrawnOne = await invite(withdrawn);
  const expiredOne = await invite(expired);
  await invite(older);
  await invite(newer);
  await invite(newAddress(), "clinician", serviceAdmin, otherClinicId);
  await invitations.acceptInvitation(invitee(accepted), acceptedOne.token);
  await invitations.revokeInvitation(boss, clinicId, withdrawnOne.answer.id);
  await db().clinicInvitation.update({ where: { id: expiredOne.answer.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
  const { invitations: listed } = await invitations.listInvitations(boss, clinicId);
  const emails = listed.map((row) => row.email);
  assert.ok(!emails.includes(accepted) && !emails.includes(withdrawn) && !emails.includes(expired), emails.join(", "));
  assert.ok(emails.indexOf(newer) < emails.indexOf(older) && emails.indexOf(older) >= 0, emails.join(", "));
  const all = await db().clinicInvitation.findMany({
    where: { clinicId, acceptedAt: null, revokedAt: null, expiresAt: { gt: new Date() } },
    orderBy: { id: "desc" },
  });
  assert.deepEqual(
    listed.map((row) => row.id),
    all.map((row) => row.id),
  );
  // By the time each was made, not by the order they were stored in.
  const at = (email: string, createdAt: Date) => db().clinicInvitation.updateMany({ where: { email }, data: { createdAt } });
  await at(newer, new Date(Date.now() - 60_000));
  const reordered = (await invitations.listInvitations(boss, clinicId)).invitations.map((row) => row.email);
  assert.ok(reordered.indexOf(older) < reordered.indexOf(newer), reordered.join(", "));
  // Two made in the same millisecond: the later one first (the older row rewritten first, so stored first).
  const sameTime = new Date();
  await at(older, sameTime);
  await at(newer, sameTime);
  const again = (await invitations.listInvitations(boss, clinicId)).invitations.map((row) => row.email);
  assert.ok(again.indexOf(newer) < again.indexOf(older), again.join(", "));
});

test("accepting adds the invited account to the clinic in the invitation's role, added by the inviter, once", async () => {
  const email = newAddress();
  const { token } = await invite(email, "clinic_admin");
  const account = invitee(` ${email.toUpperCase()} `);
  assert.deepEqual(await invitations.acceptInvitation(account, token), { clinicId, name: "Hand Clinic", role: "clinic_admin" });
  assert.deepEqual(await membership(account.sub), { role: "clinic_admin", addedBy: boss.sub });
  const stored = await db().clinicInvitation.findFirstOrThrow({ where: { email } });
  assert.equal(stored.acceptedBy, account.sub);
  assert.ok(stored.acceptedAt);
  assert.deepEqual(await refusal(invitations.acceptInvitation(account, token)), USED);
});

test("two requests with one link at once add one member: the other is told the link was used", async () => {
  const email = newAddress();
  const { token } = await invite(email);
  const account = invitee(email);
  const outcomes = await Promise.allSettled([invitations.acceptInvitation(account, token), invitations.acceptInvitation(account, token)]);
  const refused = outcomes.filter((outcome) => outcome.status === "rejected");
  assert.equal(refused.length, 1);
  assert.deepEqual(await refusal(Promise.reject((refused[0] as PromiseRejectedResult).reason)), USED);
});

test("a member keeps their role when invited as a clinician, and becomes admin when invited as one", async () => {
  const email = newAddress();
  const account = invitee(email);
  await invitations.acceptInvitation(account, (await invite(email, "clinic_admin")).token);
  await invitations.acceptInvitation(account, (await invite(email, "clinician")).token);
  assert.equal((await membership(account.sub))!.role, "clinic_admin", "an admin invited as a clinician stays admin");

  const other = newAddress();
  const colleague = invitee(other);
  await invitations.acceptInvitation(colleague, (await invite(other, "clinician")).token);
  await invitations.acceptInvitation(colleague, (await invite(other, "clinic_admin")).token);
  assert.equal((await membership(colleague.sub))!.role, "clinic_admin");
});

test("a link is refused to another address or an unverified one, and stays valid for the right account", async () => {
  const email = newAddress();
  const { token } = await invite(email);
  assert.deepEqual(await refusal(invitations.acceptInvitation(invitee(newAddress()), token)), WRONG_ACCOUNT);
  assert.deepEqual(await refusal(invitations.acceptInvitation(invitee(email, { emailVerified: undefined }), token)), WRONG_ACCOUNT);
  assert.deepEqual(await refusal(invitations.acceptInvitation(invitee(email, { email: null }), token)), WRONG_ACCOUNT);
  const account = invitee(email);
  assert.equal(await membership(account.sub), null);
  assert.equal((await invitations.acceptInvitation(account, token)).role, "clinician");
});

test("a withdrawn, expired or unknown link is refused with its reason, and adds nobody", async () => {
  const withdrawn = newAddress();
  const withdrawnOne = await invite(withdrawn);
  await invitations.revokeInvitation(boss, clinicId, withdrawnOne.answer.id);
  assert.deepEqual(await refusal(invitations.acceptInvitation(invitee(withdrawn), withdrawnOne.token)), REVOKED);
  assert.equal(await membership(invitee(withdrawn).sub), null);

  const expired = newAddress();
  const expiredOne = await invite(expired);
  await db().clinicInvitation.update({ where: { id: expiredOne.answer.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
  assert.deepEqual(await refusal(invitations.acceptInvitation(invitee(expired), expiredOne.token)), EXPIRED);
  assert.equal(await membership(invitee(expired).sub), null);

  assert.deepEqual(await refusal(invitations.acceptInvitation(invitee(expired), "A".repeat(43))), {
    status: 404,
    code: undefined,
    message: "No invitation with this link",
  });
});

test("a withdrawn invitation is withdrawn once: again, once accepted or through another clinic it is a 404", async () => {
  const { answer } = await invite(newAddress());
  await invitations.revokeInvitation(boss, clinicId, answer.id);
  const stored = await db().clinicInvitation.findUniqueOrThrow({ where: { id: answer.id } });
  assert.ok(stored.revokedAt);
  assert.deepEqual(await refusal(invitations.revokeInvitation(boss, clinicId, answer.id)), NOT_PENDING);

  const email = newAddress();
  const accepted = await invite(email);
  await invitations.acceptInvitation(invitee(email), accepted.token);
  assert.deepEqual(await refusal(invitations.revokeInvitation(boss, clinicId, accepted.answer.id)), NOT_PENDING);

  const elsewhere = await invite(newAddress(), "clinician", serviceAdmin, otherClinicId);
  assert.deepEqual(await refusal(invitations.revokeInvitation(serviceAdmin, clinicId, elsewhere.answer.id)), NOT_PENDING);
  assert.equal((await db().clinicInvitation.findUniqueOrThrow({ where: { id: elsewhere.answer.id } })).revokedAt, null);
});
