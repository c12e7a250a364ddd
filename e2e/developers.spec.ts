// The developer pages (a short quick start, then tokens, endpoints and contact on pages of their
// own, none longer than about 4,000 px at 1280), the lead form with the API's field errors
// inline, and the API reference, which opens on Assessments and must work with no outside network.
import { expect, test, type Page } from "@playwright/test";
import { expectAccessible, expectNoSideScroll } from "./support/fixtures";

/** At 1280 px wide (these walks run at that size alone), a page a reader scrolls through in a few screens. */
async function expectShort(page: Page, route: string): Promise<void> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(height, `${route} height in px`).toBeLessThanOrEqual(4_000);
}

test("the quick start, tokens and endpoints are short pages of their own, linked from each other", async ({ page }, testInfo) => {
  await page.goto("/developers");
  const nav = page.getByRole("navigation", { name: "Developer pages" });
  await expect(page.getByRole("link", { name: "API reference" }).first()).toHaveAttribute("href", "/developers/api");
  await expect(page.getByRole("heading", { name: "Quick start" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Submit a result: command" })).toContainText("/api/assessments/rom");
  await expect(nav.getByRole("link", { name: "Quick start" })).toHaveAttribute("aria-current", "page");
  await expectShort(page, "/developers");
  await expectAccessible(page, testInfo, "developers");
  await expectNoSideScroll(page);

  await nav.getByRole("link", { name: "Tokens" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Getting a token" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "A native app: authorization code with PKCE" })).toBeVisible();
  await expectShort(page, "/developers/tokens");
  await expectAccessible(page, testInfo, "developers-tokens");
  await expectNoSideScroll(page);

  await page.getByRole("navigation", { name: "Developer pages" }).getByRole("link", { name: "Endpoints" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Every endpoint" })).toBeVisible();
  await expect(page.getByRole("link", { name: "/api/lookup/{code}", exact: true })).toHaveAttribute(
    "href",
    "/developers/api#lookUpAssessment",
  );
  await expectShort(page, "/developers/endpoints");
  await expectAccessible(page, testInfo, "developers-endpoints");
  await expectNoSideScroll(page);
});

test("the lead form shows the API's field error for a bad e-mail, then accepts a good one", async ({ page }, testInfo) => {
  await page.goto("/developers/contact");
  await expect(page.getByRole("heading", { level: 1, name: "Stay in touch or book a demo" })).toBeVisible();
  await expectShort(page, "/developers/contact");
  await expectAccessible(page, testInfo, "developers-contact");
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

test("the API reference asks no other host for anything, shows no vendor menus and has no axe violations", async ({
  page,
  baseURL,
}, testInfo) => {
  // One axe pass (the house rule set) over the whole reference: slow on a busy phone run.
  test.setTimeout(180_000);
  const own = new URL(baseURL!).host;
  const outside: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith("http") && url.host !== own) outside.push(request.url());
  });
  page.on("websocket", (socket) => {
    if (new URL(socket.url()).host !== own) outside.push(socket.url());
  });
  // Outside requests are blocked as well as recorded: the page must not need them.
  await page.route(
    (url) => url.host !== own,
    (route) => route.abort("blockedbyclient"),
  );
  await page.goto("/developers/api");
  await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();
  // It opens on Assessments: first in the section list and first on the page.
  await expect(page.getByRole("navigation", { name: "API sections" }).getByRole("link").first()).toHaveText("Assessments");
  await expect(page.getByRole("heading", { level: 2 }).first()).toHaveText("Assessments");
  const submit = page.locator("section#submitRomAssessment");
  await expect(submit.getByRole("heading", { level: 3 })).toHaveText(/POST\s*\/api\/assessments\/rom/);
  const requestBody = submit.locator("details", { has: page.locator("summary", { hasText: "Request body" }) });
  await requestBody.locator("summary").click();
  await expect(requestBody.getByText("overallScore", { exact: true })).toBeVisible();
  await page.getByRole("navigation", { name: "API sections" }).getByRole("link", { name: "Enumerations" }).click();
  await expect(page.locator("#schema-AssessmentType")).toContainText("DEXTERITY");
  await page.waitForLoadState("networkidle");
  expect(outside, "requests to other hosts").toEqual([]);
  await expect(page.getByText(/Ask AI|Deploy|Powered by/i)).toHaveCount(0);
  await expectAccessible(page, testInfo, "developers-api");
  await expectNoSideScroll(page);
});
