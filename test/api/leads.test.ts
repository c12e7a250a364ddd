// POST /api/leads/developer: validation, the honeypot, and a lead that is always stored and
// e-mailed to the team when mail works (sent: true) or kept when it does not (sent: false).
// Own server: three mail set-ups (Resend, SMTP, none), each with its own database.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { apiClient } from "@/test/support/http";
import { createTestDatabase, queryDatabase, type TestDatabase } from "@/test/support/database";
import { startResend, type ResendStandIn } from "@/test/support/resend";
import { startServer, type TestServer } from "@/test/support/server";
import { startSmtp, type SmtpStandIn } from "@/test/support/smtp";

let resend: ResendStandIn;
let smtp: SmtpStandIn;
/** Resend, with LEADS_EMAIL. */
let viaResend: TestServer;
/** SMTP without LEADS_EMAIL: leads go to SMTP_FROM. */
let viaSmtp: TestServer;
/** No mail transport at all. */
let noMail: TestServer;
/** Kept past the servers' stop, to read what they stored. */
let databases: TestDatabase[] = [];

before(async () => {
  [resend, smtp] = await Promise.all([startResend(), startSmtp()]);
  databases = await Promise.all([createTestDatabase(), createTestDatabase(), createTestDatabase()]);
  // One after the other: starting servers is CPU-heavy, and the machine may be busy.
  viaResend = await startServer({ database: databases[0], env: { ...resend.env, LEADS_EMAIL: "leads@hand-team.example" } });
  viaSmtp = await startServer({ database: databases[1], env: { ...smtp.env, SMTP_FROM: "Hand Team <team@hand-team.example>" } });
  noMail = await startServer({ database: databases[2] });
});
after(async () => {
  await Promise.all([viaResend, viaSmtp, noMail].map((server) => server?.stop()));
  await Promise.all(databases.map((database) => database.drop()));
  await Promise.all([resend?.close(), smtp?.close()]);
});

let counter = 0;
const uniqueEmail = () => `dev-${process.pid}-${++counter}@example.org`;

interface LeadRow {
  type: string;
  name: string;
  email: string;
  company: string | null;
  interest: string | null;
  message: string | null;
  sent: boolean;
}

/** Which leads to look for once the servers have stopped (PGlite has one process per directory). */
const expectations: { server: () => TestServer; email: string; row: LeadRow | null }[] = [];

test("a full lead is stored, e-mailed to LEADS_EMAIL with the visitor as reply-to, and answered sent: true", async () => {
  const email = uniqueEmail();
  const lead = {
    type: "DEMO",
    name: "Ada Developer",
    email,
    company: "Clinic Apps Ltd",
    interest: "FHIR",
    message: "We want to pull scores into our EHR.",
  };
  const { status, body } = await apiClient(viaResend.origin).post("/leads/developer", lead);
  assert.equal(status, 201);
  assert.deepEqual(Object.keys(body).sort(), ["message", "received", "sent"]);
  assert.equal(body.received, true);
  assert.equal(body.sent, true);
  assert.ok(body.message.length > 0);

  const mail = resend.emails().find((m) => m.text?.includes(email));
  assert.ok(mail, "the lead was e-mailed");
  assert.deepEqual(mail.to, ["leads@hand-team.example"]);
  assert.deepEqual([(mail as unknown as { reply_to: string | string[] }).reply_to].flat(), [email]);
  for (const value of ["DEMO", "Ada Developer", "Clinic Apps Ltd", "FHIR", "We want to pull scores into our EHR."])
    assert.match(mail.text!, new RegExp(value));
  expectations.push({ server: () => viaResend, email, row: { ...lead, sent: true } });
});

test("only name and email given: type defaults to STAY_IN_TOUCH; blank free-text fields are absent", async () => {
  const email = uniqueEmail();
  const { status, body } = await apiClient(viaResend.origin).post("/leads/developer", {
    name: "  Bo  ",
    email,
    company: "",
    message: "",
    website: "",
  });
  assert.equal(status, 201);
  assert.equal(body.sent, true);
  expectations.push({
    server: () => viaResend,
    email,
    row: { type: "STAY_IN_TOUCH", name: "Bo", email, company: null, interest: null, message: null, sent: true },
  });
});

test("without LEADS_EMAIL the lead goes to SMTP_FROM", async () => {
  const email = uniqueEmail();
  const { status, body } = await apiClient(viaSmtp.origin).post("/leads/developer", { name: "Cy", email, interest: "SDK" });
  assert.equal(status, 201);
  assert.equal(body.sent, true);
  const mail = smtp.messages.find((m) => m.raw.includes(email));
  assert.ok(mail, "the lead was e-mailed");
  assert.deepEqual(mail.to, ["team@hand-team.example"]);
  expectations.push({
    server: () => viaSmtp,
    email,
    row: { type: "STAY_IN_TOUCH", name: "Cy", email, company: null, interest: "SDK", message: null, sent: true },
  });
});

test("mail failing: still 201, stored, sent: false", async () => {
  const email = uniqueEmail();
  resend.failWith(500);
  try {
    const { status, body } = await apiClient(viaResend.origin).post("/leads/developer", { name: "Di", email, message: "Please call." });
    assert.equal(status, 201);
    assert.equal(body.received, true);
    assert.equal(body.sent, false);
  } finally {
    resend.failWith(null);
  }
  expectations.push({
    server: () => viaResend,
    email,
    row: { type: "STAY_IN_TOUCH", name: "Di", email, company: null, interest: null, message: "Please call.", sent: false },
  });
});

test("mail not configured: still 201, stored, sent: false, logged without personal data", async () => {
  const email = uniqueEmail();
  const { status, body } = await apiClient(noMail.origin).post("/leads/developer", { name: "Eve Lovelace", email, company: "Secret Corp" });
  assert.equal(status, 201);
  assert.equal(body.sent, false);
  await noMail.waitForOutput(/developer lead stored but not e-mailed/);
  for (const personal of [email, "Eve Lovelace", "Secret Corp"])
    assert.ok(!noMail.output().includes(personal), `${personal} appears in the logs`);
  expectations.push({
    server: () => noMail,
    email,
    row: { type: "STAY_IN_TOUCH", name: "Eve Lovelace", email, company: "Secret Corp", interest: null, message: null, sent: false },
  });
});

test("a filled honeypot gets the normal 201 and nothing is stored or sent", async () => {
  const email = uniqueEmail();
  const before = resend.requests.length;
  const { status, body } = await apiClient(viaResend.origin).post("/leads/developer", {
    name: "Bot",
    email,
    website: "http://spam.example",
  });
  assert.equal(status, 201);
  assert.deepEqual(body, { received: true, sent: true, message: body.message });
  assert.equal(resend.requests.length, before);
  expectations.push({ server: () => viaResend, email, row: null });
});

test("validation errors are 400 naming the field", async () => {
  const api = apiClient(noMail.origin);
  const valid = { name: "Fay", email: uniqueEmail() };
  const cases: [Record<string, unknown>, string][] = [
    [{ email: valid.email }, "name"],
    [{ ...valid, name: "   " }, "name"],
    [{ name: "Fay" }, "email"],
    [{ ...valid, email: "not-an-address" }, "email"],
    [{ ...valid, type: "NEWSLETTER" }, "type"],
    [{ ...valid, interest: "BLOCKCHAIN" }, "interest"],
    // An enumeration left blank is no value of it: the document says so, and so does the answer.
    [{ ...valid, interest: "" }, "interest"],
    [{ ...valid, type: "" }, "type"],
    [{ ...valid, message: "m".repeat(4001) }, "message"],
    [{ ...valid, company: 42 }, "company"],
  ];
  for (const [body, field] of cases) {
    const response = await api.post("/leads/developer", body);
    assert.equal(response.status, 400, JSON.stringify(body).slice(0, 60));
    assert.equal(response.body.field, field);
  }
  const longest = await api.post("/leads/developer", { ...valid, message: "m".repeat(4000) });
  assert.equal(longest.status, 201);
});

test("what was accepted is in the leads table, what was absorbed is not", async () => {
  await Promise.all([viaResend, viaSmtp, noMail].map((server) => server.stop()));
  for (const { server, email, row } of expectations) {
    const rows = await queryDatabase<LeadRow>(
      server().database,
      `SELECT type::text, name, email, company, interest::text, message, sent FROM leads WHERE email = $1`,
      [email],
    );
    assert.deepEqual(rows, row ? [row] : [], email);
  }
});
