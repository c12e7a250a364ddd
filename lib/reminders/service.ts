// Re-measure reminders by e-mail. A patient (or a clinician the access rule lets in) opts in at an
// interval of 1, 2 or 4 weeks; the row keeps when the next one is due, the e-mail's language (the
// opt-in request's) and the time zone its dates are written in.
//
// The job (lib/reminders/job.ts, every five minutes on pg-boss) reads the due rows and claims each
// by moving next_due_at on with a compare-and-set (`... WHERE next_due_at = <the value read>`):
// of two instances, or a job and its retry, exactly one changes the row and sends. A reminder over
// the mail limits (the same allowances as every e-mail, lib/rate-limit countMail) or refused by
// the transport is given back (the old date restored), so a later run sends it.
//
// The unsubscribe link carries a token signed with a key the service keeps in its database:
// `<patient id>.<random part>.<HMAC-SHA256>`. The random part is new at each opt-in, so opting in
// again voids the links of older e-mails. Neither the address nor the token is ever logged.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { z } from "zod";
import { ApiError, notFound } from "@/lib/api/errors";
import type { PatientHandle } from "@/lib/access";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { isLocale, DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locales";
import { translator } from "@/lib/i18n/messages";
import { logger } from "@/lib/log";
import { MailError, sendMail } from "@/lib/mail";
import { countMail } from "@/lib/rate-limit";
import { formatOn } from "@/lib/report-view/clock";
import type { reminderSettings, reminderUpdate, runRemindersResponse } from "@/lib/reminders/schemas";

type Settings = z.output<typeof reminderSettings>;
type Update = z.output<typeof reminderUpdate>;
export type RunResult = z.output<typeof runRemindersResponse>;

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
/** Due rows read per run; a larger backlog is sent by the next runs. */
const BATCH = 500;
const KEY_NAME = "reminder-links";

const holder = globalThis as unknown as { __handReminderKey?: Promise<Buffer> };

/** The HMAC key of the unsubscribe links: made once (the first instance to insert wins) and kept. */
function linkKey(): Promise<Buffer> {
  holder.__handReminderKey ??= (async () => {
    await db().serviceKey.createMany({ data: [{ name: KEY_NAME, key: new Uint8Array(randomBytes(32)) }], skipDuplicates: true });
    const row = await db().serviceKey.findUniqueOrThrow({ where: { name: KEY_NAME }, select: { key: true } });
    return Buffer.from(row.key);
  })().catch((error: unknown) => {
    holder.__handReminderKey = undefined;
    throw error;
  });
  return holder.__handReminderKey;
}

async function signature(patientId: number, nonce: string): Promise<Buffer> {
  return createHmac("sha256", await linkKey())
    .update(`unsubscribe:${patientId}.${nonce}`)
    .digest();
}

async function unsubscribeToken(patientId: number, nonce: string): Promise<string> {
  return `${patientId}.${nonce}.${(await signature(patientId, nonce)).toString("base64url")}`;
}

/** The token's patient and random part when its signature holds; null when altered or malformed. */
export async function verifyToken(token: string): Promise<{ patientId: number; nonce: string } | null> {
  const match = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const patientId = Number(match[1]);
  const nonce = match[2]!;
  // Compared as text: decoding would accept every spelling of the last character's unused bits.
  const given = Buffer.from(match[3]!);
  const expected = Buffer.from((await signature(patientId, nonce)).toString("base64url"));
  return given.length === expected.length && timingSafeEqual(given, expected) ? { patientId, nonce } : null;
}

interface Row {
  intervalWeeks: number;
  nextDueAt: Date | null;
  timeZone: string;
  locale: string;
  setBy: string;
  lastSentAt: Date | null;
}

function view(row: Row | null): Settings {
  return {
    enabled: row?.nextDueAt != null,
    intervalWeeks: row?.intervalWeeks ?? null,
    nextDueAt: row?.nextDueAt?.toISOString() ?? null,
    timeZone: row?.timeZone ?? null,
    locale: row?.locale ?? null,
    setBy: row?.setBy === "patient" || row?.setBy === "clinician" ? row.setBy : null,
    lastSentAt: row?.lastSentAt?.toISOString() ?? null,
  };
}

export async function reminders(patient: PatientHandle): Promise<Settings> {
  return view(await db().reminder.findUnique({ where: { contactId: patient.patientId } }));
}

/**
 * Turns reminders on or changes their interval. A new interval (or turning them on) sets the
 * next reminder one interval from now; the same interval again keeps its date. The e-mail's
 * language is the patient's request's; a clinician's change keeps the language already stored.
 */
export async function setReminders(patient: PatientHandle, update: Update, by: "patient" | "clinician", locale: Locale): Promise<Settings> {
  const contact = await db().contact.findUnique({ where: { id: patient.patientId }, select: { email: true } });
  if (!contact?.email) throw new ApiError(409, "This record has no e-mail address to send reminders to");
  const existing = await db().reminder.findUnique({ where: { contactId: patient.patientId } });
  const on = existing?.nextDueAt != null;
  const same = on && existing.intervalWeeks === update.intervalWeeks;
  const fields = {
    intervalWeeks: update.intervalWeeks,
    nextDueAt: same ? existing.nextDueAt : new Date(Date.now() + update.intervalWeeks * WEEK_MS),
    locale: by === "patient" || !existing ? locale : existing.locale,
    timeZone: update.timeZone ?? existing?.timeZone ?? "UTC",
    setBy: same ? existing.setBy : by,
    tokenNonce: on ? existing.tokenNonce : randomBytes(16).toString("base64url"),
  };
  const row = await db().reminder.upsert({
    where: { contactId: patient.patientId },
    create: { contactId: patient.patientId, ...fields },
    update: fields,
  });
  return view(row);
}

export async function stopReminders(patient: PatientHandle): Promise<Settings> {
  await db().reminder.updateMany({ where: { contactId: patient.patientId }, data: { nextDueAt: null } });
  return reminders(patient);
}

/** One-click unsubscribe: the signed token stops the reminders it was sent for; 404 when altered or replaced. */
export async function unsubscribe(token: string): Promise<{ unsubscribed: true; message: string }> {
  const signed = await verifyToken(token);
  const gone = () => notFound("This unsubscribe link is not valid: it was altered, or a newer opt-in replaced it");
  if (!signed) throw gone();
  const stopped = await db().reminder.updateMany({
    where: { contactId: signed.patientId, tokenNonce: signed.nonce },
    data: { nextDueAt: null },
  });
  if (stopped.count === 0) throw gone();
  logger.info("re-measure reminders unsubscribed by link");
  return { unsubscribed: true, message: "You will get no more re-measure reminders" };
}

interface Due {
  contact_id: number;
  next_due_at: Date;
  last_sent_at: Date | null;
  interval_weeks: number;
  locale: string;
  time_zone: string;
  token_nonce: string;
  email: string | null;
  name: string | null;
}

/** A due row as the driver gives it: timestamps as Date or text, depending on the database. */
type DueRow = Omit<Due, "next_due_at" | "last_sent_at"> & { next_due_at: Date | string; last_sent_at: Date | string | null };

/** The first due date after `now`: a service that was down skips the periods it missed. */
function following(due: Date, weeks: number, now: Date): Date {
  const step = weeks * WEEK_MS;
  return new Date(due.getTime() + (Math.floor((now.getTime() - due.getTime()) / step) + 1) * step);
}

/** Instants go to SQL as ISO 8601 UTC text, cast: no session time zone can shift them. */
const iso = (date: Date) => date.toISOString();

/** Claims one due reminder: true on the instance whose update moved it on. */
async function claim(row: Due, next: Date, now: Date): Promise<boolean> {
  const moved = await db().$executeRaw`
    UPDATE reminders SET next_due_at = ${iso(next)}::timestamptz, last_sent_at = ${iso(now)}::timestamptz, updated_at = now()
     WHERE contact_id = ${row.contact_id} AND next_due_at = ${iso(row.next_due_at)}::timestamptz`;
  return moved === 1;
}

/** Gives a claimed reminder back (unless the patient changed it meanwhile): a later run sends it. */
async function giveBack(row: Due, next: Date): Promise<void> {
  await db().$executeRaw`
    UPDATE reminders SET next_due_at = ${iso(row.next_due_at)}::timestamptz, last_sent_at = ${row.last_sent_at ? iso(row.last_sent_at) : null}::timestamptz
     WHERE contact_id = ${row.contact_id} AND next_due_at = ${iso(next)}::timestamptz`;
}

function message(row: Due, next: Date, to: string, token: string) {
  const locale: Locale = isLocale(row.locale) ? row.locale : DEFAULT_LOCALE;
  const t = translator(locale);
  const service = t("email.serviceName");
  const origin = env().FRONTEND_URL;
  const unsubscribeUrl = new URL(`/api/reminders/unsubscribe/${token}`, origin).href;
  const firstName = row.name?.trim().split(/\s+/)[0];
  const text = [
    firstName ? t("reminders.email.helloName", { name: firstName }) : t("email.hello"),
    "",
    t("reminders.email.due", { weeks: row.interval_weeks }),
    "",
    t("reminders.email.measure", { link: new URL("/measure", origin).href }),
    "",
    t("reminders.email.next", { date: formatOn({ timeZone: row.time_zone, locale }, "date", next.toISOString()) }),
    t("reminders.email.stop", { link: unsubscribeUrl }),
    "",
    t("reminders.email.why", { service, host: new URL(origin).host }),
  ].join("\n");
  return {
    to,
    subject: t("reminders.email.subject", { service }),
    text,
    headers: { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

/**
 * Sends every reminder due at `now` that this run claims. Safe to run on any number of instances
 * at once: each due period is sent at most once.
 */
export async function runDueReminders(now: Date): Promise<RunResult> {
  const rows = await db().$queryRaw<DueRow[]>`
    SELECT r.contact_id, r.next_due_at, r.last_sent_at, r.interval_weeks, r.locale, r.time_zone, r.token_nonce, c.email, c.name
      FROM reminders r JOIN contacts c ON c.id = r.contact_id
     WHERE r.next_due_at <= ${iso(now)}::timestamptz
     ORDER BY r.next_due_at LIMIT ${BATCH}`;
  const due: Due[] = rows.map((row) => ({
    ...row,
    next_due_at: new Date(row.next_due_at),
    last_sent_at: row.last_sent_at === null ? null : new Date(row.last_sent_at),
  }));
  const result: RunResult = { sent: 0, deferred: 0, skipped: 0 };
  for (const row of due) {
    const next = following(row.next_due_at, row.interval_weeks, now);
    if (!(await claim(row, next, now))) continue;
    if (!row.email) {
      result.skipped++;
      continue;
    }
    try {
      await countMail(`reminders:${row.contact_id}`, row.email);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 429)) throw error;
      await giveBack(row, next);
      result.deferred++;
      continue;
    }
    try {
      const sent = await sendMail(
        message(row, next, row.email, await unsubscribeToken(row.contact_id, row.token_nonce)),
        "re-measure-reminder",
      );
      if (sent.sent) result.sent++;
      else result.skipped++;
    } catch (error) {
      if (!(error instanceof MailError)) throw error;
      await giveBack(row, next);
      result.deferred++;
    }
  }
  if (due.length > 0) logger.info(result, "re-measure reminders run");
  return result;
}
