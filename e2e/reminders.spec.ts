// Re-measure reminders: the patient opts in on the dashboard, the job (run by the service admin
// at a faked clock, REMINDERS_TEST_CLOCK) sends the reminder through the Resend stand-in, and
// the e-mail's unsubscribe link opens a page whose button unsubscribes without signing in. The
// app is a server of its own (development auth, a fresh embedded database) pointed at the stand-in.
import { expect, test } from "@playwright/test";
import type { ResendStandIn } from "../test/support/resend";
import { startMailApp } from "./support/app";
import { REMINDERS_APP_PORT } from "./support/env";
import { expectAccessible, expectNoSideScroll, screenshot } from "./support/fixtures";

const origin = `http://127.0.0.1:${REMINDERS_APP_PORT}`;

test.describe("re-measure reminders", () => {
  test.use({ baseURL: origin });

  let resend: ResendStandIn;
  let stop: (() => Promise<void>) | undefined;

  test.beforeAll(async () => {
    test.setTimeout(6 * 60_000);
    ({ resend, stop } = await startMailApp(REMINDERS_APP_PORT, { ALLOW_DEV_AUTH: "true", REMINDERS_TEST_CLOCK: "true" }));
  });
  test.afterAll(async () => {
    await stop?.();
  });

  /** The API as the development personas (the guards read x-dev-user in development mode). */
  async function asDev(persona: string, method: string, path: string, body?: unknown) {
    const response = await fetch(`${origin}/api${path}`, {
      method,
      headers: { "x-dev-user": persona, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(response.status, `${method} ${path}`).toBe(200);
    return response.json();
  }

  test("opt in on the dashboard, the job sends the reminder, its link unsubscribes", async ({ page }, testInfo) => {
    await page.goto("/signin?callbackUrl=/dashboard");
    await page.getByRole("button", { name: "Continue as patient" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    const card = page.locator("section", { has: page.getByRole("heading", { name: "Reminders", exact: true }) });
    await expect(card.getByText("Reminders are off.")).toBeVisible();
    await card.getByLabel("Send re-measure reminders").check();
    await card.getByLabel("How often").selectOption({ label: "Every week" });
    await card.getByRole("button", { name: "Save" }).click();
    await expect(card.getByText("Saved.")).toBeVisible();
    await expect(card.getByText("Next reminder:")).toBeVisible();
    await expect(card.getByText("Chosen by the patient.")).toBeVisible();
    await expectAccessible(page, testInfo, "dashboard-reminders");
    await expectNoSideScroll(page);
    await screenshot(page, testInfo, "dashboard-reminders");

    const settings = await asDev("patient", "GET", "/patients/me/reminders");
    expect(settings.intervalWeeks).toBe(1);
    const before = await asDev("admin", "POST", "/admin/reminders/run", {
      now: new Date(Date.parse(settings.nextDueAt) - 60_000).toISOString(),
    });
    expect(before.sent).toBe(0);
    const due = await asDev("admin", "POST", "/admin/reminders/run", {
      now: new Date(Date.parse(settings.nextDueAt) + 60_000).toISOString(),
    });
    expect(due.sent).toBe(1);
    const mails = resend.emails().filter((mail) => mail.to.includes("patient@localhost"));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^Time to measure your hands again/);
    expect(mails[0]!.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const link = /^<(.+)>$/.exec(mails[0]!.headers?.["List-Unsubscribe"] ?? "")?.[1] ?? "";
    expect(link.startsWith(`${origin}/api/reminders/unsubscribe/`)).toBe(true);

    // The link in a browser: a page (signed in or not) whose button unsubscribes.
    await page.context().clearCookies();
    await page.goto(link);
    await expect(page).toHaveURL(/\/reminders\/unsubscribe\//);
    await expect(page.getByRole("heading", { level: 1, name: "Stop re-measure reminders" })).toBeVisible();
    await expectAccessible(page, testInfo, "reminders-unsubscribe");
    await expectNoSideScroll(page);
    await screenshot(page, testInfo, "reminders-unsubscribe");
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByText("Done: you will get no more re-measure reminders.")).toBeVisible();
    await expectAccessible(page, testInfo, "reminders-unsubscribed");

    expect((await asDev("patient", "GET", "/patients/me/reminders")).enabled).toBe(false);
    const next = await asDev("admin", "POST", "/admin/reminders/run", {
      now: new Date(Date.parse(settings.nextDueAt) + 8 * 24 * 3_600_000).toISOString(),
    });
    expect(next.sent).toBe(0);
    expect(resend.emails().filter((mail) => mail.to.includes("patient@localhost"))).toHaveLength(1);
  });
});
