// The admin's "run now" on a server without REMINDERS_TEST_CLOCK (and without mail configured):
// the job's clock is the real one. lib/reminders/service.test.ts runs with the test clock.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import type { TestDatabase } from "@/test/support/database";
import { dropDatabase, useFreshDatabase } from "@/test/support/in-process-db";

let database: TestDatabase;
let settings: typeof import("@/lib/reminders/settings");
let db: typeof import("@/lib/db").db;

before(async () => {
  delete process.env.REMINDERS_TEST_CLOCK;
  delete process.env.RESEND_API_KEY;
  delete process.env.SMTP_HOST;
  process.env.LOG_LEVEL = "silent";
  database = await useFreshDatabase();
  settings = await import("@/lib/reminders/settings");
  ({ db } = await import("@/lib/db"));
});
after(() => dropDatabase(database));

async function remindersDue(nextDueAt: Date) {
  const contact = await db().contact.create({
    data: { sub: `test|due-${nextDueAt.getTime()}`, kind: "PATIENT", roles: ["patient"], email: `due-${nextDueAt.getTime()}@example.com` },
  });
  await db().reminder.create({
    data: {
      contactId: contact.id,
      intervalWeeks: 1,
      nextDueAt,
      locale: "en",
      timeZone: "UTC",
      setBy: "patient",
      tokenNonce: "A".repeat(22),
    },
  });
}

test("without the test clock, a clock given to run now is a 400, and run now runs at the real time", async () => {
  await remindersDue(new Date(Date.now() - 60_000));
  await remindersDue(new Date(Date.now() + 3_600_000));
  await assert.rejects(settings.runReminders(new Date(Date.now() + 86_400_000).toISOString()), {
    status: 400,
    message: "now is accepted only by a server started with REMINDERS_TEST_CLOCK=true (tests)",
  });
  // The one due a minute ago is claimed and, with no mail configured, skipped; the one due in an hour waits.
  assert.deepEqual(await settings.runReminders(undefined), { sent: 0, deferred: 0, skipped: 1 });
  assert.deepEqual(await settings.runReminders(undefined), { sent: 0, deferred: 0, skipped: 0 });
});
