// Create a report, open /r/CODE, download the PDF and explain it.
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { api, arthritisResult, painResult, romResult, type Created } from "./support/api";
import { APP_ORIGIN } from "./support/env";
import { expectAccessible, expectNoSideScroll, screenshot } from "./support/fixtures";

test("create a report from pasted codes, read it, download the PDF and explain it", async ({ page }, testInfo) => {
  const codes = [
    await api<Created>(APP_ORIGIN, "POST", "/assessments/rom", romResult(72)),
    await api<Created>(APP_ORIGIN, "POST", "/assessments/pain-v2", painResult),
    await api<Created>(APP_ORIGIN, "POST", "/assessments/arthritis", arthritisResult),
  ];

  await page.goto("/reports/new");
  await expectAccessible(page, testInfo, "reports-new");
  await expectNoSideScroll(page);
  await page.getByRole("textbox", { name: "Report title" }).fill("Right hand after surgery");
  const pasted = page.getByRole("textbox", { name: /Codes, separated by/ });
  await pasted.fill("NOT-A-CODE");
  await page.getByRole("button", { name: "Create report" }).click();
  await expect(page.getByText("Not a code: NOT-A-CODE")).toBeVisible();
  await pasted.fill(codes.map((c) => c.formattedCode).join("\n"));
  await page.getByRole("button", { name: "Create report" }).click();

  await expect(page).toHaveURL(/\/r\/[A-Z2-9]{6}$/);
  await expect(page.getByRole("heading", { level: 1, name: "Right hand after surgery" })).toBeVisible();
  await expect(page.getByText("not a medical diagnosis").first()).toBeVisible();
  for (const heading of ["Range of motion", "Pain", "Arthritis"]) {
    await expect(page.getByRole("heading", { level: 3, name: heading })).toBeVisible();
  }
  await expectAccessible(page, testInfo, "report");
  await expectNoSideScroll(page);

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download PDF" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  expect(bytes.length).toBeGreaterThan(1000);

  await page.getByRole("button", { name: "Explain" }).click();
  await expect(page.getByText(/Written (by a language model|from a template)/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Explain" })).toHaveCount(0);
  await screenshot(page, testInfo, "report");

  // The explanation is kept: a reload shows it without asking again.
  await page.reload();
  await expect(page.getByRole("button", { name: "Explain" })).toHaveCount(0);

  const address = page.getByRole("textbox", { name: /E-mail this report/ });
  await address.fill("nope");
  await page.getByRole("button", { name: "E-mail this report" }).click();
  await expect(address).toHaveAttribute("aria-invalid", "true");
  await address.fill("clinic@example.test");
  await page.getByRole("button", { name: "E-mail this report" }).click();
  await expect(page.getByText("E-mail is not set up on this server")).toBeVisible();
});

test("an unknown report code shows the not-found page", async ({ page }) => {
  const response = await page.goto("/r/ZZZZZZ");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "We could not find that" })).toBeVisible();
});
