import { handle } from "@/lib/http/route";
import { runRemindersEndpoint } from "@/lib/reminders/schemas";
import { runReminders } from "@/lib/reminders/settings";

export const POST = handle(runRemindersEndpoint, async ({ body }) => runReminders(body.now));
