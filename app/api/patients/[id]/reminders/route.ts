import { handle } from "@/lib/http/route";
import { requestLocale } from "@/lib/i18n/locales";
import { patientRemindersEndpoint, setPatientRemindersEndpoint, stopPatientRemindersEndpoint } from "@/lib/reminders/schemas";
import { patientReminders, setPatientReminders, stopPatientReminders } from "@/lib/reminders/settings";

export const GET = handle(patientRemindersEndpoint, async ({ caller, params }) => patientReminders(caller, params.id));
export const PUT = handle(setPatientRemindersEndpoint, async ({ caller, user, params, body, request }) =>
  setPatientReminders({ ...caller, user }, params.id, body, requestLocale(request.headers)),
);
export const DELETE = handle(stopPatientRemindersEndpoint, async ({ caller, params }) => stopPatientReminders(caller, params.id));
