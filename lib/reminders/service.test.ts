// Re-measure reminders against an in-process database and a loopback stand-in of the Resend API,
// with the job's clock set by the test: when the next one is due, what the e-mail says, that a
// due period is sent once, that a service that was down skips the periods it missed, that a
// reminder refused by the mail limits or the transport waits for a later run, and which
// unsubscribe links stop them. test/api/reminders.test.ts proves the same through the routes.
import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import { after, afterEach, before, test } from "node:test";
import type { AccessContext } from "@/lib/audit";
import type { AuthUser } from "@/lib/auth/guard";
import { reminderUpdate } from "@/lib/reminders/schemas";
import type { TestDatabase } from "@/test/support/database";
import { dropDatabase, useFreshDatabase } from "@/test/support/in-process-db";
import { startResend, type ResendStandIn, type SentEmail } from "@/test/support/resend";

const WEEK = 7 * 24 * 60 * 60 * 1000;
/** A Monday, 09:00 UTC: the due date the tests give a reminder. */
const DUE = new Date("2030-01-07T09:00:00.000Z");

let database: TestDatabase;
let resend: ResendStandIn;
let service: typeof import("@/lib/reminders/service");
let settings: typeof import("@/lib/reminders/settings");
let db: typeof import("@/lib/db").db;
let clinicId: number;

before(async () => {
  resend = await startResend();
  delete process.env.SMTP_HOST;
  Object.assign(process.env, resend.env, {
    FRONTEND_URL: "https://hand.example",
    RATE_LIMIT: "on",
    RATE_LIMIT_MAIL_PER_RECIPIENT_PER_DAY: "2",
    REMINDERS_TEST_CLOCK: "true",
    ALLOW_DEV_AUTH: "true",
    LOG_LEVEL: "silent",
  });
  database = await useFreshDatabase();
  service = await import("@/lib/reminders/service");
  settings = await import("@/lib/reminders/settings");
  ({ db } = await import("@/lib/db"));
  clinicId = (await db().clinic.create({ data: { name: "Reminder Clinic", joinCode: "ABCDEFGHJK", createdBy: "test" } })).id;
  await db().clinicMember.create({ data: { clinicId, sub: "test|doc", role: "clinician", addedBy: "test" } });
});
// Each test's reminders stop at its end, so a later test's run sends only its own.
afterEach(() => db().reminder.updateMany({ data: { nextDueAt: null } }));
after(async () => {
  await dropDatabase(database);
  await resend.close();
});

let patients = 0;
/** A patient with an e-mail address, sharing with the reminder clinic. */
async function patient(name: string | null = "Pat Reminder"): Promise<AuthUser> {
  const n = ++patients;
  const email = `reminder-${n}@example.com`;
  const contact = await db().contact.create({ data: { sub: `test|patient-${n}`, kind: "PATIENT", roles: ["patient"], email, name } });
  await db().patientShare.create({ data: { patientId: contact.id, clinicId } });
  return { sub: contact.sub!, email, name, roles: ["patient"], contactId: contact.id, kind: "PATIENT" };
}

const doc: AuthUser = { sub: "test|doc", email: null, name: null, roles: ["care_provider"], contactId: 0, kind: "STAFF" };
let requests = 0;
const context = (who: AuthUser): AccessContext & { user: AuthUser } => ({
  user: who,
  route: "/api/patients/{id}/reminders",
  requestId: `req-${++requests}`,
  clientRequestId: null,
  address: "10.4.0.1",
  limits: { key: `user:${who.sub}`, site: null },
});

const optIn = (who: AuthUser, intervalWeeks: number, timeZone?: string, locale: "en" | "es" = "en") =>
  settings.setMyReminders(who, reminderUpdate.parse({ intervalWeeks, timeZone }), locale);

/** Opts in and puts the next reminder at `due`. */
async function dueAt(who: AuthUser, intervalWeeks: number, due = DUE, timeZone?: string, locale: "en" | "es" = "en") {
  await optIn(who, intervalWeeks, timeZone, locale);
  await db().reminder.update({ where: { contactId: who.contactId }, data: { nextDueAt: due } });
}

const stored = (who: AuthUser) => db().reminder.findUniqueOrThrow({ where: { contactId: who.contactId } });
const mailsTo = (who: AuthUser): SentEmail[] => resend.emails().filter((mail) => mail.to.includes(who.email!));
const unsubscribeToken = (mail: SentEmail) => /\/api\/reminders\/unsubscribe\/(\S+)$/m.exec(mail.text!)![1]!;
const later = (date: Date, ms: number) => new Date(date.getTime() + ms);

/** The status of the refusal `attempt` throws or rejects with. */
async function refusal(attempt: Promise<unknown> | (() => Promise<unknown>)) {
  const promise = typeof attempt === "function" ? Promise.resolve().then(attempt) : attempt;
  const error = (await promise.then(
    () => assert.fail("expected a refusal"),
    (caught: unknown) => caught,
  )) as { status: number };
  return error.status;
}

test("the intervals offered are 1, 2 and 4 weeks", () => {
  assert.deepEqual(
    [0, 1, 2, 3, 4, 5, 8].map((weeks) => reminderUpdate.safeParse({ intervalWeeks: weeks }).success),
    [false, true, true, false, true, false, false],
  );
});

test("opting in: the next reminder one interval from now, the request's language and zone, set by the patient", async () => {
  const ana = await patient();
  assert.deepEqual(await settings.myReminders(ana), {
    enabled: false,
    intervalWeeks: null,
    nextDueAt: null,
    timeZone: null,
    locale: null,
    setBy: null,
    lastSentAt: null,
  });
  const before = Date.now();
  const set = await optIn(ana, 2, "Europe/Madrid", "es");
  const due = Date.parse(set.nextDueAt!);
  assert.ok(due >= before + 2 * WEEK && due <= Date.now() + 2 * WEEK, set.nextDueAt!);
  assert.deepEqual(
    { ...set, nextDueAt: null },
    {
      enabled: true,
      intervalWeeks: 2,
      nextDueAt: null,
      timeZone: "Europe/Madrid",
      locale: "es",
      setBy: "patient",
      lastSentAt: null,
    },
  );
  assert.deepEqual(await settings.myReminders(ana), set);
});

test("the same interval again keeps its date; a new interval, or turning on again, sets one interval from now", async () => {
  const ben = await patient();
  await dueAt(ben, 2);
  const same = await optIn(ben, 2);
  assert.equal(same.nextDueAt, DUE.toISOString());
  assert.equal(same.timeZone, "UTC", "no zone given, none stored: UTC");

  const before = Date.now();
  const changed = await optIn(ben, 4, "America/New_York");
  assert.ok(Date.parse(changed.nextDueAt!) >= before + 4 * WEEK, changed.nextDueAt!);
  assert.equal(changed.timeZone, "America/New_York");
  assert.equal((await optIn(ben, 1)).timeZone, "America/New_York", "no zone given: the stored one is kept");

  const { nextDueAt, ...stopped } = await settings.stopMyReminders(ben);
  assert.equal(nextDueAt, null);
  assert.equal(stopped.enabled, false);
  assert.equal(stopped.intervalWeeks, 1);
  const again = await optIn(ben, 1);
  assert.ok(Date.parse(again.nextDueAt!) >= Date.now() - 1000 + WEEK - 1000, "turned on again: a week from now");
});

test("a clinician's change is set by the clinician and keeps the patient's language; the patient's own changes are theirs", async () => {
  const cai = await patient();
  await dueAt(cai, 2, DUE, "Europe/Madrid", "es");
  const byDoc = await settings.setPatientReminders(context(doc), cai.contactId, reminderUpdate.parse({ intervalWeeks: 4 }), "en");
  assert.equal(byDoc.setBy, "clinician");
  assert.equal(byDoc.locale, "es");
  assert.equal(byDoc.timeZone, "Europe/Madrid");
  // The clinician's interval again: its date and who set it stay.
  const kept = await settings.setPatientReminders(context(cai), cai.contactId, reminderUpdate.parse({ intervalWeeks: 4 }), "en");
  assert.equal(kept.setBy, "clinician");
  assert.equal(kept.nextDueAt, byDoc.nextDueAt);
  // The patient through their own id is the patient, and their language is the request's.
  const own = await settings.setPatientReminders(context(cai), cai.contactId, reminderUpdate.parse({ intervalWeeks: 1 }), "en");
  assert.deepEqual([own.setBy, own.locale], ["patient", "en"]);
  assert.deepEqual(await settings.patientReminders(context(doc), cai.contactId), own);
  assert.equal((await settings.stopPatientReminders(context(doc), cai.contactId)).enabled, false);
});

test("a clinician's first opt-in writes in the request's language; a record without an e-mail address cannot opt in", async () => {
  const dee = await patient();
  const set = await settings.setPatientReminders(context(doc), dee.contactId, reminderUpdate.parse({ intervalWeeks: 1 }), "es");
  assert.deepEqual([set.setBy, set.locale], ["clinician", "es"]);
  const noAddress = await patient();
  await db().contact.update({ where: { id: noAddress.contactId }, data: { email: null } });
  await assert.rejects(optIn(noAddress, 1), { status: 409, message: "This record has no e-mail address to send reminders to" });
  assert.equal((await settings.myReminders(noAddress)).enabled, false);
});

test("a staff token has no reminders of its own, and a clinician outside the patient's clinics cannot reach theirs", async () => {
  assert.equal(await refusal(() => settings.myReminders(doc)), 403);
  assert.equal(await refusal(() => settings.setMyReminders(doc, reminderUpdate.parse({ intervalWeeks: 1 }), "en")), 403);
  assert.equal(await refusal(() => settings.stopMyReminders(doc)), 403);
  const eve = await patient();
  const stranger: AuthUser = { ...doc, sub: "test|stranger" };
  assert.equal(await refusal(settings.patientReminders(context(stranger), eve.contactId)), 404);
  assert.equal(
    await refusal(settings.setPatientReminders(context(stranger), eve.contactId, reminderUpdate.parse({ intervalWeeks: 1 }), "en")),
    404,
  );
  assert.equal(await refusal(settings.stopPatientReminders(context(stranger), eve.contactId)), 404);
});

test("not sent before it is due; sent when due, in the patient's language and zone, first name only, with one-click unsubscribe headers", async () => {
  const ana = await patient("  Ana María   García ");
  await dueAt(ana, 2, new Date("2030-01-07T23:30:00.000Z"), "Europe/Madrid", "es");
  assert.deepEqual(await service.runDueReminders(new Date("2030-01-07T23:29:59.999Z")), { sent: 0, deferred: 0, skipped: 0 });
  assert.equal(mailsTo(ana).length, 0);
  const at = new Date("2030-01-07T23:30:00.000Z");
  assert.deepEqual(await service.runDueReminders(at), { sent: 1, deferred: 0, skipped: 0 });
  const [mail] = mailsTo(ana);
  const token = unsubscribeToken(mail!);
  const link = `https://hand.example/api/reminders/unsubscribe/${token}`;
  assert.equal(mail!.subject, "Es hora de volver a medir sus manos (Servicio de Evaluación de la Mano)");
  assert.equal(
    mail!.text,
    [
      "Hola, Ana:",
      "",
      "Es hora de volver a medir sus manos. Este recordatorio llega cada 2 semanas: medir con regularidad les muestra a usted y a su profesional clínico cómo evolucionan sus manos.",
      "",
      "Mida sus manos en el navegador (o con la aplicación) y luego vea sus resultados: https://hand.example/measure",
      "",
      // Two weeks on, 23:30 UTC is the next day in Madrid.
      "Próximo recordatorio: 22 ene 2030.",
      `Para dejar de recibir estos recordatorios, abra esta página y pulse «Darse de baja»: ${link}`,
      "",
      "Ha recibido este correo porque se activaron los recordatorios para volver a medir en su cuenta de hand.example (Servicio de Evaluación de la Mano).",
    ].join("\n"),
  );
  assert.deepEqual(mail!.headers, { "List-Unsubscribe": `<${link}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
  const row = await stored(ana);
  assert.equal(row.nextDueAt!.toISOString(), "2030-01-21T23:30:00.000Z");
  assert.equal(row.lastSentAt!.toISOString(), at.toISOString());
  assert.equal((await settings.myReminders(ana)).lastSentAt, at.toISOString());
  assert.deepEqual(await service.runDueReminders(later(at, WEEK)), { sent: 0, deferred: 0, skipped: 0 }, "sent once per period");
});

test("a patient without a name is greeted plainly, in English by default, and a weekly reminder says so", async () => {
  const anon = await patient(null);
  await dueAt(anon, 1);
  await service.runDueReminders(DUE);
  const [mail] = mailsTo(anon);
  assert.equal(mail!.subject, "Time to measure your hands again (Hand Assessment Service)");
  assert.deepEqual(mail!.text!.split("\n").slice(0, 3), [
    "Hello,",
    "",
    "It is time to measure your hands again. This reminder comes every week: regular measurements show you and your clinician how your hands are doing.",
  ]);
  assert.match(mail!.text!, /^Next reminder: Jan 14, 2030\.$/m);
  const blank = await patient("   ");
  await dueAt(blank, 1);
  await service.runDueReminders(DUE);
  assert.equal(mailsTo(blank)[0]!.text!.split("\n")[0], "Hello,");
  const named = await patient("Bo");
  await dueAt(named, 4);
  // A locale the service no longer speaks falls back to English.
  await db().reminder.update({ where: { contactId: named.contactId }, data: { locale: "xx" } });
  await service.runDueReminders(DUE);
  assert.match(mailsTo(named)[0]!.text!, /^Hello Bo,\n\nIt is time to measure your hands again\. This reminder comes every 4 weeks:/);
});

test("periods missed while the service was down are skipped: one reminder, then the next date after now", async () => {
  const dan = await patient();
  await dueAt(dan, 2);
  // Three and a half periods late: one e-mail, due again half a period on.
  assert.deepEqual(await service.runDueReminders(later(DUE, 7 * WEEK)), { sent: 1, deferred: 0, skipped: 0 });
  assert.equal((await stored(dan)).nextDueAt!.toISOString(), later(DUE, 8 * WEEK).toISOString());
  assert.equal(mailsTo(dan).length, 1);

  const eva = await patient();
  await dueAt(eva, 1);
  // Exactly one period late: the period due now is this one, the next is a period on.
  await service.runDueReminders(later(DUE, WEEK));
  assert.equal((await stored(eva)).nextDueAt!.toISOString(), later(DUE, 2 * WEEK).toISOString());
  const fay = await patient();
  await dueAt(fay, 4);
  await service.runDueReminders(later(DUE, 1));
  assert.equal((await stored(fay)).nextDueAt!.toISOString(), later(DUE, 4 * WEEK).toISOString());
});

test("runs racing each other send each due reminder once", async () => {
  const gus = await patient();
  const hal = await patient();
  await dueAt(gus, 1);
  await dueAt(hal, 1);
  const results = await Promise.all([service.runDueReminders(DUE), service.runDueReminders(DUE), service.runDueReminders(DUE)]);
  assert.equal(
    results.reduce((sum, result) => sum + result.sent, 0),
    2,
  );
  assert.equal(mailsTo(gus).length, 1);
  assert.equal(mailsTo(hal).length, 1);
});

test("a reminder over the mail limits waits: its date and last sending are given back, and it is not sent", async () => {
  const ivy = await patient();
  await dueAt(ivy, 1);
  // The recipient's allowance is two e-mails a day.
  await service.runDueReminders(DUE);
  await service.runDueReminders(later(DUE, WEEK));
  const before = await stored(ivy);
  assert.equal(mailsTo(ivy).length, 2);
  assert.deepEqual(await service.runDueReminders(later(DUE, 2 * WEEK)), { sent: 0, deferred: 1, skipped: 0 });
  const after = await stored(ivy);
  assert.equal(after.nextDueAt!.toISOString(), before.nextDueAt!.toISOString());
  assert.equal(after.lastSentAt!.toISOString(), before.lastSentAt!.toISOString());
  assert.equal(mailsTo(ivy).length, 2);
});

test("a reminder the transport refuses waits for a later run, which sends it", async () => {
  const jon = await patient();
  await dueAt(jon, 2);
  resend.failWith(500);
  try {
    assert.deepEqual(await service.runDueReminders(DUE), { sent: 0, deferred: 1, skipped: 0 });
  } finally {
    resend.failWith(null);
  }
  const waiting = await stored(jon);
  assert.equal(waiting.nextDueAt!.toISOString(), DUE.toISOString());
  assert.equal(waiting.lastSentAt, null);
  assert.deepEqual(await service.runDueReminders(later(DUE, 60_000)), { sent: 1, deferred: 0, skipped: 0 });
  assert.equal((await stored(jon)).nextDueAt!.toISOString(), later(DUE, 2 * WEEK).toISOString());
});

test("a due reminder whose patient has no address any more is skipped and moved on", async () => {
  const kit = await patient();
  await dueAt(kit, 1);
  await db().contact.update({ where: { id: kit.contactId }, data: { email: null } });
  assert.deepEqual(await service.runDueReminders(DUE), { sent: 0, deferred: 0, skipped: 1 });
  assert.equal((await stored(kit)).nextDueAt!.toISOString(), later(DUE, WEEK).toISOString());
});

const GONE = "This unsubscribe link is not valid: it was altered, or a newer opt-in replaced it";

test("the e-mail's link stops the reminders; an altered, malformed or replaced link is a 404", async () => {
  const lou = await patient();
  const max = await patient();
  await dueAt(lou, 1);
  await dueAt(max, 1);
  await service.runDueReminders(DUE);
  const token = unsubscribeToken(mailsTo(lou)[0]!);
  const [id, nonce, signature] = token.split(".") as [string, string, string];
  assert.equal(id, String(lou.contactId));
  assert.match(nonce, /^[A-Za-z0-9_-]{22}$/);
  assert.match(signature, /^[A-Za-z0-9_-]{43}$/);
  const flip = (text: string, at: number) => text.slice(0, at) + (text[at] === "A" ? "B" : "A") + text.slice(at + 1);
  for (const altered of [
    `${max.contactId}.${nonce}.${signature}`,
    `${id}.${flip(nonce, 0)}.${signature}`,
    `${id}.${nonce}.${flip(signature, 0)}`,
    `${id}.${nonce}.${flip(signature, 42)}`,
    `0${id}.${nonce}.${signature}`,
    `${id}.${nonce}.${signature}A`,
    `x${token}`,
    `${id}.${nonce}`,
    "",
  ]) {
    await assert.rejects(service.unsubscribe(altered), { status: 404, message: GONE }, altered);
  }
  assert.equal((await stored(lou)).nextDueAt!.toISOString(), later(DUE, WEEK).toISOString(), "still on after the bad links");
  assert.deepEqual(await service.unsubscribe(token), { unsubscribed: true, message: "You will get no more re-measure reminders" });
  assert.equal((await settings.myReminders(lou)).enabled, false);
  assert.equal((await settings.myReminders(max)).enabled, true, "the other patient's reminders go on");

  // Opting in again makes a new link: the old one no longer stops anything.
  await optIn(lou, 1);
  await assert.rejects(service.unsubscribe(token), { status: 404, message: GONE });
  assert.equal((await settings.myReminders(lou)).enabled, true);
  const kept = (await stored(max)).tokenNonce;
  await optIn(max, 2);
  assert.equal((await stored(max)).tokenNonce, kept, "changing the interval while on keeps the link");
});

test("a token is the patient, the random part and the HMAC-SHA256 of both under the service's stored key; any other signature fails", async () => {
  // The largest id a token may carry (ten digits), so the whole id is read.
  const contact = await db().contact.create({
    data: { id: 2_147_483_647, sub: "test|patient-max", kind: "PATIENT", roles: ["patient"], email: "reminder-max@example.com" },
  });
  const ned: AuthUser = { sub: contact.sub!, email: contact.email, name: null, roles: ["patient"], contactId: contact.id, kind: "PATIENT" };
  await dueAt(ned, 1);
  await service.runDueReminders(DUE);
  const token = unsubscribeToken(mailsTo(ned)[0]!);
  const [id, nonce] = token.split(".") as [string, string];
  assert.deepEqual(await service.verifyToken(token), { patientId: ned.contactId, nonce });
  const { key } = await db().serviceKey.findUniqueOrThrow({ where: { name: "reminder-links" } });
  assert.equal(key.length, 32);
  assert.equal(token.split(".")[2], createHmac("sha256", Buffer.from(key)).update(`unsubscribe:${id}.${nonce}`).digest("base64url"));
  assert.equal(nonce, (await stored(ned)).tokenNonce);
  assert.equal(await service.verifyToken(`${id}.${nonce}.${"A".repeat(43)}`), null);
  assert.equal(await service.verifyToken(`${"9".repeat(11)}.${nonce}.${"A".repeat(43)}`), null);
});

test("the admin's run now uses the test clock when the server allows one", async () => {
  const ola = await patient();
  await dueAt(ola, 1);
  assert.deepEqual(await settings.runReminders(later(DUE, -1).toISOString()), { sent: 0, deferred: 0, skipped: 0 });
  assert.deepEqual(await settings.runReminders(DUE.toISOString()), { sent: 1, deferred: 0, skipped: 0 });
});
