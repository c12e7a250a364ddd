// A care provider filters the patient list to "needs attention" and opens a patient.
import { expect, test } from "@playwright/test";
import {
  clinician,
  expectAccessible,
  expectNoSideScroll,
  isPhone,
  screenshot,
  seeded,
  signIn,
  uniqueLogin,
  revealCharts,
  PHONE,
} from "./support/fixtures";

test("a provider finds the patient who needs attention and opens their record", PHONE, async ({ page }, testInfo) => {
  const { attention, steady, run } = seeded();
  await signIn(page, await clinician("provider-dana"), "/provider");
  await expect(page.getByRole("heading", { level: 1, name: "Patients" })).toBeVisible();
  // Cards on a phone, a table on a wider screen.
  const table = isPhone(testInfo) ? page.getByRole("list", { name: "Patients" }) : page.getByRole("table");
  const rows = isPhone(testInfo) ? table.locator(":scope > li") : table.getByRole("row").filter({ has: page.getByRole("link") });
  await expect(table.getByRole("link", { name: attention.name })).toBeVisible();
  await expect(table.getByRole("link", { name: steady.name })).toBeVisible();
  await expectAccessible(page, testInfo, "provider-list");
  await expectNoSideScroll(page);

  // Only this run's patients, so the screenshot and the assertions are stable.
  await page.getByRole("searchbox", { name: "Search" }).fill(run);
  await expect(rows).toHaveCount(2);
  await screenshot(page, testInfo, "provider");

  await page.getByRole("combobox", { name: "Attention" }).selectOption("true");
  await expect(table.getByRole("link", { name: attention.name })).toBeVisible();
  await expect(table.getByRole("link", { name: steady.name })).toHaveCount(0);
  const row = rows.filter({ hasText: attention.name });
  // Flagged as low on the test's own scale, with the threshold it crossed.
  await expect(row.getByText("Low, unchanged", { exact: true })).toBeVisible();
  await expect(row.getByText("Range of motion (right) 28 (low: 40 or lower)", { exact: true })).toBeVisible();
  await expect(row.getByText("Range of motion (Right hand)")).toBeVisible();
  await expect(row.getByText("28 / 100", { exact: true })).toBeVisible();

  await page.getByRole("combobox", { name: "Sort by" }).selectOption("score");
  await page.getByRole("combobox", { name: "Trend" }).selectOption("stable");
  await expect(table.getByRole("link", { name: attention.name })).toBeVisible();

  await table.getByRole("link", { name: attention.name }).click();
  await expect(page).toHaveURL(new RegExp(`/provider/patients/${attention.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: attention.name })).toBeVisible();
  await expect(page.getByText("Needs attention").first()).toBeVisible();
  await revealCharts(page);
  await expect(page.locator(".recharts-surface").first()).toBeVisible();
  const journal = page.locator("section").filter({ has: page.getByRole("heading", { name: "Journal", exact: true }) });
  await expect(journal.getByText("Gripping the kettle hurt more this week")).toBeVisible();
  const narrative = page.locator("section").filter({ has: page.getByRole("heading", { name: "Narrative summary" }) });
  await expect(narrative.getByText(/Written (by a language model|from a template)/)).toBeVisible();
  await expectAccessible(page, testInfo, "provider-patient");
  await expectNoSideScroll(page);
});

test("a patient is told the patient list is for providers", async ({ page }, testInfo) => {
  await signIn(page, uniqueLogin("erin-patient"), "/provider");
  await expect(page.getByText("The patient list is for care providers and admins.")).toBeVisible();
  await expectAccessible(page, testInfo, "provider-for-patient");
  const response = await page.request.get("/api/proxy/patients");
  expect(response.status()).toBe(403);
});
