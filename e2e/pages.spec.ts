// Pages people read (issue 15): local dates, the at-a-glance strip, the history chart, one code
// box, the not-found page, phone layouts, loading without layout shift, favicon and announced
// form errors. Every scenario runs at 1280 px; the dashboard's and the provider list's (PHONE) at
// 390 px too, where their layout differs.
import { expect, test, type Page } from "@playwright/test";
import { api, romResult, type Created } from "./support/api";
import { APP_ORIGIN } from "./support/env";
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

/** The same instant as the page should show it to a reader in Auckland using US English. */
const aucklandUs = (page: Page, iso: string, withTime: boolean) =>
  page.evaluate(
    ([value, time]) =>
      new Date(value as string).toLocaleString("en-US", {
        day: "numeric",
        month: "short",
        year: "numeric",
        ...(time ? { hour: "2-digit", minute: "2-digit" } : {}),
        timeZone: "Pacific/Auckland",
      }),
    [iso, withTime] as const,
  );

test.describe("a reader in Auckland using US English", () => {
  test.use({ locale: "en-US", timezoneId: "Pacific/Auckland" });

  test("sees the time taken and the expiry date in their own zone and locale; claiming updates the page", async ({ page }, testInfo) => {
    const rom = await api<Created>(APP_ORIGIN, "POST", "/assessments/rom", romResult(64));
    const lookup = await api<{ dateCreated: string; expiresAt: string }>(APP_ORIGIN, "GET", `/lookup/${rom.code}`);
    await page.goto(`/a/${rom.code}`);
    const taken = page.locator(`time[datetime="${lookup.dateCreated}"]`).first();
    await expect(taken).toHaveText(await aucklandUs(page, lookup.dateCreated, true));
    await expect(taken).not.toContainText("UTC");
    await expect(page.getByText(`Not claimed: expires on ${await aucklandUs(page, lookup.expiresAt, false)}`)).toBeVisible();

    await signIn(page, uniqueLogin("kiri-claims"), `/a/${rom.code}`);
    await page.getByRole("button", { name: "Claim to my account" }).click();
    await expect(page.getByText("In an account")).toBeVisible();
    await expect(page.getByText(/Not claimed/)).toHaveCount(0);
    await expect(page.getByText("The change since your first and previous results shows here")).toHaveCount(0);
    await expectAccessible(page, testInfo, "assessment-claimed");
    await expectNoSideScroll(page);
  });
});

test(
  "the dashboard opens with the strip, a time-scaled chart with straight lines, and a table of the same figures",
  PHONE,
  async ({ page }, testInfo) => {
    const { recovering } = seeded().history;
    const requests: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/proxy/")) requests.push(request.url());
    });
    await signIn(page, recovering.login, "/dashboard");

    const strip = page.getByRole("region", { name: "At a glance" });
    const rom = strip.getByRole("listitem").filter({ hasText: "Range of motion · Right hand" });
    await expect(rom).toContainText("77 / 100");
    await expect(rom).toContainText("Good");
    await expect(rom).toContainText("↑ +4 (within the minimal important change) since the previous result");
    await expect(rom).toContainText("↑ +39 (better) since the first result");
    // Pain on its own scale: the worst rating out of 10 (the wire's 86 and 32), lower is better, no band.
    const pain = strip.getByRole("listitem").filter({ hasText: "Pain · Both hands" });
    await expect(pain).toContainText("1.4 / 10");
    await expect(pain).toContainText("lower is better");
    await expect(pain).toContainText("↓ −5.4 (better) since the first result");
    await expect(pain).not.toContainText("Good");
    await expect(strip.getByText("This service's own bands for 0–100 scores where higher is better (not published norms):")).toBeVisible();
    for (const band of ["Good 70–100", "Fair 40–69", "Low below 40"]) await expect(strip.getByText(band)).toBeVisible();

    // One series per test on a real time axis, drawn with straight segments; worst pain (0-10) on a chart of its own.
    const chart = page.locator("section").filter({ has: page.getByRole("heading", { name: "Score history" }) });
    await revealCharts(page);
    await expect(chart.locator(".recharts-line-curve")).toHaveCount(3);
    await expect(chart.getByText("Worst pain: 0–10, lower is better").first()).toBeVisible();
    for (const d of await chart.locator(".recharts-line-curve").evaluateAll((paths) => paths.map((p) => p.getAttribute("d") ?? ""))) {
      expect(d, "straight segments only").not.toMatch(/[CQS]/);
    }
    const xs = await chart
      .locator(".recharts-line-curve")
      .first()
      .evaluate((path) => (path.getAttribute("d") ?? "").match(/[\d.]+(?=,)/g)!.map(Number));
    const gaps = xs.slice(1).map((x, i) => x - xs[i]!);
    expect(Math.max(...gaps) - Math.min(...gaps), "gaps follow the dates, not the point count").toBeGreaterThan(1);
    const table = chart.getByRole("table", { name: /Score history, as a table/ });
    await expect(table.getByRole("row")).toHaveCount(35);
    await expect(table.getByRole("columnheader")).toHaveText(["Day", "Range of motion", "Dexterity", "Worst pain"]);

    // Every panel asked for its data: the scores at once, the history and the journal once shown
    // (they are below a phone's first screen, shown when the page is idle: components/ui/deferred.tsx).
    const panels = requests.filter((url) => /\/patients\/(me\/(scores|assessments)|\d+\/journal)/.test(url));
    expect(panels.map((url) => new URL(url).pathname.replace(/\d+/, "N")).sort()).toEqual([
      "/api/proxy/patients/N/journal",
      "/api/proxy/patients/me/assessments",
      "/api/proxy/patients/me/scores",
    ]);

    // Phone: the patient's actions come before the history; desktop: beside it.
    const claim = (await page.getByRole("heading", { name: "Claim a code" }).boundingBox())!;
    const history = (await page.getByRole("heading", { name: "Assessment history" }).boundingBox())!;
    if (isPhone(testInfo)) expect(claim.y).toBeLessThan(history.y);
    else expect(claim.x).toBeGreaterThan(history.x + 300);
    // Codes never wrap.
    const codeLink = page
      .locator("section")
      .filter({ has: page.getByRole("heading", { name: "Assessment history" }) })
      .locator("a.font-mono")
      .first();
    expect(await codeLink.evaluate((el) => getComputedStyle(el).whiteSpace)).toBe("nowrap");
    expect((await codeLink.boundingBox())!.height).toBeLessThan(30);

    await expectAccessible(page, testInfo, "dashboard-history");
    await expectNoSideScroll(page);

    // The newest result's own page opens with the same strip: value, band, change since the
    // first and the previous result of that test and hand, and the legend.
    await codeLink.click();
    await expect(page.getByRole("heading", { level: 1, name: "Range of motion" })).toBeVisible();
    const own = page.getByRole("region", { name: "At a glance" });
    const latest = own.getByRole("listitem").filter({ hasText: "Range of motion · Right hand" });
    await expect(latest).toContainText("77 / 100");
    await expect(latest).toContainText("Good");
    await expect(latest).toContainText("↑ +4 (within the minimal important change) since the previous result");
    await expect(latest).toContainText("↑ +39 (better) since the first result");
    await expect(own.getByText("This service's own bands for 0–100 scores where higher is better (not published norms):")).toBeVisible();
    await expectAccessible(page, testInfo, "assessment-own");
    await expectNoSideScroll(page);
  },
);

test(
  "the provider list names the test that raises the flag; phones get cards; filters keep the table in place",
  PHONE,
  async ({ page }, testInfo) => {
    const { recovering, painWorse } = seeded().history;
    await signIn(page, await clinician("provider-pat"), "/provider");
    const list = isPhone(testInfo) ? page.getByRole("list", { name: "Patients" }) : page.getByRole("table");
    const painReason = /^Worst pain \(both hands\) 2 → 4\/10 \(worse, ≥ 2 points\) since the (first|previous) result \(\d{4}-\d\d-\d\d\)$/;

    // Recovering: every test better over the weeks, no flag. Pain worse: worst pain 2 → 4/10 reaches
    // Farrar's 2 points, flagged for pain on its own scale although the range of motion improved.
    for (const [who, flagged, overall, byTest] of [
      [recovering, false, "Improving", "By test: 1 improving, 2 stable"],
      [painWorse, true, "Declining", "By test: 1 stable, 1 declining"],
    ] as const) {
      await page.getByRole("searchbox", { name: "Search" }).fill(who.name);
      const row = isPhone(testInfo)
        ? list.getByRole("listitem").filter({ hasText: who.name })
        : list.getByRole("row").filter({ hasText: who.name });
      await expect(row).toHaveCount(1);
      await expect(row.getByText(overall, { exact: true })).toBeVisible();
      await expect(row.getByText(byTest)).toBeVisible();
      if (flagged) {
        await expect(row.getByText("Clinically important decline", { exact: true })).toBeVisible();
        await expect(row.getByText(painReason)).toBeVisible();
      } else {
        await expect(row.getByText("Clinically important decline")).toHaveCount(0);
      }
    }
    if (isPhone(testInfo)) await expect(page.getByRole("table")).toBeHidden();
    else await expect(page.getByRole("list", { name: "Patients" })).toBeHidden();
    await screenshot(page, testInfo, "provider-flags");

    // Changing a filter keeps the same table element on screen while the new page loads.
    await page.getByRole("searchbox", { name: "Search" }).fill(recovering.login.split("-").at(-1)!);
    await expect(list.getByText(recovering.name)).toBeVisible();
    await expect(list).toBeVisible();
    const box = await list.boundingBox();
    await list.evaluate((el) => ((window as unknown as { kept: Element }).kept = el));
    await page.getByRole("combobox", { name: "Attention" }).selectOption("true");
    await expect(list.getByText(painWorse.name)).toBeVisible();
    await expect(list.getByText(recovering.name)).toHaveCount(0);
    expect(
      await list.evaluate((el) => (window as unknown as { kept: Element }).kept === el),
      "the same element, not a spinner in between",
    ).toBe(true);
    expect((await list.boundingBox())!.y).toBe(box!.y);

    await list.getByRole("link", { name: painWorse.name }).click();
    await expect(page.getByRole("heading", { level: 1, name: painWorse.name })).toBeVisible();
    await expect(page.getByRole("main").getByText(painReason).first()).toBeVisible();
    const strip = page.getByRole("region", { name: "At a glance" });
    await expect(strip.getByRole("listitem").filter({ hasText: "Pain · Both hands" })).toContainText(
      "↑ +2.5 (worse) since the previous result",
    );
    const narrative = page.locator("section").filter({ has: page.getByRole("heading", { name: "Narrative summary" }) });
    await expect(
      narrative.getByText(/Flagged for attention: Worst pain \(both hands\) 2 → 4\/10 \(worse, ≥ 2 points\) since the/),
    ).toBeVisible();
    await expectAccessible(page, testInfo, "provider-patient-flagged");
    await expectNoSideScroll(page);
  },
);

test("the first paint of /provider holds the table: no layout shift while it settles", PHONE, async ({ page }) => {
  await signIn(page, await clinician("provider-cls"), "/provider");
  await page.reload();
  const shift = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((entries) => {
          for (const entry of entries.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
            if (!entry.hadRecentInput) total += entry.value;
        }).observe({ type: "layout-shift", buffered: true });
        setTimeout(() => resolve(total), 1500);
      }),
  );
  expect(shift).toBeLessThan(0.1);
});

test("one code box opens assessments and reports; the not-found page repeats the code and says why", async ({ page }, testInfo) => {
  const rom = await api<Created>(APP_ORIGIN, "POST", "/assessments/rom", romResult(70));
  const report = await api<{ code: string; formattedCode: string }>(APP_ORIGIN, "POST", "/reports", {
    title: "For my therapist",
    assessmentCodes: [rom.code],
  });
  await page.goto("/");
  const box = page.getByRole("textbox", { name: "Assessment or report code" });
  await box.fill(report.formattedCode.toLowerCase());
  await page.getByRole("button", { name: "Open" }).click();
  await expect(page).toHaveURL(new RegExp(`/r/${report.code}$`));
  await page.goto("/");
  await box.fill(rom.formattedCode);
  await page.getByRole("button", { name: "Open" }).click();
  await expect(page).toHaveURL(new RegExp(`/a/${rom.code}$`));

  // Errors are announced: the message sits in a live region tied to the box.
  await page.goto("/");
  await box.fill("0O1");
  await page.getByRole("button", { name: "Open" }).click();
  const error = page.locator(`#${await box.getAttribute("aria-describedby")}`);
  await expect(error).toHaveAttribute("aria-live", "assertive");
  await expect(error).toHaveText(/A code is 6 letters and digits/);

  await page.goto("/");
  await box.fill("ZZZ-ZZZ");
  await page.getByRole("button", { name: "Open" }).click();
  await expect(page.getByText("No assessment or report has the code ZZZ-ZZZ")).toBeVisible();
  await expect(page.getByText(/expire 90 days after/)).toBeVisible();

  const unknown = await page.goto("/r/ZZZ-ZZZ");
  expect(unknown?.status()).toBe(404);
  await expect(page.getByText("No report has the code ZZZ-ZZZ")).toBeVisible();
  const malformed = await page.goto("/a/NOT-A-CODE");
  expect(malformed?.status()).toBe(404);
  await expect(page.getByText("“NOT-A-CODE” is not a code")).toBeVisible();
  await expectAccessible(page, testInfo, "not-found-malformed");
  await expectNoSideScroll(page);
});

// The API reference's accessibility is checked where every page's is (every-page.spec.ts).
test("a favicon", async ({ page }) => {
  await page.goto("/");
  const href = await page.locator('link[rel="icon"]').first().getAttribute("href");
  expect(href).toBeTruthy();
  const icon = await page.request.get(href!);
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toContain("image/svg+xml");
});
