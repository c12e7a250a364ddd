// A newcomer's first minute (issue 28, item 1) on a server of its own: the e2e build started on a
// port chosen at run time, in development auth mode, with neither NEXTAUTH_URL nor FRONTEND_URL,
// on an empty database, and reached as "localhost" although it was started on 127.0.0.1. The
// empty home page offers "Try a sample result", which opens a record marked as a sample; the
// development sign-in, the signed-out redirect and signing out all stay on the address the
// browser used.
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { baseEnv, startApp, stopApp } from "./support/app";
import { expectAccessible, expectNoSideScroll } from "./support/fixtures";

let app: ChildProcess;
let dataDir: string;
/** The address the browser uses: the port picked at run time, by name rather than the bound 127.0.0.1. */
let origin: string;

/** A port nothing listens on now (the system picks it). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

test.beforeAll(async () => {
  test.setTimeout(6 * 60_000);
  const port = await freePort();
  dataDir = mkdtempSync(join(tmpdir(), "hand-e2e-first-"));
  const { NEXTAUTH_URL: _auth, FRONTEND_URL: _frontend, ...env } = baseEnv(port, { DATA_DIR: dataDir });
  app = await startApp(`http://127.0.0.1:${port}`, { ...env, ALLOW_DEV_AUTH: "true" });
  origin = `http://localhost:${port}`;
});

test.afterAll(async () => {
  await stopApp(app);
  rmSync(dataDir, { recursive: true, force: true });
});

test("an empty install's home page offers a sample result, which opens marked as a sample", async ({ page }, testInfo) => {
  await page.goto(`${origin}/`);
  const offer = page.locator("section").filter({ has: page.getByRole("heading", { name: "Nothing measured yet?" }) });
  await expect(offer.getByText("npm run db:seed", { exact: true })).toBeVisible();
  await expectAccessible(page, testInfo, "home-empty");
  await expectNoSideScroll(page);

  await page.getByRole("button", { name: "Try a sample result" }).click();
  await expect(page).toHaveURL(new RegExp(`^${origin}/a/[A-Z2-9]{6}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Range of motion" })).toBeVisible();
  await expect(page.getByText("Sample: made-up values")).toBeVisible();
  await expect(page.getByText("Sample result.", { exact: true })).toBeVisible();
  await expect(page.getByText(/is deleted after a day/).first()).toBeVisible();
  // A sample cannot be claimed or e-mailed, and it shows every part of a result page: the joints too.
  await expect(page.getByRole("button", { name: "Claim to my account" })).toHaveCount(0);
  await expect(page.getByRole("textbox", { name: "E-mail me this code" })).toHaveCount(0);
  await expect(page.getByTestId("goniometry-right")).toBeVisible();
  await expectAccessible(page, testInfo, "sample-result");
  await expectNoSideScroll(page);

  await page.getByRole("link", { name: "Back to the home page" }).click();
  await expect(page).toHaveURL(`${origin}/`);
});

test("the development sign-in, the signed-out redirect and signing out stay on the address in use", async ({ page }, testInfo) => {
  await page.goto(`${origin}/dashboard`);
  await expect(page).toHaveURL(new RegExp(`^${origin}/signin\\?callbackUrl=(%2F|/)dashboard$`));
  await expect(page.getByRole("heading", { level: 1, name: "Development sign-in" })).toBeVisible();
  await expectAccessible(page, testInfo, "dev-signin-random-port");

  await page.getByRole("button", { name: "Continue as patient" }).click();
  await expect(page).toHaveURL(`${origin}/dashboard`);
  await expect(page.getByRole("heading", { level: 1, name: "My dashboard" })).toBeVisible();
  expect((await page.request.get(`${origin}/api/proxy/patients/me`)).status()).toBe(200);

  // The header hydrates after the server's paint: the click is repeated until it signs out.
  await expect(async () => {
    const signOut = page.getByRole("button", { name: "Sign out" });
    if (await signOut.isVisible()) await signOut.click({ timeout: 2_000 });
    await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page).toHaveURL(`${origin}/`);
  expect((await page.request.get(`${origin}/api/proxy/patients/me`)).status()).toBe(401);
});
