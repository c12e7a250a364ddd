// The patient dashboard's script budget (issue 28): a fresh load of /dashboard (empty cache) of the
// patient with eight weeks of history, counted as sent (the compressed bytes of every script
// response), the score chart and its library included, since that page draws one; and the part
// the page's HTML asks for (its first-load script, the chart library left out: it loads beside
// the scores). Byte counts, not timings: they do not move with the machine's load. The figures
// are attached to the test's results and kept in docs/performance-pages.md.
import { writeFile } from "node:fs/promises";
import { expect, test, type Response } from "@playwright/test";
import { APP_ORIGIN } from "./support/env";
import { seeded, signIn, revealCharts, PHONE_ONLY } from "./support/fixtures";

/**
 * Bytes of script a fresh load may transfer. The issue's target for the first load, under 200 kB
 * (175,380 bytes on 26 Nov 2026, since the browser stopped loading zod and the kinds' schemas);
 * with the chart, what it transferred then (282,215 bytes) and a few kB to spare, so that growth is
 * a decision (docs/performance-pages.md): 292,000 since 29 Nov, when showing the panels below the
 * first screen once the page is idle (components/ui/deferred.tsx) took it to 290,094.
 */
const BUDGET = { total: 292_000, firstLoad: 200_000 };

test("a fresh load of the dashboard with its chart stays within its script budget", PHONE_ONLY, async ({ page, browser }, testInfo) => {
  await signIn(page, seeded().history.recovering.login, "/dashboard");
  // A context of its own holding only the session: nothing cached.
  const fresh = await browser.newContext({
    baseURL: APP_ORIGIN,
    viewport: page.viewportSize(),
    storageState: await page.context().storageState(),
  });
  const dashboard = await fresh.newPage();
  const scripts: Response[] = [];
  dashboard.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.push(response);
  });
  const documentResponse = await dashboard.goto("/dashboard");
  const html = await documentResponse!.text();
  await revealCharts(dashboard);
  await expect(dashboard.locator(".recharts-surface").first()).toBeVisible();
  await dashboard.waitForLoadState("networkidle");

  const files = await Promise.all(
    scripts.map(async (response) => {
      const path = new URL(response.url()).pathname;
      return {
        path,
        encoding: (await response.allHeaders())["content-encoding"] ?? "none",
        bytes: (await response.request().sizes()).responseBodySize,
        inHtml: html.includes(path),
      };
    }),
  );
  await fresh.close();
  const sum = (list: typeof files) => list.reduce((total, file) => total + file.bytes, 0);
  const figures = { total: sum(files), firstLoad: sum(files.filter((file) => file.inHtml)) };
  // Kept beside the test's other output (test-results/), passing or not.
  const report = testInfo.outputPath("dashboard-scripts.json");
  await writeFile(report, JSON.stringify({ ...figures, files: files.sort((a, b) => b.bytes - a.bytes) }, null, 2));
  await testInfo.attach("dashboard-scripts.json", { path: report, contentType: "application/json" });
  // Counted as sent: the server compresses every script but the smallest, so the sums are what crossed the network.
  expect(files.filter((file) => file.bytes > 10_000 && file.encoding === "none").map((file) => file.path)).toEqual([]);
  expect(figures.firstLoad).toBeGreaterThan(0);
  expect(figures.total).toBeGreaterThan(figures.firstLoad);
  expect(figures.total, "script transferred, chart included").toBeLessThan(BUDGET.total);
  expect(figures.firstLoad, "script the page's HTML asks for").toBeLessThan(BUDGET.firstLoad);
});
