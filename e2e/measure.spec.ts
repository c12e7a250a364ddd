// Measuring in the browser, in English at 1280 px and in Spanish at 390: a QuickDASH answered item
// by item (its score against the published rule worked out here), a pain session with two
// joints on the hand map, a tapping run driven by synthetic touch events (its fields against
// this file's own computation), each reaching /a/CODE (anonymous) or the record (signed in);
// an answer lost on the way, then "send again": one record. axe on every page.
import { readFileSync } from "node:fs";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { api } from "./support/api";
import { APP_ORIGIN } from "./support/env";
import { expectAccessible, expectNoSideScroll, signIn, tokenFor, uniqueLogin, PHONE_ONLY } from "./support/fixtures";

type Catalogue = { measuring: Record<string, any>; home: { patients: { measure: string } } };
const CATALOGUES = {
  en: JSON.parse(readFileSync(new URL("../messages/en.json", import.meta.url), "utf8")) as Catalogue,
  es: JSON.parse(readFileSync(new URL("../messages/es.json", import.meta.url), "utf8")) as Catalogue,
};

/** The answers given, item by item; null is the one skipped item. */
const ANSWERS = [2, 3, 1, 2, 4, 1, 2, 3, 1, 2, null];
const SCALES = [
  "difficulty",
  "difficulty",
  "difficulty",
  "difficulty",
  "difficulty",
  "difficulty",
  "interfered",
  "limited",
  "severity",
  "severity",
  "sleep",
];

/** QuickDASH as published: ((sum of answered / number answered) − 1) × 25. */
function quickDash(answers: (number | null)[]): number {
  const answered = answers.filter((a): a is number => a !== null);
  return (answered.reduce((sum, a) => sum + a, 0) / answered.length - 1) * 25;
}

/**
 * Checks the screen and attaches its picture to the report. With UPDATE_SCREENSHOTS=1 the picture
 * also replaces docs/screenshots/measure-*.png; a plain run (CI's included) leaves the checkout as it was.
 */
async function shot(page: Page, testInfo: TestInfo, name: string, language: string) {
  await expectAccessible(page, testInfo, name);
  await expectNoSideScroll(page);
  const file = `measure-${name}-${language}-${testInfo.project.name}.png`;
  const picture = await page.screenshot({
    fullPage: true,
    ...(process.env.UPDATE_SCREENSHOTS === "1" ? { path: `docs/screenshots/${file}` } : {}),
  });
  await testInfo.attach(file, { body: picture, contentType: "image/png" });
}

async function myRecords(login: string): Promise<{ assessmentType: string }[]> {
  const answer = await api<{ assessments: { assessmentType: string }[] }>(
    APP_ORIGIN,
    "GET",
    "/patients/me/assessments",
    undefined,
    await tokenFor(login),
  );
  return answer.assessments;
}

for (const language of ["en", "es"] as const) {
  const m = CATALOGUES[language].measuring;
  const number = (value: number) => value.toLocaleString(language === "es" ? "es-ES" : "en-GB", { maximumFractionDigits: 1 });

  async function answerQuickDash(page: Page) {
    for (let screen = 0; screen * 3 < ANSWERS.length; screen++) {
      for (let i = screen * 3; i < Math.min(ANSWERS.length, screen * 3 + 3); i++) {
        const group = page.getByRole("group", { name: `${i + 1}. ${m.quickdash.items[`i${i + 1}`]}` });
        const answer = ANSWERS[i]!;
        if (answer === null) await group.getByRole("button", { name: m.questionnaire.skip }).click();
        else await group.getByRole("radio", { name: m.quickdash.scales[SCALES[i]!][`o${answer}`], exact: true }).check();
      }
      const last = (screen + 1) * 3 >= ANSWERS.length;
      await page.getByRole("button", { name: last ? m.questionnaire.finish : m.questionnaire.next }).click();
    }
  }

  // Each language at one size, so both sizes are walked: Spanish, the longer, on the phone.
  test.describe(`measuring (${language})`, language === "en" ? {} : PHONE_ONLY, () => {
    test.use({ locale: language === "es" ? "es-ES" : "en-GB" });

    test("QuickDASH item by item, anonymous: the score by hand, then its code's page", async ({ page }, testInfo) => {
      await page.goto("/");
      await page.getByRole("link", { name: CATALOGUES[language].home.patients.measure }).click();
      await expect(page).toHaveURL(/\/measure$/);
      await expect(page.getByRole("heading", { level: 1, name: m.title })).toBeVisible();
      await shot(page, testInfo, "list", language);
      await page.getByRole("link", { name: `${m.start}: ${m.tests.quickdash.name}` }).click();
      await expect(page).toHaveURL(/\/measure\/quickdash$/);
      await expect(
        page.getByText(m.questionnaire.progress.replace("{from}", "1").replace("{to}", "3").replace("{total}", "11")),
      ).toBeVisible();
      await shot(page, testInfo, "quickdash", language);
      await answerQuickDash(page);
      const expected = Math.round(quickDash(ANSWERS) * 100) / 100;
      expect(expected).toBe(27.5);
      await expect(page.getByTestId("questionnaire-score")).toHaveText(`QuickDASH ${number(expected)} / 100`);
      const code = page.getByTestId("result-code");
      await expect(code).toBeVisible();
      await expect(page.getByRole("link", { name: m.send.keep })).toBeVisible();
      await shot(page, testInfo, "quickdash-result", language);
      const shown = (await code.innerText()).replace("-", "");
      await page.getByRole("link", { name: m.send.open }).click();
      await expect(page).toHaveURL(new RegExp(`/a/${shown}$`));
      await expect(page.getByText(number(expected)).first()).toBeVisible();
    });

    test("pain with two joints on the hand map, signed in: in the record", async ({ page }, testInfo) => {
      const login = uniqueLogin("measure-pain");
      await signIn(page, login, "/measure/pain");
      await expect(page.getByTestId("hand-map")).toBeVisible();
      await shot(page, testInfo, "pain", language);
      await page.locator('[data-place="RIGHT-INDEX-PIP"]').first().click();
      await page
        .getByTestId("severity")
        .getByRole("radio", { name: `6 – ${m.pain.severityLabels["6"]}` })
        .check();
      await page.getByLabel(m.pain.list).selectOption("RIGHT-MIDDLE-MCP");
      await page
        .getByTestId("severity")
        .getByRole("radio", { name: `4 – ${m.pain.severityLabels["4"]}` })
        .check();
      await expect(page.getByTestId("pain-entries").getByRole("listitem")).toHaveCount(2);
      await page.getByRole("button", { name: m.pain.send }).click();
      await expect(page.getByRole("heading", { name: m.send.savedTitle })).toBeVisible();
      await page.getByRole("link", { name: m.send.toDashboard }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      const records = await myRecords(login);
      expect(records).toHaveLength(1);
      expect(records[0]!.assessmentType).toBe("PAIN");
    });

    test("tapping by synthetic touch events, anonymous: the fields as computed here", async ({ page }, testInfo) => {
      await page.clock.install();
      await page.goto("/measure/tapping");
      await shot(page, testInfo, "tapping", language);
      await page.clock.pauseAt(Date.now() + 60_000);
      await page.getByRole("button", { name: language === "es" ? "Empezar con la mano derecha" : "Start with the right hand" }).click();
      const centres = await page
        .getByTestId("tapping-arena")
        .getByRole("button")
        .evaluateAll((targets) =>
          targets.map((target) => {
            const box = target.getBoundingClientRect();
            return [box.left + box.width / 2, box.top + box.height / 2] as [number, number];
          }),
        );
      const taps = 48;
      const every = 200;
      for (let i = 0; i < taps; i++) {
        await page.clock.runFor(every);
        const [x, y] = centres[i % 4]!;
        await page.getByTestId("tapping-arena").evaluate(
          (arena, { x, y, id }) => {
            const target = document.elementFromPoint(x, y) ?? arena;
            const init = { bubbles: true, pointerType: "touch", pointerId: id, isPrimary: true, clientX: x, clientY: y };
            target.dispatchEvent(new PointerEvent("pointerdown", init));
            target.dispatchEvent(new PointerEvent("pointerup", init));
          },
          { x, y, id: i + 2 },
        );
      }
      await page.clock.runFor(10_000);
      await page.clock.resume();
      // This test's own computation: every tap on the expected target, dead centre, evenly spaced.
      const seconds = 10;
      const sequences = Math.floor(taps / 4);
      const expected = {
        speedScore: Math.min(100, (100 * taps) / seconds / 4),
        touchPrecision: 100,
        consistencyScore: 100,
        sequenceAccuracy: 100,
        cycleCount: taps,
        totalTouches: taps,
        sequencesCompleted: sequences,
        timeTo10Sequences: (40 * every) / 1000,
        averageFrequency: taps / seconds,
      };
      const overall = (expected.speedScore + expected.touchPrecision + expected.consistencyScore + expected.sequenceAccuracy) / 4;
      await expect(page.getByTestId("tapping-pointer")).toHaveText(m.tapping.by.touch);
      const fields = page.getByTestId("tapping-fields");
      for (const [key, value] of [
        ["overallScore", `${number(overall)} / 100`],
        ["speedScore", `${number(expected.speedScore)} / 100`],
        ["touchPrecision", `${number(expected.touchPrecision)} / 100`],
        ["consistencyScore", `${number(expected.consistencyScore)} / 100`],
        ["sequenceAccuracy", `${number(expected.sequenceAccuracy)} / 100`],
        ["cycleCount", number(expected.cycleCount)],
        ["totalTouches", number(expected.totalTouches)],
        ["sequencesCompleted", number(expected.sequencesCompleted)],
        ["timeTo10Sequences", `${number(expected.timeTo10Sequences)} s`],
        ["averageFrequency", number(expected.averageFrequency)],
      ] as const) {
        await expect(fields.getByText(m.tapping.fields[key], { exact: true }).locator("xpath=following-sibling::*[1]")).toHaveText(value);
      }
      const code = page.getByTestId("result-code");
      await expect(code).toBeVisible();
      await shot(page, testInfo, "tapping-result", language);
      const shown = (await code.innerText()).replace("-", "");
      await page.getByRole("link", { name: m.send.open }).click();
      await expect(page).toHaveURL(new RegExp(`/a/${shown}$`));
    });

    test("an answer lost on the way, then send again: one record", async ({ page }) => {
      const login = uniqueLogin("measure-offline");
      await signIn(page, login, "/measure/quickdash");
      let lost = 0;
      await page.route("**/api/proxy/assessments/quickdash", async (route) => {
        // The server stores it; the browser never hears back.
        await route.fetch();
        lost += 1;
        await route.abort("internetdisconnected");
      });
      await answerQuickDash(page);
      await expect(page.getByText(m.send.failed)).toBeVisible();
      expect(lost).toBe(1);
      await page.unroute("**/api/proxy/assessments/quickdash");
      await page.getByRole("button", { name: m.send.again }).click();
      await expect(page.getByRole("heading", { name: m.send.savedTitle })).toBeVisible();
      const records = await myRecords(login);
      expect(records).toHaveLength(1);
    });
  });
}
