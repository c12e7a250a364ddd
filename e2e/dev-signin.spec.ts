// Development auth mode (no identity provider): the bannered development sign-in picks a role,
// and the API honours it through the proxy.
import { expect, test } from "@playwright/test";
import { DEV_APP_ORIGIN } from "./support/env";
import { expectAccessible, expectNoSideScroll } from "./support/fixtures";

test.use({ baseURL: DEV_APP_ORIGIN });

test("pick care provider, then patient, on the development sign-in", async ({ page }, testInfo) => {
  await page.goto("/signin?callbackUrl=/provider");
  await expect(page.getByRole("heading", { level: 1, name: "Development sign-in" })).toBeVisible();
  await expect(page.getByText("Development mode: no identity provider is configured")).toBeVisible();
  await expectAccessible(page, testInfo, "dev-signin");
  await expectNoSideScroll(page);

  // Without a session, guarded routes are 401 even though the API would otherwise inject its mock user.
  expect((await page.request.get("/api/proxy/patients/me")).status()).toBe(401);

  await page.getByRole("button", { name: "Continue as care provider" }).click();
  await expect(page).toHaveURL(/\/provider$/);
  await expect(page.getByRole("heading", { level: 1, name: "Patients" })).toBeVisible();
  await expect(
    page
      .getByText(/^No patients match\.$|^No patient shares their record with/)
      .or(page.getByRole("table"))
      .or(page.getByRole("list", { name: "Patients" })),
  ).toBeVisible();

  // The page is drawn on the server; a click that lands before the header's script has hydrated
  // does nothing, so the click is repeated until it signs out (the load is what makes it slow); once
  // the button is gone the sign-out is on its way, and only the wait is repeated.
  await expect(async () => {
    const signOut = page.getByRole("button", { name: "Sign out" });
    if (await signOut.isVisible()) await signOut.click({ timeout: 2_000 });
    await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await page.goto("/signin?callbackUrl=/provider");
  await page.getByRole("button", { name: "Continue as patient" }).click();
  await expect(page.getByText("The patient list is for care providers and admins.")).toBeVisible();
  expect((await page.request.get("/api/proxy/patients")).status()).toBe(403);
  expect((await page.request.get("/api/proxy/patients/me")).status()).toBe(200);
});
