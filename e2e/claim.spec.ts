// Sign in through the OpenID provider, claim an anonymous assessment, see it on the dashboard.
import { expect, test } from "@playwright/test";
import { api, dexterityResult, painResult, romResult, type Created } from "./support/api";
import { APP_ORIGIN } from "./support/env";
import { expectAccessible, expectNoSideScroll, screenshot, signIn, uniqueLogin, revealCharts } from "./support/fixtures";

test("a patient signs in, claims a code from its page and from the dashboard, and sees both", async ({ page, context }, testInfo) => {
  const first = await api<Created>(APP_ORIGIN, "POST", "/assessments/rom", romResult(67));
  const second = await api<Created>(APP_ORIGIN, "POST", "/assessments/dexterity", dexterityResult);
  const third = await api<Created>(APP_ORIGIN, "POST", "/assessments/pain-v2", painResult);

  await page.goto("/signin");
  await expect(page.getByText("Development", { exact: false })).toHaveCount(0);
  await expectAccessible(page, testInfo, "signin");

  const login = uniqueLogin("casey-patient");
  await signIn(page, login, `/a/${first.code}`);
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();

  // The access token stays on the server: the session cookie is httpOnly and opaque.
  const cookies = await context.cookies();
  const session = cookies.find((cookie) => cookie.name.includes("next-auth.session-token"));
  expect(session?.httpOnly).toBe(true);
  expect(session?.value.split(".").length).toBe(1);
  expect(await page.evaluate(() => document.cookie)).not.toMatch(/eyJ/);
  expect(await page.content()).not.toMatch(/eyJ[\w-]+\.eyJ/);

  await page.getByRole("button", { name: "Claim to my account" }).click();
  await expect(page.getByText("Claimed: this assessment is now in your account")).toBeVisible();

  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Casey Patient");
  const history = page.locator("section").filter({ has: page.getByRole("heading", { name: "Assessment history" }) });
  await expect(history.getByRole("link", { name: first.formattedCode })).toBeVisible();

  await page.getByRole("textbox", { name: /Enter its code/ }).fill(second.formattedCode);
  await page.getByRole("button", { name: "Claim", exact: true }).click();
  await expect(page.getByText("it is now in your account")).toBeVisible();
  await expect(history.getByRole("link", { name: second.formattedCode })).toBeVisible();
  await page.getByRole("textbox", { name: /Enter its code/ }).fill(third.code);
  await page.getByRole("button", { name: "Claim", exact: true }).click();
  await expect(history.getByRole("link", { name: third.formattedCode })).toBeVisible();

  // Claiming twice is refused with a readable message.
  await page.getByRole("textbox", { name: /Enter its code/ }).fill(first.code);
  await page.getByRole("button", { name: "Claim", exact: true }).click();
  await expect(page.getByText("No unclaimed assessment has this code")).toBeVisible();

  // The type filter narrows the history.
  await history.getByRole("combobox", { name: "Type" }).selectOption("DEXTERITY");
  await expect(history.getByRole("link", { name: second.formattedCode })).toBeVisible();
  await expect(history.getByRole("link", { name: first.formattedCode })).toHaveCount(0);
  await history.getByRole("combobox", { name: "Type" }).selectOption("");

  // Score chart and journal panels are there; no subscription card where billing is off.
  await revealCharts(page);
  await expect(page.locator(".recharts-surface").first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Journal", exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Subscription" })).toHaveCount(0);
  await expectAccessible(page, testInfo, "dashboard");
  await expectNoSideScroll(page);
  await screenshot(page, testInfo, "dashboard");
});

test("the proxy answers 401 on guarded routes without a session, and never reaches sign-in routes", async ({ request }) => {
  const me = await request.get("/api/proxy/patients/me");
  expect(me.status()).toBe(401);
  const claim = await request.post("/api/proxy/lookup/ABC234/claim");
  expect(claim.status()).toBe(401);
  const open = await request.get("/api/proxy/health");
  expect(open.status()).toBe(200);
  expect((await open.json()).status).toBe("ok");
  expect((await request.get("/api/proxy/auth/session")).status()).toBe(404);
});

test("signed-out visitors are sent to sign in from the dashboard", async ({ page }) => {
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/signin\?callbackUrl=%2Fdashboard|\/signin\?callbackUrl=\/dashboard/);
  await expect(page.getByRole("main").getByRole("button", { name: "Sign in" })).toBeVisible();
});
