// The therapist's day (issue 28, item 4): a clinician marks a flagged patient reviewed from the
// list (the row changes in place, announced), sets a goal on the patient's page and sees it on
// the chart, and downloads the history as PDF; the patient sets a goal of their own on the
// dashboard. Each scenario makes its own clinic and patient, so the other specs' data is untouched.
import { readFile } from "node:fs/promises";
import { spawnSync } from "node:child_process";
import { expect, test, type Page } from "@playwright/test";
import { api, romResult } from "./support/api";
import { APP_ORIGIN } from "./support/env";
import { expectAccessible, expectNoSideScroll, isPhone, signIn, tokenFor, uniqueLogin, revealCharts, PHONE } from "./support/fixtures";
import { displayName } from "./support/identity-provider";

/** A clinic whose admin (a clinician) is `providerLogin`, and a patient sharing with it whose latest ROM score is `score`. */
async function careTeamWithPatient(providerLogin: string, score: number) {
  const admin = await tokenFor(uniqueLogin("admin-ada"));
  const clinic = await api<{ joinCode: string }>(
    APP_ORIGIN,
    "POST",
    "/clinics",
    { name: uniqueLogin("Goals clinic"), adminSub: providerLogin },
    admin,
  );
  const login = uniqueLogin("pat-goal");
  const token = await tokenFor(login);
  await api(APP_ORIGIN, "POST", "/assessments/rom", romResult(score + 20), token);
  await api(APP_ORIGIN, "POST", "/assessments/rom", romResult(score), token);
  await api(APP_ORIGIN, "POST", "/me/clinics", { joinCode: clinic.joinCode }, token);
  const me = await api<{ id: number }>(APP_ORIGIN, "GET", "/patients/me", undefined, token);
  return { id: me.id, name: displayName(login), login };
}

const section = (page: Page, heading: string) =>
  page.locator("section").filter({ has: page.getByRole("heading", { name: heading, exact: true }) });

async function setGoal(page: Page, test: string, metric: string, target: string) {
  const goals = section(page, "Goals");
  await goals.getByRole("combobox", { name: "Test" }).selectOption({ label: test });
  await goals.getByRole("combobox", { name: "Measurement" }).selectOption({ label: metric });
  await goals.getByRole("spinbutton", { name: /Target/ }).fill(target);
  await goals.getByRole("button", { name: "Save goal" }).click();
}

test(
  "a clinician marks a flagged patient reviewed from the list, sets a goal seen on the chart, and downloads the history PDF",
  PHONE,
  async ({ page }, testInfo) => {
    const provider = uniqueLogin("provider-theo");
    const patient = await careTeamWithPatient(provider, 28);
    await signIn(page, provider, "/provider");
    await expect(page.getByRole("heading", { level: 1, name: "Patients" })).toBeVisible();
    // The care-team rule: the list holds the patients sharing with the provider's clinic, this one.
    const list = isPhone(testInfo) ? page.getByRole("list", { name: "Patients" }) : page.getByRole("table");
    const rows = isPhone(testInfo) ? list.locator(":scope > li") : list.getByRole("row").filter({ has: page.getByRole("link") });
    await expect(rows).toHaveCount(1);
    const row = rows.filter({ hasText: patient.name });
    await expect(row.getByText("Low, unchanged", { exact: true })).toBeVisible();
    await expect(row.getByText("Range of motion (right) 38 (low: 40 or lower)", { exact: true })).toBeVisible();
    await expectAccessible(page, testInfo, "therapist-list");

    // A failure stays beside the button; the list is not fetched again either way.
    let listed = 0;
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/proxy/patients") listed += 1;
    });
    await page.route(`**/api/proxy/patients/${patient.id}/review`, (route) => route.fulfill({ status: 503, body: "{}" }), { times: 1 });
    const mark = row.getByRole("button", { name: `Mark ${patient.name} reviewed` });
    await mark.click();
    await expect(row.getByText("Could not mark reviewed; try again.")).toBeVisible();
    await mark.click();
    await expect(page.getByRole("status").filter({ hasText: `${patient.name} marked reviewed.` })).toBeAttached();
    await expect(row.getByText("Low, unchanged", { exact: true })).toHaveCount(0);
    await expect(row.getByText(/^Reviewed/)).toBeVisible();
    expect(listed).toBe(0);
    await expectAccessible(page, testInfo, "therapist-list-reviewed");
    await expectNoSideScroll(page);

    await row.getByRole("link", { name: patient.name }).click();
    await expect(page.getByRole("heading", { level: 1, name: patient.name })).toBeVisible();
    await setGoal(page, "Range of motion", "Overall score", "70");
    await expect(page.getByText("Goal saved: Overall score ≥ 70 / 100.")).toBeVisible();
    const goals = section(page, "Goals");
    await expect(goals.getByText("Range of motion: Overall score ≥ 70 / 100")).toBeVisible();
    await expect(goals.getByText("not reached yet")).toBeVisible();
    const scores = section(page, "Score history");
    await expect(scores.getByText("Goals, dashed lines: Overall score ≥ 70 / 100 (Range of motion).")).toBeVisible();
    await revealCharts(page);
    await expect(scores.locator("svg").getByText("Goal: Overall score ≥ 70 / 100")).toBeAttached();
    await expectAccessible(page, testInfo, "therapist-patient");
    await expectNoSideScroll(page);

    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export history (PDF)" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`patient-${patient.id}-history.pdf`);
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const text = spawnSync("pdftotext", ["-", "-"], { input: bytes });
    if (!text.error) {
      const words = text.stdout.toString("utf8");
      for (const heading of ["Goals", "Scores over time", "Results by test", "Range of motion"]) expect(words).toContain(heading);
      expect(words).toContain("Overall score ≥ 70 / 100");
    }
  },
);

test("a patient sets a goal on the dashboard and sees it on the chart and in words", async ({ page }, testInfo) => {
  const login = uniqueLogin("pat-own-goal");
  const token = await tokenFor(login);
  await api(APP_ORIGIN, "POST", "/assessments/rom", romResult(55), token);
  await api(APP_ORIGIN, "POST", "/assessments/rom", romResult(62), token);
  await signIn(page, login, "/dashboard");
  const goals = section(page, "Goals");
  await expect(goals.getByText(/No goals yet/)).toBeVisible();
  await setGoal(page, "Range of motion", "Wrist extension", "60");
  await expect(goals.getByText("Range of motion: Wrist extension ≥ 60°")).toBeVisible();
  await expect(goals.getByText("not reached yet")).toBeVisible();
  await revealCharts(page);
  await expect(goals.locator("svg").getByText("Goal: Wrist extension ≥ 60°")).toBeAttached();
  await setGoal(page, "Range of motion", "Overall score", "80");
  await expect(section(page, "Score history").getByText("Goals, dashed lines: Overall score ≥ 80 / 100 (Range of motion).")).toBeVisible();
  await expectAccessible(page, testInfo, "therapist-dashboard");
  await expectNoSideScroll(page);

  await goals.getByRole("button", { name: "Remove the goal Wrist extension ≥ 60°" }).click();
  await expect(page.getByText("Goal removed: Wrist extension ≥ 60°.")).toBeVisible();
  await expect(goals.getByText("Range of motion: Wrist extension ≥ 60°")).toHaveCount(0);
});
