import { z } from "zod";
import { endpoint } from "@/lib/api/endpoint";
import { patientIdParams } from "@/lib/patients/schemas";
import { REMINDER_INTERVALS } from "@/lib/reminders/intervals";
import { timeZoneField } from "@/lib/report-view/clock-fields";

/** Who chose the current interval. */
export const REMINDER_SETTERS = ["patient", "clinician"] as const;

const timestamp = z.iso.datetime().describe("ISO 8601 UTC timestamp");

export const reminderSettings = z.object({
  enabled: z.boolean().describe("Whether re-measure reminders are being sent"),
  intervalWeeks: z
    .number()
    .int()
    .nullable()
    .describe("Weeks between reminders (1, 2 or 4); kept after unsubscribing, null when never opted in"),
  nextDueAt: timestamp.nullable().describe("When the next reminder is due; null when not enabled"),
  timeZone: z.string().nullable().describe("IANA time zone the e-mail's dates are written in"),
  locale: z.string().nullable().describe("Language of the e-mail (en or es), from the opt-in request's Accept-Language"),
  setBy: z.enum(REMINDER_SETTERS).nullable().describe("Who chose the current interval"),
  lastSentAt: timestamp.nullable().describe("When the last reminder was sent"),
});

export const reminderUpdate = z.object({
  intervalWeeks: z.literal([...REMINDER_INTERVALS]).describe("Weeks between reminders: 1, 2 or 4"),
  timeZone: timeZoneField
    .optional()
    .describe("IANA time zone the e-mail's dates are written in (default: the one stored, else UTC), e.g. Europe/Madrid"),
});

const unauthorized = { status: 401, description: "Token missing, invalid or expired" };
const notAPatient = {
  status: 404,
  description:
    "No patient with this id that the caller may read (another patient's, one not sharing with the caller's clinics, or none: the same answer)",
};
const badId = { status: 400, description: "The id is not a positive integer" };
const noAddress = { status: 409, description: "The patient's record has no e-mail address to send reminders to" };
const staffOnly = { status: 403, description: "The token names staff roles only: they have no record of their own" };

export const myRemindersEndpoint = endpoint({
  method: "GET",
  path: "/patients/me/reminders",
  operationId: "getMyReminders",
  summary: "The caller's re-measure reminder settings",
  tag: "Reminders",
  auth: "required",
  responses: [{ status: 200, description: "The settings", schema: reminderSettings }, unauthorized, staffOnly],
});

export const setMyRemindersEndpoint = endpoint({
  method: "PUT",
  path: "/patients/me/reminders",
  operationId: "setMyReminders",
  requestExample: { intervalWeeks: 2, timeZone: "Europe/Madrid" },
  summary: "Opt in to re-measure reminders by e-mail, or change their interval (the e-mail's language is the request's)",
  tag: "Reminders",
  auth: "required",
  body: reminderUpdate,
  limits: ["write"],
  responses: [
    {
      status: 200,
      description: "Enabled; the first reminder is due one interval from now (unchanged when only the zone changed)",
      schema: reminderSettings,
    },
    { status: 400, description: "intervalWeeks is not 1, 2 or 4, or timeZone is not an IANA zone" },
    unauthorized,
    staffOnly,
    noAddress,
    { status: 429, description: "Too many writes; Retry-After says when to try again" },
  ],
});

export const stopMyRemindersEndpoint = endpoint({
  method: "DELETE",
  path: "/patients/me/reminders",
  operationId: "stopMyReminders",
  summary: "Stop the caller's re-measure reminders",
  tag: "Reminders",
  auth: "required",
  responses: [{ status: 200, description: "Stopped (also when they were not on)", schema: reminderSettings }, unauthorized, staffOnly],
});

export const patientRemindersEndpoint = endpoint({
  method: "GET",
  path: "/patients/{id}/reminders",
  operationId: "getPatientReminders",
  summary: "A patient's re-measure reminder settings (the patient, or a clinician the access rule lets in; audited)",
  tag: "Reminders",
  auth: "required",
  params: patientIdParams,
  responses: [{ status: 200, description: "The settings", schema: reminderSettings }, badId, unauthorized, notAPatient],
});

export const setPatientRemindersEndpoint = endpoint({
  method: "PUT",
  path: "/patients/{id}/reminders",
  operationId: "setPatientReminders",
  requestExample: { intervalWeeks: 4, timeZone: "America/New_York" },
  summary:
    "Turn a patient's re-measure reminders on or change their interval (the patient, or a clinician the access rule lets in; audited)",
  tag: "Reminders",
  auth: "required",
  params: patientIdParams,
  body: reminderUpdate,
  limits: ["write"],
  responses: [
    { status: 200, description: "Enabled; the language and zone already stored are kept", schema: reminderSettings },
    { status: 400, description: "The id, intervalWeeks or timeZone is invalid" },
    unauthorized,
    notAPatient,
    noAddress,
    { status: 429, description: "Too many writes; Retry-After says when to try again" },
  ],
});

export const stopPatientRemindersEndpoint = endpoint({
  method: "DELETE",
  path: "/patients/{id}/reminders",
  operationId: "stopPatientReminders",
  summary: "Stop a patient's re-measure reminders (the patient, or a clinician the access rule lets in; audited)",
  tag: "Reminders",
  auth: "required",
  params: patientIdParams,
  responses: [
    { status: 200, description: "Stopped (also when they were not on)", schema: reminderSettings },
    badId,
    unauthorized,
    notAPatient,
  ],
});

export const unsubscribeParams = z.object({
  token: z.string().max(128).describe("The signed token of a reminder e-mail's unsubscribe link (patient id, random part, signature)"),
});

export const unsubscribeResponse = z.object({
  unsubscribed: z.literal(true),
  message: z.string(),
});

export const unsubscribePage = z.object({ page: z.string().describe("The unsubscribe page, /reminders/unsubscribe/{token}") });

const longToken = { status: 400, description: "The token is longer than 128 characters" };
const badToken = { status: 404, description: "Not a valid unsubscribe link: altered, or replaced by a newer opt-in" };

export const unsubscribeEndpoint = endpoint({
  method: "POST",
  path: "/reminders/unsubscribe/{token}",
  operationId: "unsubscribeFromReminders",
  requestExample: "List-Unsubscribe=One-Click",
  summary:
    "One-click unsubscribe (RFC 8058): the reminder e-mail's List-Unsubscribe URL, POSTed with List-Unsubscribe=One-Click; no sign-in",
  tag: "Reminders",
  auth: "none",
  params: unsubscribeParams,
  rawBody: true,
  maxBodyBytes: 1024,
  limits: ["anonymous-write"],
  responses: [
    { status: 200, description: "Unsubscribed (also when already): no more reminders", schema: unsubscribeResponse },
    longToken,
    badToken,
    { status: 429, description: "Too many requests; Retry-After says when to try again" },
  ],
});

export const unsubscribePageEndpoint = endpoint({
  method: "GET",
  path: "/reminders/unsubscribe/{token}",
  operationId: "openUnsubscribePage",
  summary: "The unsubscribe link opened in a browser: redirects to the page whose button unsubscribes (a GET changes nothing)",
  tag: "Reminders",
  auth: "none",
  params: unsubscribeParams,
  responses: [{ status: 303, description: "See the unsubscribe page (Location, and the body's page)", schema: unsubscribePage }, longToken],
});

export const runRemindersBody = z.object({
  now: timestamp
    .optional()
    .describe("The job's clock (tests only: accepted when the server runs with REMINDERS_TEST_CLOCK=true); default now"),
});

export const runRemindersResponse = z.object({
  sent: z.number().int().describe("Reminders sent"),
  deferred: z.number().int().describe("Due reminders left for a later run: over the mail limits, or the transport failed"),
  skipped: z.number().int().describe("Due reminders of patients without an e-mail address (moved to their next date)"),
});

export const runRemindersEndpoint = endpoint({
  method: "POST",
  path: "/admin/reminders/run",
  operationId: "runDueReminders",
  requestExample: {},
  summary: "Send the due re-measure reminders now, as the scheduled job does every five minutes (service admin)",
  tag: "Reminders",
  auth: { roles: ["admin"] },
  body: runRemindersBody,
  responses: [
    { status: 200, description: "What this run did", schema: runRemindersResponse },
    { status: 400, description: "now given while the server does not allow a test clock" },
    unauthorized,
    { status: 403, description: "Not the service admin" },
  ],
});
