// The developers page and its lead form, with the API's field errors shown inline.
import { expect, test } from "@playwright/test";
import { expectAccessible, expectNoSideScroll } from "./support/fixtures";

test("the lead form shows the API's field error for a bad e-mail, then accepts a good one", async ({ page }, testInfo) => {
  await page.goto("/developers");
  await expect(page.getByRole("link", { name: "API reference" }).first()).toHaveAttribute("href", "/developers/api");
  await expectAccessible(page, testInfo, "developers");
  await expectNoSideScroll(page);

  await page.getByRole("radio", { name: "Book a demo" }).check();
  await page.getByRole("textbox", { name: "Name" }).fill("Robin Developer");
  const email = page.getByRole("textbox", { name: "E-mail" });
  await email.fill("robin@");
  await page.getByRole("combobox", { name: /Interested in/ }).selectOption("FHIR");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("must be a valid e-mail address")).toBeVisible();
  await expectAccessible(page, testInfo, "developers-with-error");

  await email.fill("robin@example.test");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText("Thank you. We will be in touch soon.")).toBeVisible();
});
