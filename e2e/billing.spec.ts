// The pages the payment provider sends people back to.
import { expect, test } from "@playwright/test";
import { expectAccessible, expectNoSideScroll } from "./support/fixtures";

test("billing success and cancel pages read well and are accessible", async ({ page }, testInfo) => {
  await page.goto("/billing/cancel");
  await expect(page.getByRole("heading", { level: 1, name: "Checkout canceled" })).toBeVisible();
  await expectAccessible(page, testInfo, "billing-cancel");
  await expectNoSideScroll(page);

  // Signed out, the confirmation cannot be checked: the page says what to do.
  await page.goto("/billing/success?session_id=cs_test_e2e");
  await expect(page.getByRole("heading", { level: 1, name: "Thank you for subscribing" })).toBeVisible();
  await expect(page.getByText("Please sign in with the account you subscribed with")).toBeVisible();
  await expectAccessible(page, testInfo, "billing-success");
  await expectNoSideScroll(page);
});
