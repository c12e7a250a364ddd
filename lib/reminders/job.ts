// The reminders' schedule: a pg-boss cron job every five minutes (one job per tick, whichever
// instance claims it) sends the reminders due by then (lib/reminders/service.ts, safe on any
// number of instances). server.ts starts it with the other background work once the server
// listens; the sending code (mail, catalogues) loads with the first tick, not at start.
import { schedule, work } from "@/lib/jobs";

export const REMINDER_QUEUE = "re-measure-reminders";

export async function startReminders(): Promise<void> {
  await work(REMINDER_QUEUE, async () => {
    const { runDueReminders } = await import("@/lib/reminders/service");
    await runDueReminders(new Date());
  });
  await schedule(REMINDER_QUEUE, "*/5 * * * *", {});
}
