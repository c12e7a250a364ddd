// The database goes away: /a and /r answer 503 with a page that says so and offers to try again;
// once the database is back, "Try again" opens the record. The app runs on PostgreSQL behind a
// loopback proxy this scenario cuts (the embedded database lives inside the server process, so
// there is no connection to cut there).
import type { ChildProcess } from "node:child_process";
import { expect, test } from "@playwright/test";
import { startTcpProxy, targetOf, type TcpProxy } from "../test/support/balancer";
import { adminDatabaseUrl, createTestDatabase, type TestDatabase } from "../test/support/database";
import { api, romResult, type Created } from "./support/api";
import { baseEnv, startApp, stopApp } from "./support/app";
import { OUTAGE_APP_PORT } from "./support/env";
import { expectAccessible, expectNoSideScroll } from "./support/fixtures";

const origin = `http://127.0.0.1:${OUTAGE_APP_PORT}`;

test.describe("while the database cannot be reached", () => {
  test.skip(!adminDatabaseUrl, "needs PostgreSQL: set TEST_DATABASE_URL (the embedded database has no connection to cut)");
  test.use({ baseURL: origin });

  let database: TestDatabase;
  let proxy: TcpProxy;
  let app: ChildProcess;

  test.beforeAll(async () => {
    test.setTimeout(6 * 60_000);
    database = await createTestDatabase();
    proxy = await startTcpProxy([targetOf(database.url!)]);
    const proxied = new URL(database.url!);
    proxied.hostname = proxy.host;
    proxied.port = String(proxy.port);
    app = await startApp(origin, { ...baseEnv(OUTAGE_APP_PORT, { DATABASE_URL: proxied.toString() }), ALLOW_DEV_AUTH: "true" });
  });
  test.afterAll(async () => {
    if (app) await stopApp(app);
    await proxy?.close();
    await database?.drop();
  });

  test("/a and /r answer 503 with a try-again page, and trying again works once it is back", async ({ page }, testInfo) => {
    const rom = await api<Created>(origin, "POST", "/assessments/rom", romResult(66));
    const report = await api<{ code: string }>(origin, "POST", "/reports", { title: "Before the outage", assessmentCodes: [rom.code] });
    proxy.cut();
    try {
      for (const [path, what] of [
        [`/r/${report.code}`, "report"],
        [`/a/${rom.code}`, "result"],
      ] as const) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(503);
        expect(response?.headers()["retry-after"]).toBe("5");
        await expect(page.getByRole("heading", { level: 1, name: "We cannot open this right now" })).toBeVisible();
        await expect(page.getByText(`this ${what} cannot be shown`)).toBeVisible();
        await expect(page.getByRole("link", { name: "Try again" })).toHaveAttribute("href", path);
      }
      await expectAccessible(page, testInfo, "unavailable");
      await expectNoSideScroll(page);
    } finally {
      proxy.restore();
    }
    // The pool reconnects by itself: "Try again" opens the result once the database answers.
    await expect(async () => {
      await page.getByRole("link", { name: "Try again" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Range of motion" })).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
  });
});
