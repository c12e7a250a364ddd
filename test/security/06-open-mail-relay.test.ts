// Row 6 of the abuse review: POST /reports/:code/email and /lookup/:code/email sent mail to any
// address, unauthenticated, with the attacker's report title in the Subject: an open relay in
// the clinic's name. Now: limits per client address, per recipient and overall; no caller text
// in the Subject; the mail says which service sent it and why; /lookup/:code/email stores an
// address only on an anonymous record.
// Own server: mail limits on, with its own mail stand-in.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { romBody } from "@/lib/assessments/examples";
import { clientAt, newAddress } from "@/test/support/clients";
import { createTestDatabase, queryDatabase, type TestDatabase } from "@/test/support/database";
import { apiClient } from "@/test/support/http";
import { startIdentityProvider, uniqueSub, type IdentityProvider } from "@/test/support/identity-provider";
import { startResend, type ResendStandIn } from "@/test/support/resend";
import { startServer, type TestServer } from "@/test/support/server";

let idp: IdentityProvider;
let resend: ResendStandIn;
let server: TestServer;
let database: TestDatabase;
let api: ReturnType<typeof apiClient>;
let reportCode: string;

before(async () => {
  [idp, resend, database] = await Promise.all([startIdentityProvider(), startResend(), createTestDatabase()]);
  server = await startServer({
    database,
    env: {
      ...idp.env,
      ...resend.env,
      RATE_LIMIT: "on",
      TRUST_PROXY: "loopback",
      RATE_LIMIT_MAIL_PER_HOUR: "2",
      RATE_LIMIT_MAIL_PER_RECIPIENT_PER_DAY: "3",
    },
  });
  api = apiClient(server.origin);
  const { code } = (await api.post("/assessments/rom", romBody)).body;
  const report = await api.post("/reports", { title: "WIN A PRIZE http://evil.example", assessmentCodes: [code] });
  assert.equal(report.status, 200);
  reportCode = report.body.code;
});
after(async () => {
  await server?.stop();
  await Promise.all([idp?.close(), resend?.close(), database?.drop()]);
});

test("the Subject carries no caller text, and the mail names the service and why it was sent", async () => {
  const response = await clientAt(server.origin, newAddress()).post(`/reports/${reportCode}/email`, { to: "clinic@example.com" });
  assert.equal(response.status, 200);
  const mail = resend.emails().at(-1)!;
  assert.doesNotMatch(mail.subject, /PRIZE|evil/);
  assert.match(mail.text!, /Hand Assessment Service/);
  assert.match(mail.text!, /asked us to send you this hand assessment report/);
  assert.match(mail.text!, /You received this e-mail because someone entered your address/);
});

test("one address may send RATE_LIMIT_MAIL_PER_HOUR mails; the next is 429 and nothing is sent", async () => {
  const client = clientAt(server.origin, newAddress());
  assert.equal((await client.post(`/reports/${reportCode}/email`, { to: "a1@example.com" })).status, 200);
  assert.equal((await client.post(`/reports/${reportCode}/email`, { to: "a2@example.com" })).status, 200);
  const before = resend.emails().length;
  const over = await client.post(`/reports/${reportCode}/email`, { to: "a3@example.com" });
  assert.equal(over.status, 429);
  assert.equal(over.body.code, "RATE_LIMITED");
  assert.ok(Number(over.headers.get("retry-after")) >= 1);
  assert.equal(resend.emails().length, before, "nothing sent");
});

test("one recipient gets at most RATE_LIMIT_MAIL_PER_RECIPIENT_PER_DAY mails, whoever asks", async () => {
  const victim = `victim-${Date.now()}@example.com`;
  const statuses = [];
  for (let i = 0; i < 4; i++)
    statuses.push((await clientAt(server.origin, newAddress()).post(`/reports/${reportCode}/email`, { to: victim })).status);
  assert.deepEqual(statuses, [200, 200, 200, 429]);
  assert.equal(resend.emails().filter((m) => m.to.includes(victim)).length, 3);
});

test("overall: past RATE_LIMIT_MAIL_GLOBAL_PER_HOUR every address gets 429", async () => {
  const overall = await startServer({
    env: { ...resend.env, RATE_LIMIT: "on", TRUST_PROXY: "loopback", RATE_LIMIT_MAIL_GLOBAL_PER_HOUR: "3" },
  });
  try {
    const { code } = (await apiClient(overall.origin).post("/assessments/rom", romBody)).body;
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await clientAt(overall.origin, newAddress()).post(`/lookup/${code}/email`, { email: `g${i}@example.com` })).status);
    assert.deepEqual(statuses, [200, 200, 200, 429]);
  } finally {
    await overall.stop();
  }
});

// Last: it stops the server to read the database (PGlite allows one process at a time).
test("/lookup/:code/email stores the address only on an anonymous record", async () => {
  const token = await idp.token({ sub: uniqueSub("mail-owner"), roles: ["patient"] });
  const owned = (await api.post("/assessments/rom", romBody, { token })).body.code;
  const anonymous = (await api.post("/assessments/rom", romBody)).body.code;
  const mailer = clientAt(server.origin, newAddress());
  assert.equal((await mailer.post(`/lookup/${owned}/email`, { email: "stranger@example.com" })).status, 200);
  assert.equal((await mailer.post(`/lookup/${anonymous}/email`, { email: "me@example.com" })).status, 200);
  await server.stop();
  const rows = await queryDatabase<{ code: string; email: string | null }>(
    database,
    "SELECT code, email FROM assessments WHERE code = ANY($1)",
    [[owned, anonymous]],
  );
  const stored = Object.fromEntries(rows.map((r) => [r.code, r.email]));
  assert.deepEqual(stored, { [owned]: null, [anonymous]: "me@example.com" });
});
