import { handle } from "@/lib/http/route";
import { requestLocale } from "@/lib/i18n/locales";
import { myRemindersEndpoint, setMyRemindersEndpoint, stopMyRemindersEndpoint } from "@/lib/reminders/schemas";
import { myReminders, setMyReminders, stopMyReminders } from "@/lib/reminders/settings";

export const GET = handle(myRemindersEndpoint, async ({ user }) => myReminders(user));
export const PUT = handle(setMyRemindersEndpoint, async ({ user, body, request }) =>
  setMyReminders(user, body, requestLocale(request.headers)),
);
export const DELETE = handle(stopMyRemindersEndpoint, async ({ user }) => stopMyReminders(user));
