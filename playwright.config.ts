// Browser tests: Playwright in Chromium against `npm run build && npm start` (e2e/global-setup.ts).
import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { APP_ORIGIN } from "./e2e/support/env";

const systemChromium = "/usr/bin/chromium";

export default defineConfig({
  testDir: "e2e",
  globalSetup: "./e2e/global-setup.ts",
  // The scenarios share two servers and the build machine is small: one browser at a time.
  workers: 1,
  fullyParallel: false,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  // No retries, on CI either: a retry hides a flaky test. A flaky one is fixed, or quarantined with
  // its reason in docs/guarantees.md.
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  outputDir: "test-results",
  use: {
    baseURL: APP_ORIGIN,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: existsSync(systemChromium) ? systemChromium : undefined,
      args: [
        "--no-sandbox",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-gpu",
        "--no-first-run",
      ],
    },
  },
  // Every walk runs at 1280 px, but PHONE_ONLY ones. At 390 px run only the walks tagged for the
  // phone (PHONE and PHONE_ONLY, e2e/support/fixtures.ts): what a phone shows differently (cards
  // for tables, the report's summary), the script budget, and the Spanish walks of every page and
  // of measuring (English walks them at 1280), so that both sizes and both languages are seen.
  // The other walks assert the same things at either size, and ran twice for nothing: CI's time
  // (docs/development.md).
  projects: [
    {
      name: "desktop",
      grepInvert: /@phone-only/,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 900 } },
    },
    {
      name: "phone",
      grep: /@phone/,
      use: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
    },
  ],
});
