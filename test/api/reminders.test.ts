// Re-measure reminders by e-mail: opting in (the patient, or a clinician of a clinic the patient
// shares with), the job run at a faked clock (POST /admin/reminders/run with `now`, which the
// server allows under REMINDERS_TEST_CLOCK) sending through the Resend stand-in once per due
// period however many runs race, one-click unsubscribe by the e-mail's signed link, and the mail
// limits every e-mail shares (here two e-mails per recipient per day).
// Own server: the reminder job's test clock and its own mail stand-in.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { romBody } from "@/lib/assessments/examples";
import { careTeam } from "@/test/support/care-team";
import { apiClient, checked } from "@/test/support/http";
import { startIdentityProvider, uniqueSub, type IdentityProvider } from "@/test/support/identity-provider";
import { startResend, type ResendStandIn, type SentEmail } from "@/test/support/resend";
import { ownOriginEnv, startServer, type TestServer } from "@/test/support/server";

const WEEK = 7 * 24 * 60 * 60 * 1000;
const postgres = Boolean(process.env.TEST_DATABASE_URL || process.env.DATABASE_URL);

let idp: IdentityProvider;
let resend: ResendStandIn;
let server: TestServer;
let api: ReturnType<typeof apiClient>;
let admin: string;

before(async () => {
  [idp, resend] = await Promise.all([startIdentityProvider(), startResend()]);
  server = await startServer({
    env: {
      ...idp.env,
      ...resend.env,
      ...(await ownOriginEnv()),
      REMINDERS_TEST_CLOCK: "true",
      RATE_LIMIT: "on",
      RATE_LIMIT_MAIL_PER_RECIPIENT_PER_DAY: "2",
    },
  });
  api = apiClient(server.origin);
  admin = await idp.token({ roles: ["admin"], name: "Reminder Admin" });
});
after(async () => {
  await server?.stop();
  await Promise.all([idp?.close(), resend?.close()]);
});

let patients = 0;
async function patient(name = "Pat Reminder") {
  const email = `reminder-${++patients}-${Date.now()}@example.com`;
  const sub = uniqueSub("patient");
  return { sub, email, token: await idp.token({ sub, roles: ["patient"], name, email }) };
}

async function optIn(token: string, body: Record<string, unknown>, language = "en") {
  const answer = await api.request<any>("PUT", "/patients/me/reminders", body, { token, headers: { "accept-language": language } });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body as { enabled: boolean; intervalWeeks: number; nextDueAt: string; locale: string; timeZone: string; setBy: string };
}

async function run(at: Date, origin = server.origin) {
  const answer = await apiClient(origin).post("/admin/reminders/run", { now: at.toISOString() }, { token: admin });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body as { sent: number; deferred: number; skipped: number };
}

const mailsTo = (email: string): SentEmail[] => resend.emails().filter((mail) => mail.to.includes(email));
const later = (iso: string, ms: number) => new Date(Date.parse(iso) + ms);
const unsubscribeUrl = (mail: SentEmail) => /^<(.+)>$/.exec(mail.headers?.["List-Unsubscribe"] ?? "")?.[1] ?? "";

describe("opting in", () => {
  test("the patient opts in: the interval, next date one interval on, the request's language and the browser's zone are stored", async () => {
    const ana = await patient("Ana García López");
    const before = Date.now();
    const set = await optIn(ana.token, { intervalWeeks: 2, timeZone: "Europe/Madrid" }, "es-ES,es;q=0.9");
    assert.equal(set.enabled, true);
    assert.equal(set.intervalWeeks, 2);
    assert.equal(set.locale, "es");
    assert.equal(set.timeZone, "Europe/Madrid");
    assert.equal(set.setBy, "patient");
    assert.ok(Date.parse(set.nextDueAt) >= before + 2 * WEEK && Date.parse(set.nextDueAt) <= Date.now() + 2 * WEEK);
    const read = await api.get("/patients/me/reminders", { token: ana.token });
    assert.deepEqual(read.body, { ...set, lastSentAt: null });
  });

  test("the same interval again keeps its date; a new interval, or turning on again, sets one interval from now", async () => {
    const pat = await patient();
    const pause = () => new Promise((resolve) => setTimeout(resolve, 20));
    const first = await optIn(pat.token, { intervalWeeks: 2 });
    await pause();
    assert.equal((await optIn(pat.token, { intervalWeeks: 2 })).nextDueAt, first.nextDueAt, "the same interval keeps its date");
    await pause();
    const sentAt = Date.now();
    const changed = await optIn(pat.token, { intervalWeeks: 4 });
    assert.ok(Date.parse(changed.nextDueAt) >= sentAt + 4 * WEEK && Date.parse(changed.nextDueAt) <= Date.now() + 4 * WEEK);
    const stopped = await api.request<any>("DELETE", "/patients/me/reminders", undefined, { token: pat.token });
    assert.ok(stopped.status < 300, JSON.stringify(stopped.body));
    await pause();
    const again = await optIn(pat.token, { intervalWeeks: 4 });
    assert.ok(Date.parse(again.nextDueAt) > Date.parse(changed.nextDueAt), "turned on again: one interval from now");
  });

  test("an interval other than 1, 2 or 4 weeks, or a zone that is not one, is a 400 naming the field", async () => {
    const pat = await patient();
    const weeks = await api.request<any>("PUT", "/patients/me/reminders", { intervalWeeks: 3 }, { token: pat.token });
    assert.equal(weeks.status, 400);
    assert.match(weeks.body.error, /intervalWeeks/);
    const zone = await api.request<any>(
      "PUT",
      "/patients/me/reminders",
      { intervalWeeks: 1, timeZone: "Mars/Olympus" },
      { token: pat.token },
    );
    assert.equal(zone.status, 400);
    assert.match(zone.body.error, /timeZone/);
  });

  test("a record without an e-mail address cannot opt in (409)", async () => {
    const token = await idp.token({ sub: uniqueSub("patient"), roles: ["patient"], name: "No Mail" });
    const answer = await api.request<any>("PUT", "/patients/me/reminders", { intervalWeeks: 1 }, { token });
    assert.equal(answer.status, 409);
  });

  test("a clinician of a sharing clinic changes the interval (the patient's language stays); another clinic's gets 404", async () => {
    const pat = await patient();
    await optIn(pat.token, { intervalWeeks: 1, timeZone: "America/Mexico_City" }, "es");
    const clinician = uniqueSub("clinician");
    const outsider = uniqueSub("clinician");
    const team = await careTeam(api, idp, [clinician]);
    await team.share(pat.token);
    const id = (await api.get("/patients/me", { token: pat.token })).body.id;
    const token = await idp.token({ sub: clinician, roles: ["care_provider"], name: "Dr Remind" });
    const changed = await api.request<any>(
      "PUT",
      `/patients/${id}/reminders`,
      { intervalWeeks: 4 },
      { token, headers: { "accept-language": "en" } },
    );
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    assert.equal(changed.body.intervalWeeks, 4);
    assert.equal(changed.body.setBy, "clinician");
    assert.equal(changed.body.locale, "es");
    assert.equal(changed.body.timeZone, "America/Mexico_City");
    const other = await idp.token({ sub: outsider, roles: ["care_provider"], name: "Dr Elsewhere" });
    assert.equal((await api.request<any>("PUT", `/patients/${id}/reminders`, { intervalWeeks: 1 }, { token: other })).status, 404);
    const stopped = await api.request<any>("DELETE", `/patients/${id}/reminders`, undefined, { token });
    assert.equal(stopped.body.enabled, false);
    assert.equal((await api.get("/patients/me/reminders", { token: pat.token })).body.enabled, false);
  });
});

describe("the job", () => {
  test("not sent before it is due; sent once when due, in the patient's language and zone, first name only, with one-click unsubscribe headers", async () => {
    const ana = await patient("Ana García López");
    const set = await optIn(ana.token, { intervalWeeks: 2, timeZone: "Europe/Madrid" }, "es");
    await run(later(set.nextDueAt, -60 * 60 * 1000));
    assert.equal(mailsTo(ana.email).length, 0, "an hour before it is due");
    await run(later(set.nextDueAt, 60 * 1000));
    await run(later(set.nextDueAt, 2 * 60 * 1000));
    const mails = mailsTo(ana.email);
    assert.equal(mails.length, 1);
    const [mail] = mails;
    assert.match(mail!.subject, /^Es hora de volver a medir sus manos/);
    assert.match(mail!.text!, /^Hola, Ana:/);
    assert.doesNotMatch(mail!.text!, /García|López/);
    const next = later(set.nextDueAt, 2 * WEEK);
    const date = new Intl.DateTimeFormat("es", { day: "numeric", month: "short", year: "numeric", timeZone: "Europe/Madrid" }).format(next);
    assert.ok(mail!.text!.includes(`Próximo recordatorio: ${date}.`), mail!.text);
    assert.equal(mail!.headers?.["List-Unsubscribe-Post"], "List-Unsubscribe=One-Click");
    assert.match(unsubscribeUrl(mail!), new RegExp(`^${server.origin}/api/reminders/unsubscribe/\\d+\\.[\\w-]{22}\\.[\\w-]{43}$`));
    assert.ok(mail!.text!.includes(unsubscribeUrl(mail!)));
    const after = (await api.get("/patients/me/reminders", { token: ana.token })).body;
    assert.equal(after.nextDueAt, next.toISOString());
    assert.ok(after.lastSentAt);
    assert.doesNotMatch(server.output(), new RegExp(ana.email.replace(/[.]/g, "\\.")));
    assert.doesNotMatch(server.output(), /unsubscribe\/\d+\./);
  });

  test("runs racing each other (a retried job, two instances) send each due reminder once", async () => {
    const group = await Promise.all([patient(), patient(), patient()]);
    const sets = await Promise.all(group.map((p) => optIn(p.token, { intervalWeeks: 1 })));
    const at = later(
      sets
        .map((s) => s.nextDueAt)
        .sort()
        .at(-1)!,
      60 * 1000,
    );
    const second = postgres
      ? await startServer({ database: server.database, env: { ...idp.env, ...resend.env, REMINDERS_TEST_CLOCK: "true" } })
      : null;
    try {
      const origins = [server.origin, second?.origin ?? server.origin, server.origin, second?.origin ?? server.origin];
      const results = await Promise.all(origins.map((origin) => run(at, origin)));
      assert.ok(results.reduce((sum, r) => sum + r.sent, 0) >= 3);
    } finally {
      await second?.stop();
    }
    for (const p of group) assert.equal(mailsTo(p.email).length, 1, "one reminder per patient");
  });

  test("the one-click POST (no sign-in) stops the next reminder; an altered or replaced link is refused", async () => {
    const una = await patient("Una Subscribe");
    const set = await optIn(una.token, { intervalWeeks: 1 });
    await run(later(set.nextDueAt, 60 * 1000));
    const url = unsubscribeUrl(mailsTo(una.email)[0]!);
    const path = new URL(url).pathname.replace(/^\/api/, "");
    const token = path.split("/").at(-1)!;
    const [id, nonce, signature] = token.split(".") as [string, string, string];
    const oneClick = async (p: string) =>
      checked(
        server.origin,
        "POST",
        p,
        await fetch(`${server.origin}/api${p}`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: "List-Unsubscribe=One-Click",
        }),
      );
    const flipped = signature.slice(0, -1) + (signature.endsWith("A") ? "B" : "A");
    // The last character of 32 bytes in base64url carries two unused bits: flipping one decodes
    // to the same bytes, yet it is not the link that was sent.
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const respelled = signature.slice(0, -1) + alphabet[alphabet.indexOf(signature.at(-1)!) ^ 1];
    for (const altered of [
      `${id}.${nonce}.${flipped}`,
      `${id}.${nonce}.${respelled}`,
      `${Number(id) + 1}.${nonce}.${signature}`,
      `${id}.${"x".repeat(22)}.${signature}`,
      "nonsense",
    ]) {
      assert.equal((await oneClick(`/reminders/unsubscribe/${altered}`)).status, 404, altered);
    }
    assert.equal((await api.get("/patients/me/reminders", { token: una.token })).body.enabled, true, "an altered link changes nothing");

    const page = await checked(server.origin, "GET", path, await fetch(url, { redirect: "manual" }));
    assert.equal(page.status, 303);
    assert.equal(page.headers.get("location"), `/reminders/unsubscribe/${token}`);
    assert.equal((await api.get("/patients/me/reminders", { token: una.token })).body.enabled, true, "a GET changes nothing");
    // contract: the page the link lands on, not the API
    const html = await (await fetch(new URL(page.headers.get("location")!, server.origin))).text();
    assert.match(html, /Stop re-measure reminders/);
    assert.match(html, />Unsubscribe</);

    const done = await oneClick(path);
    assert.equal(done.status, 200);
    assert.equal(done.body.unsubscribed, true);
    assert.equal((await oneClick(path)).status, 200, "again: still unsubscribed");
    const off = (await api.get("/patients/me/reminders", { token: una.token })).body;
    assert.equal(off.enabled, false);
    await run(later(set.nextDueAt, WEEK + 60 * 1000));
    assert.equal(mailsTo(una.email).length, 1, "no reminder after unsubscribing");

    await optIn(una.token, { intervalWeeks: 1 });
    assert.equal((await oneClick(path)).status, 404, "opting in again voids the older links");
    assert.equal((await api.get("/patients/me/reminders", { token: una.token })).body.enabled, true);
  });

  test("reminders spend the mail limits every e-mail spends: over them, the reminder waits for a later run", async () => {
    const lim = await patient("Lim Ited");
    const set = await optIn(lim.token, { intervalWeeks: 1 });
    const rom = await api.post("/assessments/rom", romBody);
    for (let i = 0; i < 2; i++) assert.equal((await api.post(`/lookup/${rom.body.code}/email`, { email: lim.email })).status, 200);
    const result = await run(later(set.nextDueAt, 60 * 1000));
    assert.ok(result.deferred >= 1);
    assert.equal(mailsTo(lim.email).filter((mail) => mail.headers?.["List-Unsubscribe"]).length, 0);
    const still = (await api.get("/patients/me/reminders", { token: lim.token })).body;
    assert.equal(still.nextDueAt, set.nextDueAt, "still due: a later run sends it");
    assert.equal(still.lastSentAt, null);
  });

  test("the job's clock is the service admin's to set, and only theirs", async () => {
    const now = { now: new Date().toISOString() };
    const pat = await patient();
    const clinicianSub = uniqueSub("clinician");
    const clinician = await idp.token({ sub: clinicianSub, roles: ["care_provider"] });
    const team = await careTeam(api, idp, [clinicianSub]);
    await team.share(pat.token);
    for (const [who, token] of [
      ["a patient", pat.token],
      ["a clinician of a clinic the patient shares with", clinician],
    ] as const) {
      assert.equal((await api.post("/admin/reminders/run", now, { token })).status, 403, who);
    }
    assert.equal((await api.post("/admin/reminders/run", now, { unchecked: true })).status, 401, "no token");
    assert.equal((await api.post("/admin/reminders/run", now, { token: admin })).status, 200, "the service admin");
  });

  test("periods missed while the service was down are skipped: one reminder, then the next date after now", async () => {
    const dora = await patient("Dora Down");
    const set = await optIn(dora.token, { intervalWeeks: 1 });
    const back = later(set.nextDueAt, 3 * WEEK + 60 * 1000);
    await run(back);
    assert.equal(mailsTo(dora.email).length, 1, "one reminder, not one per missed week");
    const after = (await api.get("/patients/me/reminders", { token: dora.token })).body;
    assert.equal(after.nextDueAt, later(set.nextDueAt, 4 * WEEK).toISOString(), "the next date after now, on the same weekly rhythm");
    await run(later(back.toISOString(), 60 * 1000));
    assert.equal(mailsTo(dora.email).length, 1, "nothing more at the next run");
  });
});
