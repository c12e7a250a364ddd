// Reports: the form warns before bundling records of several people or anonymous ones; /r/CODE
// carries the PDF's summary (rows in date order, a chart line per test and hand, the change from
// first to latest), every clinical detail (joints against normal ranges, wrist against the
// reference, lighting, readable flags, weeks since surgery, date of birth), prints without the
// site's chrome, and offers Download, Print and E-mail; the e-mail form confirms where it went.
import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import type { JWK } from "jose";
import { api, arthritisResult, painResult, romResult, type Created } from "./support/api";
import { APP_ORIGIN } from "./support/env";
import { expectAccessible, expectNoSideScroll, screenshot, signIn, uniqueLogin } from "./support/fixtures";
import { displayName, mintToken } from "./support/identity-provider";

/** A range-of-motion result with per-joint angles, taken in poor light. */
const romWithJoints = (overallScore: number, hand: "LEFT" | "RIGHT") => ({
  ...romResult(overallScore),
  hand,
  lightingQuality: "POOR",
  joints: [
    { id: "index_mcp", finger: "INDEX", jointType: "MCP", minAngle: 4, maxAngle: 61, rom: 57, normalRange: [0, 90] },
    { id: "index_pip", finger: "INDEX", jointType: "PIP", minAngle: 2, maxAngle: 101, rom: 99, normalRange: [0, 100] },
  ],
});

async function tokenFor(login: string): Promise<string> {
  return mintToken(JSON.parse(process.env.E2E_IDP_JWK!) as JWK, process.env.E2E_IDP_ISSUER!, login);
}

async function pasteAndCreate(page: Page, title: string, codes: string[]): Promise<void> {
  await page.getByRole("textbox", { name: "Report title" }).fill(title);
  await page.getByRole("textbox", { name: /Codes, separated by/ }).fill(codes.join("\n"));
  await page.getByRole("button", { name: "Create report" }).click();
}

test("anonymous codes: the form warns first; the report says so, shows the summary, prints cleanly and sends", async ({
  page,
}, testInfo) => {
  const codes = [
    await api<Created>(APP_ORIGIN, "POST", "/assessments/rom", romWithJoints(58, "RIGHT")),
    await api<Created>(APP_ORIGIN, "POST", "/assessments/pain-v2", painResult),
    await api<Created>(APP_ORIGIN, "POST", "/assessments/arthritis", { ...arthritisResult, clinicalFlags: ["HEBERDEN_NODES_POSSIBLE"] }),
    await api<Created>(APP_ORIGIN, "POST", "/assessments/pain-v2", { ...painResult, hand: "BOTH" }),
    await api<Created>(APP_ORIGIN, "POST", "/assessments/rom", romWithJoints(72, "RIGHT")),
  ];

  await page.goto("/reports/new");
  await expectAccessible(page, testInfo, "reports-new");
  await expectNoSideScroll(page);
  const pasted = page.getByRole("textbox", { name: /Codes, separated by/ });
  await pasted.fill("NOT-A-CODE");
  await page.getByRole("button", { name: "Create report" }).click();
  await expect(page.getByText("Not a code: NOT-A-CODE")).toBeVisible();

  // Listed newest first: the report still reads oldest first.
  await pasteAndCreate(
    page,
    "Right hand after surgery",
    [...codes].reverse().map((c) => c.formattedCode),
  );
  const warning = page.getByTestId("mix-warning");
  await expect(warning).toHaveAttribute("aria-live", "polite");
  await expect(warning).toContainText("nothing shows that these 5 records are of one person");
  await expect(page).toHaveURL(/\/reports\/new$/);
  await expectAccessible(page, testInfo, "reports-new-warning");
  await page.getByRole("button", { name: "Create anyway" }).click();

  await expect(page).toHaveURL(/\/r\/[A-Z2-9]{6}$/);
  // Made without signing in: the title is the sender's words, not the report's heading.
  await expect(page.getByRole("heading", { level: 1, name: "Hand assessment report" })).toBeVisible();
  await expect(page.getByTestId("report-sender-title")).toHaveText("Title given by the sender: “Right hand after surgery”");
  await expect(page.getByTestId("ownership-notice")).toContainText("submitted anonymously");
  await expect(page.getByTestId("report-patient")).toHaveText("Anonymous");

  // The summary (a table, on a phone a card per record): every record, oldest first.
  const rows = page.getByTestId("summary-record").filter({ visible: true });
  await expect(rows).toHaveCount(5);
  for (const [i, created] of codes.entries()) await expect(rows.nth(i)).toContainText(created.formattedCode);

  // One chart line per test and hand: the both-hands pain result is its own series, never on the right-hand line.
  // One chart per scale: the 0-100 score, and worst pain 0-10 with its direction.
  const charts = page.getByTestId("report-chart");
  await expect(charts).toHaveCount(2);
  await expect(page.getByText("Worst pain: 0–10, lower is better")).toBeVisible();
  await expect(charts.locator('[data-series="ROM:RIGHT"] polyline')).toHaveCount(1);
  await expect(charts.locator('[data-series="ROM:RIGHT"] circle')).toHaveCount(2);
  await expect(charts.locator('[data-series="PAIN:RIGHT"] circle')).toHaveCount(1);
  await expect(charts.locator('[data-series="PAIN:BOTH"] circle')).toHaveCount(1);
  await expect(charts.locator("polyline")).toHaveCount(1);
  const change = page.getByTestId("change-table");
  await expect(change.getByRole("row", { name: /Range of motion · Right hand/ })).toContainText("+14 (better)");
  await expect(change.getByRole("row", { name: /Pain · Both hands/ })).toContainText("one result only");

  // Clinical details: joints against normal ranges, wrist against the reference, lighting, flags.
  await expect(page.getByRole("row", { name: /Index MCP/ }).first()).toContainText("0–90°");
  await expect(page.getByRole("row", { name: /Index MCP/ }).first()).toContainText("below normal");
  await expect(page.getByText("reference 0–70°").first()).toBeVisible();
  await expect(page.getByText("reference 0–80°").first()).toBeVisible();
  await expect(page.getByText(/Poor lighting when recorded/).first()).toBeVisible();
  await expect(page.getByText("Possible Heberden's nodes")).toBeVisible();
  await expect(page.getByText("HEBERDEN_NODES_POSSIBLE")).toHaveCount(0);

  // Download, Print and E-mail side by side.
  for (const name of ["Download PDF", "E-mail"]) await expect(page.getByRole("link", { name, exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Print" })).toBeVisible();
  await expectAccessible(page, testInfo, "report");
  await expectNoSideScroll(page);

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download PDF" }).click();
  const bytes = await readFile((await (await downloading).path())!);
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");

  // Printing shows the document only: no banner, navigation, footer or buttons.
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("banner")).toBeHidden();
  for (const nav of await page.getByRole("navigation").all()) await expect(nav).toBeHidden();
  await expect(page.getByRole("contentinfo")).toBeHidden();
  await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
  await expect(page.getByRole("link", { name: "Download PDF" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Explain" })).toBeHidden();
  await expect(page.getByTestId("report-chart").first()).toBeVisible();
  await screenshot(page, testInfo, "report-print");
  await page.emulateMedia({ media: "screen" });

  // E-mail: the E-mail button leads to the address; errors and the result are announced.
  await page.getByRole("link", { name: "E-mail", exact: true }).click();
  const address = page.getByRole("textbox", { name: /E-mail this report/ });
  await expect(address).toBeFocused();
  await address.fill("nope");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(address).toHaveAttribute("aria-invalid", "true");
  await address.fill("clinic@example.test");
  await page.getByRole("button", { name: "Send" }).click();
  // This server has no mail service: it says so rather than pretending.
  await expect(page.getByTestId("email-status")).toContainText("E-mail is not set up on this server");
});

test("the e-mail form confirms the address it sent to", async ({ page }) => {
  const created = await api<Created>(APP_ORIGIN, "POST", "/assessments/rom", romResult(70));
  const report = await api<{ code: string }>(APP_ORIGIN, "POST", "/reports", { title: "Sent", assessmentCodes: [created.code] });
  // The e2e server has no mail service; the API's answer when it has one (test/api/reports.test.ts) is played back.
  await page.route("**/api/proxy/reports/*/email", (route) =>
    route.fulfill({ json: { success: true, sent: true, message: "Sent to therapist@example.test, with the PDF attached." } }),
  );
  await page.goto(`/r/${report.code}`);
  await page.getByRole("textbox", { name: /E-mail this report/ }).fill("therapist@example.test");
  await page.getByRole("button", { name: "Send" }).click();
  const status = page.getByTestId("email-status");
  await expect(status).toHaveAttribute("role", "status");
  await expect(status).toHaveAttribute("aria-live", "polite");
  await expect(status).toHaveText("Sent to therapist@example.test.");
});

test("signed in: codes outside the account are counted before creating; one's own records name the patient", async ({ page }, testInfo) => {
  const login = uniqueLogin("rowan-report");
  const token = await tokenFor(login);
  await api(
    APP_ORIGIN,
    "PATCH",
    "/patients/me",
    { dateOfBirth: "1968-07-02", surgeryDate: "2026-01-05", surgeryType: "Trapeziectomy" },
    token,
  );
  const own = [
    await api<Created>(APP_ORIGIN, "POST", "/assessments/rom", romWithJoints(50, "RIGHT"), token),
    await api<Created>(APP_ORIGIN, "POST", "/assessments/rom", romWithJoints(61, "RIGHT"), token),
    await api<Created>(APP_ORIGIN, "POST", "/assessments/pain-v2", painResult, token),
  ];
  const others = [
    await api<Created>(APP_ORIGIN, "POST", "/assessments/rom", romResult(80)),
    await api<Created>(APP_ORIGIN, "POST", "/assessments/rom", romResult(40), await tokenFor(uniqueLogin("sasha-other"))),
  ];
  await signIn(page, login, "/reports/new");

  await pasteAndCreate(
    page,
    "Mixed",
    [...own, ...others].map((c) => c.formattedCode),
  );
  await expect(page.getByTestId("mix-warning")).toContainText("2 of 5 codes are not in your account");
  await page.getByRole("button", { name: "Create anyway" }).click();
  await expect(page).toHaveURL(/\/r\/[A-Z2-9]{6}$/);
  // Whether the other codes are one account's is not the creator's to know: the notice says so.
  await expect(page.getByTestId("ownership-notice")).toContainText(
    "bundled from sharing codes: the report does not say whether they are of one person",
  );

  await page.goto("/reports/new");
  await pasteAndCreate(
    page,
    "Mine",
    own.map((c) => c.formattedCode),
  );
  await expect(page).toHaveURL(/\/r\/[A-Z2-9]{6}$/);
  await expect(page.getByTestId("ownership-notice")).toHaveCount(0);
  await expect(page.getByTestId("report-patient")).toHaveText(displayName(login));
  await expect(page.getByTestId("report-patient-details")).toHaveText("Born 2 Jul 1968 · Surgery 5 Jan 2026 (Trapeziectomy)");
  await expect(page.getByText(/\d+ weeks after surgery/).first()).toBeVisible();
  await expectAccessible(page, testInfo, "report-named");
  await expectNoSideScroll(page);
});

test("an unknown report code shows the not-found page", async ({ page }) => {
  const response = await page.goto("/r/ZZZZZZ");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});
