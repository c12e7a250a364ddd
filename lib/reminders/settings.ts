// The reminder settings as the routes reach them: the caller's own record (a staff-only token has
// none: 403), or a patient opened through the access rule (lib/access, audited; the patient by
// their own id too, which is not audited).
import type { z } from "zod";
import { openPatient, ownPatientRecord } from "@/lib/access";
import { ApiError } from "@/lib/api/errors";
import type { AccessContext } from "@/lib/audit";
import type { AuthUser } from "@/lib/auth/guard";
import { env } from "@/lib/env";
import type { Locale } from "@/lib/i18n/locales";
import type { reminderUpdate } from "@/lib/reminders/schemas";
import { reminders, runDueReminders, setReminders, stopReminders } from "@/lib/reminders/service";

type Update = z.output<typeof reminderUpdate>;

export const myReminders = (user: AuthUser) => reminders(ownPatientRecord(user));

export const setMyReminders = (user: AuthUser, update: Update, locale: Locale) =>
  setReminders(ownPatientRecord(user), update, "patient", locale);

export const stopMyReminders = (user: AuthUser) => stopReminders(ownPatientRecord(user));

export async function patientReminders(caller: AccessContext, patientId: number) {
  return reminders(await openPatient(caller, patientId, "read_reminders"));
}

export async function setPatientReminders(caller: AccessContext & { user: AuthUser }, patientId: number, update: Update, locale: Locale) {
  const patient = await openPatient(caller, patientId, "reminders_changed");
  const self = caller.user.kind === "PATIENT" && caller.user.contactId === patientId;
  return setReminders(patient, update, self ? "patient" : "clinician", locale);
}

export async function stopPatientReminders(caller: AccessContext, patientId: number) {
  return stopReminders(await openPatient(caller, patientId, "reminders_changed"));
}

/** The admin's "run now"; `now` (a test's clock) only where REMINDERS_TEST_CLOCK allows it. */
export async function runReminders(now: string | undefined) {
  if (now !== undefined && !env().REMINDERS_TEST_CLOCK) {
    throw new ApiError(400, "now is accepted only by a server started with REMINDERS_TEST_CLOCK=true (tests)");
  }
  return runDueReminders(now === undefined ? new Date() : new Date(now));
}
