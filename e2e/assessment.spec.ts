// A client app submits an assessment through the API; a person opens /a/CODE.
import { expect, test } from "@playwright/test";
import { api, arthritisResult, dexterityResult, painResult, romResult, type Created } from "./support/api";
import { APP_ORIGIN } from "./support/env";
import { expectAccessible, expectNoSideScroll } from "./support/fixtures";

test("the home page explains the service and opens a code", async ({ page }, testInfo) => {
  const rom = await api<Created>(APP_ORIGIN, "POST", "/assessments/rom", romResult(74));
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Hand function");
  await expect(page.getByRole("link", { name: "The API at a glance" })).toBeVisible();
  await expectAccessible(page, testInfo, "home");
  await expectNoSideScroll(page);

  await page.getByRole("textbox", { name: "Assessment or report code" }).fill("bad");
  await page.getByRole("button", { name: "Open" }).click();
  await expect(page.getByText("A code is 6 letters and digits")).toBeVisible();
  await page.getByRole("textbox", { name: "Assessment or report code" }).fill(rom.formattedCode.toLowerCase());
  await page.getByRole("button", { name: "Open" }).click();
  await expect(page).toHaveURL(new RegExp(`/a/${rom.code}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Range of motion" })).toBeVisible();
});

test("each type of assessment shows its own numbers", async ({ page }, testInfo) => {
  const rom = await api<Created>(APP_ORIGIN, "POST", "/assessments/rom", romResult(74));
  await page.goto(`/a/${rom.formattedCode}`);
  await expect(page.getByRole("heading", { level: 1, name: "Range of motion" })).toBeVisible();
  await expect(page.getByText(rom.formattedCode).first()).toBeVisible();
  await expect(page.getByText("Wrist extension").first()).toBeVisible();
  await expect(page.getByText("58° · reference 0–70° (83%)")).toBeVisible();
  await expect(page.getByText("74 / 100").first()).toBeVisible();
  await expect(page.getByText("Not claimed")).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign in", exact: true }).last()).toBeVisible();
  await expectAccessible(page, testInfo, "assessment-rom");
  await expectNoSideScroll(page);

  const dexterity = await api<Created>(APP_ORIGIN, "POST", "/assessments/dexterity", dexterityResult);
  await page.goto(`/a/${dexterity.code}`);
  await expect(page.getByRole("heading", { level: 1, name: "Dexterity" })).toBeVisible();
  for (const label of ["Speed score", "Touch precision", "Consistency"]) await expect(page.getByText(label, { exact: true })).toBeVisible();
  await expectAccessible(page, testInfo, "assessment-dexterity");

  const pain = await api<Created>(APP_ORIGIN, "POST", "/assessments/pain-v2", painResult);
  await page.goto(`/a/${pain.code}`);
  await expect(page.getByRole("heading", { level: 1, name: "Pain" })).toBeVisible();
  await expect(page.getByText("4 / 10 · Moderate").first()).toBeVisible();
  await expect(page.getByText("2 / 10 · Mild")).toBeVisible();
  await expectAccessible(page, testInfo, "assessment-pain");

  const arthritis = await api<Created>(APP_ORIGIN, "POST", "/assessments/arthritis", arthritisResult);
  await page.goto(`/a/${arthritis.code}`);
  await expect(page.getByRole("heading", { level: 1, name: "Arthritis" })).toBeVisible();
  await expect(page.getByText("2 · Moderate")).toBeVisible();
  // Flags read as the report and the PDF name them.
  await expect(page.getByText("Heberden's nodes")).toBeVisible();
  await expectAccessible(page, testInfo, "assessment-arthritis");
  await expectNoSideScroll(page);
});

test("e-mail me this code: a bad address is refused inline, a good one is accepted", async ({ page }) => {
  const rom = await api<Created>(APP_ORIGIN, "POST", "/assessments/rom", romResult(60));
  await page.goto(`/a/${rom.code}`);
  const address = page.getByRole("textbox", { name: "E-mail me this code" });
  await address.fill("not-an-address");
  await page.getByRole("button", { name: "E-mail me" }).click();
  await expect(address).toHaveAttribute("aria-invalid", "true");
  await address.fill("patient@example.test");
  await page.getByRole("button", { name: "E-mail me" }).click();
  // No mail transport is configured in this run: the page says so rather than pretending.
  await expect(page.getByText("E-mail is not set up on this server")).toBeVisible();
});

test("an unknown code shows the not-found page", async ({ page }, testInfo) => {
  const response = await page.goto("/a/ZZZ-ZZZ");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "We could not find that" })).toBeVisible();
  await expectAccessible(page, testInfo, "not-found");
  await expectNoSideScroll(page);
});
