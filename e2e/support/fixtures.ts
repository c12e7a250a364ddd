// Helpers the specs share: sign-in through the OpenID provider, API tokens, the care team of
// the seeded clinic, the accessibility check, and the seeded data.
import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, type TestInfo } from "@playwright/test";
import type { JWK } from "jose";
import { api } from "./api";
import { APP_ORIGIN } from "./env";
import { mintToken } from "./identity-provider";
import type { Seed } from "./seed";

export function seeded(): Seed {
  return JSON.parse(process.env.E2E_SEED!) as Seed;
}

/** A login nobody else in this run uses; its prefix decides the roles (see identity-provider.ts). */
export function uniqueLogin(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
}

/** An API access token for `login`, signed by the run's identity provider. */
export function tokenFor(login: string): Promise<string> {
  return mintToken(JSON.parse(process.env.E2E_IDP_JWK!) as JWK, process.env.E2E_IDP_ISSUER!, login);
}

/**
 * A care provider (a login nobody else uses, starting "provider-") whom the seeded clinic has made
 * a clinician: under the care-team rule they read the seeded patients and whoever else shares
 * with that clinic (shareWithClinic), and nobody else.
 */
export async function clinician(prefix: `provider-${string}`): Promise<string> {
  const { adminLogin, clinic } = seeded();
  const login = uniqueLogin(prefix);
  await api(APP_ORIGIN, "POST", `/clinics/${clinic.id}/members`, { sub: login, role: "clinician" }, await tokenFor(adminLogin));
  return login;
}

/** The patient holding `token` shares their record with the seeded clinic, by its join code. */
export async function shareWithClinic(token: string): Promise<void> {
  await api(APP_ORIGIN, "POST", "/me/clinics", { joinCode: seeded().clinic.joinCode }, token);
}

/** Signs in through the app's sign-in page and the provider's login form; ends back on the app. */
export async function signIn(page: Page, login: string, callbackUrl = "/dashboard"): Promise<void> {
  await page.goto(`/signin?callbackUrl=${encodeURIComponent(callbackUrl)}`);
  // The sign-in page speaks the browser's language: a Spanish (es-ES) test reads it in Spanish.
  await page
    .getByRole("main")
    .getByRole("button", { name: /^(Sign in|Iniciar sesión)$/ })
    .click();
  // The OpenID provider's own pages (oidc-provider's login and consent screens).
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("any password");
  await page.locator('button[type="submit"]').click();
  // A first sign-in asks for consent; the app's own page is recognised by its main landmark.
  const consent = page.getByRole("button", { name: "Continue" });
  await expect(consent.or(page.locator("main#main"))).toBeVisible();
  if (await consent.isVisible()) await consent.click();
  await page.waitForURL((url) => url.pathname === callbackUrl);
}

const NAMESPACES = Object.keys(JSON.parse(readFileSync(new URL("../../messages/en.json", import.meta.url), "utf8")) as object);
/**
 * What next-intl shows for a message missing from the page's catalogue: "<namespace>.<key>", a
 * whole dotted word, not part of an address or a host name (ui.dev@…, https://…/home.page).
 */
const UNSENT_MESSAGE = new RegExp(`(?<![\\w.@/-])(${NAMESPACES.join("|")})(\\.[A-Za-z]+)+\\b(?![.@/-])`);

/** Until no panel says it is loading (aria-busy): those still fetching and those not yet shown (components/ui/deferred.tsx). */
export async function panelsLoaded(page: Page): Promise<void> {
  await expect(page.locator("[aria-busy='true']")).toHaveCount(0);
}

/** axe-core: no violations at all (any impact) on the current page. */
export async function expectAccessible(page: Page, testInfo: TestInfo, label: string): Promise<void> {
  // Next streams a dynamic page's metadata after its body: right after a refresh (claiming a
  // code re-renders the page) the <title> can still be on its way. A reader's tab gets it a
  // moment later; axe must not judge the page in between.
  await expect(page).toHaveTitle(/\S/);
  // Panels shown once the page is idle (components/ui/deferred.tsx) are judged too.
  await panelsLoaded(page);
  // next-intl prints "namespace.key" for a message the page did not send to the browser.
  expect(await page.locator("body").innerText(), `untranslated message keys on ${label}`).not.toMatch(UNSENT_MESSAGE);
  const builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]);
  const results = await builder.analyze();
  const serious = results.violations;
  if (serious.length) {
    await testInfo.attach(`axe-${label}.json`, { body: JSON.stringify(serious, null, 2), contentType: "application/json" });
  }
  expect(
    serious.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")}`,
    ),
    `accessibility violations on ${label}`,
  ).toEqual([]);
}

/**
 * A picture of the page at this width, attached to the test's results (test-results/ and the
 * report). The documentation's pictures come from `npm run screenshots`, not from test runs.
 */
export async function screenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await testInfo.attach(`${name}-${testInfo.project.name}.png`, {
    body: await page.screenshot({ fullPage: true }),
    contentType: "image/png",
  });
}

/**
 * Waits for the page's charts, scrolls to each as a reader would and waits for it to be drawn (a
 * chart draws when it comes near the viewport: below a phone's fold it is not drawn at load),
 * then scrolls back to the top.
 */
export async function revealCharts(page: Page): Promise<void> {
  await expect(page.locator("[data-near-view]").first()).toBeAttached();
  // Panels shown once the page is idle would push a chart scrolled into view back out of it.
  await panelsLoaded(page);
  for (const chart of await page.locator("[data-near-view]").all()) {
    await chart.scrollIntoViewIfNeeded();
    await expect(chart.locator(".recharts-surface").first()).toBeVisible();
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** A walk that runs at 390 px as well as 1280 (playwright.config.ts: the phone project's grep). */
export const PHONE = { tag: "@phone" };
/** A walk of the phone layout alone: the phone project runs it, the desktop one leaves it out. */
export const PHONE_ONLY = { tag: "@phone-only" };

/** Whether the page is the phone project (390 px). */
export const isPhone = (testInfo: TestInfo) => testInfo.project.name === "phone";

/** The page does not scroll sideways (readable at 390 px). */
export async function expectNoSideScroll(page: Page): Promise<void> {
  const { overflow, outside } = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const overflow = document.documentElement.scrollWidth - width;
    if (overflow <= 1) return { overflow, outside: [] };
    // The innermost unclipped elements that reach past the right edge: what to fix.
    // An absolutely placed element (e.g. sr-only text) escapes every clipping ancestor until its
    // containing block, the nearest positioned one; a fixed one escapes them all.
    const clipped = (el: Element) => {
      let position = getComputedStyle(el).position;
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        if (position === "fixed") return false;
        const style = getComputedStyle(up);
        if (position === "absolute" && style.position === "static") continue;
        if (style.overflowX !== "visible") return true;
        position = style.position;
      }
      return false;
    };
    // At most 300 candidates: on a large page the ancestors' styles of every element outrun the test.
    const past = [...document.querySelectorAll("body *")]
      .filter((el) => el.getBoundingClientRect().right > width + 1)
      .slice(0, 300)
      .filter((el) => !clipped(el));
    const innermost = past.filter((el) => !past.some((other) => other !== el && el.contains(other)));
    return {
      overflow,
      outside: innermost
        .slice(0, 5)
        .map((el) => `<${el.tagName.toLowerCase()} class="${el.getAttribute("class") ?? ""}"> ${(el.textContent ?? "").slice(0, 60)}`),
    };
  });
  expect(overflow, `horizontal overflow in px; past the edge: ${outside.join(" | ")}`).toBeLessThanOrEqual(1);
}
