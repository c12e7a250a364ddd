// Every page of the app, each visited by the person it is for, with data on it, at both sizes and
// in both languages: English at 1280 px, Spanish at 390 (its longer words overflow a phone
// first). One h1, no sideways scroll, and axe finds no violation (any impact; WCAG 2.1 A and AA and best practices). The list below names
// every page route (app/**/page.tsx), and a page added without joining it fails the first test.
import { readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { api, painResult, romResult, type Created } from "./support/api";
import { APP_ORIGIN } from "./support/env";
import {
  clinician,
  expectAccessible,
  expectNoSideScroll,
  seeded,
  signIn,
  tokenFor,
  uniqueLogin,
  revealCharts,
  PHONE_ONLY,
  panelsLoaded,
} from "./support/fixtures";

type Persona = "visitor" | "patient" | "provider";

/** What the pages show: made through the API by each test. */
interface Data {
  rom: Created;
  report: Created;
  clinicId: number;
  patientId: number;
}

/** Every page route, the persona it is for, and the address that shows it with data. */
const PAGES: Record<string, { as: Persona; path: (data: Data) => string }> = {
  "/": { as: "visitor", path: () => "/" },
  "/signin": { as: "visitor", path: () => "/signin" },
  "/a/[code]": { as: "visitor", path: ({ rom }) => `/a/${rom.code}` },
  "/r/[code]": { as: "visitor", path: ({ report }) => `/r/${report.code}` },
  "/developers": { as: "visitor", path: () => "/developers" },
  "/developers/api": { as: "visitor", path: () => "/developers/api" },
  "/measure": { as: "visitor", path: () => "/measure" },
  "/measure/quickdash": { as: "visitor", path: () => "/measure/quickdash" },
  "/measure/pain": { as: "patient", path: () => "/measure/pain" },
  "/measure/tapping": { as: "visitor", path: () => "/measure/tapping" },
  "/developers/tokens": { as: "visitor", path: () => "/developers/tokens" },
  "/developers/endpoints": { as: "visitor", path: () => "/developers/endpoints" },
  "/developers/contact": { as: "visitor", path: () => "/developers/contact" },
  "/dashboard": { as: "patient", path: () => "/dashboard" },
  "/reports/new": { as: "patient", path: () => "/reports/new" },
  "/billing/success": { as: "patient", path: () => "/billing/success?session_id=cs_test_e2e" },
  "/billing/cancel": { as: "patient", path: () => "/billing/cancel" },
  "/provider": { as: "provider", path: () => "/provider" },
  "/provider/patients/[id]": { as: "provider", path: ({ patientId }) => `/provider/patients/${patientId}` },
  "/provider/clinics": { as: "provider", path: () => "/provider/clinics" },
  "/provider/clinics/[id]": { as: "provider", path: ({ clinicId }) => `/provider/clinics/${clinicId}` },
  "/provider/clinics/[id]/poster": { as: "provider", path: ({ clinicId }) => `/provider/clinics/${clinicId}/poster` },
  "/provider/clinics/invitation": { as: "provider", path: () => "/provider/clinics/invitation" },
  // A reminder e-mail's link lands here; the page only offers the button, whatever the token.
  "/reminders/unsubscribe/[token]": { as: "visitor", path: () => "/reminders/unsubscribe/1.not-a-real-link.0" },
};

/** The app's page routes, from its files: app/**\/page.tsx, route groups "(name)" left out of the path. */
function pageRoutes(appDir: string): string[] {
  return (readdirSync(appDir, { recursive: true }) as string[])
    .filter((file) => file === "page.tsx" || file.endsWith(`${sep}page.tsx`))
    .map((file) => {
      const segments = relative(appDir, join(appDir, file)).split(sep).slice(0, -1);
      return `/${segments.filter((s) => !/^\(.*\)$/.test(s)).join("/")}`;
    })
    .sort();
}

/** The page has its data: its heading, no panel still loading, the chart drawn where there is one. */
async function settle(page: Page): Promise<void> {
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  await panelsLoaded(page);
  if (await page.getByRole("heading", { name: /^(Score history|Historial de puntuaciones)$/ }).count()) {
    await revealCharts(page);
    await expect(page.locator(".recharts-surface").first()).toBeVisible();
  }
}

/**
 * Two results and their report, and a clinic the provider runs; the patient pages are those of
 * the seeded patient with eight weeks of history (read, never changed: other specs count it).
 */
async function arrange(providerLogin: string): Promise<Data> {
  const rom = await api<Created>(APP_ORIGIN, "POST", "/assessments/rom", romResult(70));
  const pain = await api<Created>(APP_ORIGIN, "POST", "/assessments/pain-v2", painResult);
  const report = await api<Created>(APP_ORIGIN, "POST", "/reports", { title: "Every page", assessmentCodes: [rom.code, pain.code] });
  const admin = await tokenFor(seeded().adminLogin);
  const clinic = await api<{ id: number }>(
    APP_ORIGIN,
    "POST",
    "/clinics",
    { name: `Every Page Clinic ${uniqueLogin("x").slice(2)}`, adminSub: providerLogin },
    admin,
  );
  return { rom, report, clinicId: clinic.id, patientId: seeded().history.recovering.id };
}

test("every page route of the app is in this spec's list", () => {
  expect(pageRoutes(join(test.info().project.testDir, "..", "app"))).toEqual(Object.keys(PAGES).sort());
});

for (const language of ["en", "es"] as const) {
  for (const persona of ["visitor", "patient", "provider"] as const) {
    // English at 1280 px (the desktop project), Spanish at 390 (the phone's alone).
    test(
      `in ${language}, the pages for the ${persona} have one h1, no sideways scroll and no axe violation`,
      language === "en" ? {} : PHONE_ONLY,
      async ({ page }, testInfo) => {
        test.setTimeout(240_000);
        const providerLogin = await clinician("provider-axel");
        const data = await arrange(providerLogin);
        if (persona === "patient") await signIn(page, seeded().history.recovering.login, "/dashboard");
        if (persona === "provider") await signIn(page, providerLogin, "/provider");
        await page.context().addCookies([{ name: "locale", value: language, url: APP_ORIGIN }]);
        for (const [route, { as, path }] of Object.entries(PAGES)) {
          if (as !== persona) continue;
          const response = await page.goto(path(data));
          expect(response?.status(), route).toBe(200);
          await settle(page);
          await expect(page.locator("html"), route).toHaveAttribute("lang", language);
          await expect(page.locator("h1"), `${route}: one h1`).toHaveCount(1);
          await expectNoSideScroll(page);
          const label = route.replaceAll(/[/[\]]+/g, "-").replace(/^-|-$/g, "") || "home";
          await expectAccessible(page, testInfo, `${label}-${language}`);
        }
      },
    );
  }
}
