// Issue 34's browser walk: a clinician of the clinic of known truth (lib/seed/known-truth.ts,
// written before the app starts) reads the provider list and patients' pages in English (at 1280
// and 390 px) and in Spanish (at 390). Every measure is on its own scale: QuickDASH as published (higher
// is more disability), worst pain out of 10, range of motion in degrees beside its composite, each
// joint as extension/flexion; the attention reasons in those units, numbers as the language writes
// them. The patient with joints (a 25° PIP extension lag) is made through the API and shares with
// the clinic by its join code.
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { KNOWN_TRUTH, knownTruthDay } from "@/lib/seed/known-truth";
import { api, painResult, romResult } from "./support/api";
import { APP_ORIGIN } from "./support/env";
import {
  expectAccessible,
  expectNoSideScroll,
  isPhone,
  screenshot,
  seeded,
  signIn,
  tokenFor,
  uniqueLogin,
  PHONE,
  PHONE_ONLY,
} from "./support/fixtures";
import { displayName } from "./support/identity-provider";

type Language = "en" | "es";

const WORDS = {
  en: {
    search: "Search",
    patients: "Patients",
    decline: "Clinically important decline",
    low: "Low, unchanged",
    glance: "At a glance",
    joints: "Wrist and finger joints by date",
    quickdash: (first: string) => `QuickDASH 20.5 → 38.6 (+18.2, worse; clinically important ≥ 15.91) since the first result (${first})`,
    pain: (first: string) => `Worst pain (both hands) 2 → 4/10 (worse, ≥ 2 points) since the first result (${first})`,
    painLow: "Worst pain (both hands) 8/10 (low: 7/10 or higher)",
    latestQuickdash: "38.6 / 100",
    lowerIsBetter: "lower is better",
  },
  es: {
    search: "Buscar",
    patients: "Pacientes",
    decline: "Empeoramiento clínicamente importante",
    low: "Bajo, sin cambios",
    glance: "De un vistazo",
    joints: "Muñeca y articulaciones de los dedos por fecha",
    quickdash: (first: string) =>
      `QuickDASH 20,5 → 38,6 (+18,2, peor; clínicamente relevante ≥ 15,91) respecto al primer resultado (${first})`,
    pain: (first: string) => `Dolor máximo (ambas manos) 2 → 4/10 (peor, ≥ 2 puntos) respecto al primer resultado (${first})`,
    painLow: "Dolor máximo (ambas manos) 8/10 (umbral: 7/10 o más)",
    latestQuickdash: "38,6 / 100",
    lowerIsBetter: "más bajo es mejor",
  },
} as const;

const named = (key: string) => KNOWN_TRUTH.find((p) => p.key === key)!.name;

/** A clinician of the known-truth clinic, and a patient of it whose right hand has every finger joint measured. */
async function clinicWithJointsPatient() {
  const { adminLogin, knownTruth } = seeded();
  const provider = uniqueLogin("provider-truth");
  await api(APP_ORIGIN, "POST", `/clinics/${knownTruth.id}/members`, { sub: provider, role: "clinician" }, await tokenFor(adminLogin));
  const login = uniqueLogin("joan-joints");
  const token = await tokenFor(login);
  // Index PIP: a 25° extension lag, flexion to 70°; every other joint 5° short of straight.
  const joints = [
    ["THUMB", "MCP"],
    ["THUMB", "IP"],
    ...["INDEX", "MIDDLE", "RING", "LITTLE"].flatMap((finger) => ["MCP", "PIP", "DIP"].map((joint) => [finger, joint])),
  ].map(([finger, jointType]) => {
    const [deficit, flexion] = finger === "INDEX" && jointType === "PIP" ? [25, 70] : [5, 60];
    return { id: `${finger}_${jointType}`.toLowerCase(), finger, jointType, minAngle: deficit, maxAngle: flexion, rom: flexion - deficit };
  });
  await api(APP_ORIGIN, "POST", "/assessments/rom", { ...romResult(55), joints }, token);
  await api(APP_ORIGIN, "POST", "/assessments/pain-v2", painResult, token);
  await api(APP_ORIGIN, "POST", "/me/clinics", { joinCode: knownTruth.joinCode }, token);
  const me = await api<{ id: number }>(APP_ORIGIN, "GET", "/patients/me", undefined, token);
  return { provider, joints: { id: me.id, name: displayName(login) } };
}

async function chooseSpanish(page: Page): Promise<void> {
  await Promise.all([page.waitForEvent("load"), page.getByRole("combobox", { name: "Language" }).selectOption("es")]);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
}

async function walk(page: Page, testInfo: TestInfo, language: Language): Promise<void> {
  const words = WORDS[language];
  const today = new Date();
  const { provider, joints } = await clinicWithJointsPatient();
  await signIn(page, provider, "/provider");
  if (language === "es") await chooseSpanish(page);
  const suffix = language === "es" ? "-es" : "";

  // The list: the declines first, each reason in its measure's own units.
  const list = isPhone(testInfo) ? page.getByRole("list", { name: words.patients }) : page.getByRole("table");
  const rowOf = (name: string) =>
    isPhone(testInfo) ? list.locator(":scope > li").filter({ hasText: name }) : list.getByRole("row").filter({ hasText: name });
  const quickdash = rowOf(named("quickdash-worse"));
  await expect(quickdash.getByText(words.decline, { exact: true })).toBeVisible();
  await expect(quickdash.getByText(words.quickdash(knownTruthDay(today, 21)), { exact: true })).toBeVisible();
  await expect(quickdash.getByText(words.latestQuickdash, { exact: true })).toBeVisible();
  await expect(rowOf(named("pain-two")).getByText(words.pain(knownTruthDay(today, 14)), { exact: true })).toBeVisible();
  const painLow = rowOf(named("low-pain"));
  await expect(painLow.getByText(words.low, { exact: true })).toBeVisible();
  await expect(painLow.getByText(words.painLow, { exact: true })).toBeVisible();
  await expectAccessible(page, testInfo, `provider-truth${suffix}`);
  await expectNoSideScroll(page);
  await screenshot(page, testInfo, `provider-truth${suffix}`);

  // A flagged patient's page: the same reason, QuickDASH as published with its direction.
  await list.getByRole("link", { name: named("quickdash-worse") }).click();
  await expect(page.getByRole("heading", { level: 1, name: named("quickdash-worse") })).toBeVisible();
  await expect(page.getByRole("main").getByText(words.quickdash(knownTruthDay(today, 21)), { exact: true })).toBeVisible();
  const tile = page.getByRole("region", { name: words.glance }).getByRole("listitem").filter({ hasText: "QuickDASH" });
  await expect(tile).toContainText(words.latestQuickdash);
  await expect(tile).toContainText(words.lowerIsBetter);
  await expectAccessible(page, testInfo, `provider-truth-patient${suffix}`);
  await expectNoSideScroll(page);

  // The patient with joints: worst pain out of 10, the wrist in degrees, each joint as extension/flexion.
  await page.goto(`/provider/patients/${joints.id}`);
  await expect(page.getByRole("heading", { level: 1, name: joints.name })).toBeVisible();
  await expect(page.getByRole("region", { name: words.glance })).toContainText("4 / 10");
  const table = page
    .locator("section")
    .filter({ has: page.getByRole("heading", { name: words.joints, exact: true }) })
    .getByTestId("goniometry-right");
  await expect(table.getByText("−25/70", { exact: false })).toBeVisible();
  await expect(table.getByText("58°", { exact: false }).first()).toBeVisible();
  await expectAccessible(page, testInfo, `provider-truth-joints${suffix}`);
  await expectNoSideScroll(page);
  await screenshot(page, testInfo, `provider-truth-joints${suffix}`);
}

test("the known-truth clinic reads on its own scales in English", PHONE, async ({ page }, testInfo) => {
  await walk(page, testInfo, "en");
});

// Spanish at 390 px alone: its longer words overflow there first; the figures are the same at 1280.
test("the known-truth clinic reads on its own scales in Spanish, decimals with a comma", PHONE_ONLY, async ({ page }, testInfo) => {
  await walk(page, testInfo, "es");
});
