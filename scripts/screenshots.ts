// npm run screenshots: photographs every page at 1280 px and 390 px into docs/screenshots/
// (<page>-desktop.png, <page>-phone.png). The production build on a throwaway embedded database
// with the demo clinic (15 patients, 8 weeks), the development sign-in's patient given 8 weeks of
// recovery (34 results), in Debian's Chromium through Playwright, read in London English (the
// "-es" pictures with the browser asking for Spanish). Each picture is the page from its top, at
// most MAX_HEIGHT CSS pixels tall, at 1 device pixel per CSS pixel, so the files stay small.
// SCREENSHOTS_ONLY=report,report-es takes only the pictures named.
import { mkdirSync } from "node:fs";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright";
import { arthritisBody, dexterityBody, painBody, romBody } from "@/lib/assessments/examples";
import { startDemoServer, type DemoServer } from "./lib/demo-server";
import { recoveringCourse, writePatientHistory } from "./lib/patient-history";

const PORT = Number(process.env.SCREENSHOTS_PORT ?? 39191);
const CHROMIUM = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const OUT = "docs/screenshots";
const MAX_HEIGHT = { desktop: 2200, phone: 3000 };
const ONLY = process.env.SCREENSHOTS_ONLY?.split(",").filter(Boolean);
const WIDTHS = [
  { name: "desktop", viewport: { width: 1280, height: 900 }, isMobile: false },
  { name: "phone", viewport: { width: 390, height: 844 }, isMobile: true },
] as const;

type Persona = "patient" | "care_provider" | "admin" | null;
interface Shot {
  name: string;
  path: string;
  as: Persona;
  /** Brings the page to the state worth showing (fills a form, opens a record). */
  then?: (page: Page) => Promise<void>;
  /** The browser's locale (its Accept-Language), when not London English. */
  locale?: string;
}

/**
 * The development sign-in's patient, with 8 weeks of recovery, shared with the first demo clinic
 * whose clinician has read their profile and journal: written before the server opens the database.
 */
async function givePatientHistory(): Promise<void> {
  const { closeDatabase, withConnection } = await import("@/lib/db");
  const { migrateDatabase } = await import("@/lib/migrations");
  const { DEV_PERSONAS } = await import("@/lib/auth/guard");
  const { DEMO_PROVIDER_SUB } = await import("@/lib/seed/demo-clinic");
  await withConnection(async (sql) => {
    await migrateDatabase(sql);
    await writePatientHistory(sql, {
      sub: DEV_PERSONAS.patient.sub,
      name: DEV_PERSONAS.patient.name,
      injury: "Distal radius fracture, plate fixation",
      results: recoveringCourse(),
    });
    const [patient] = await sql.query<{ id: number }>(`SELECT id FROM contacts WHERE sub = $1`, [DEV_PERSONAS.patient.sub]);
    await sql.query(
      `INSERT INTO patient_shares (patient_id, clinic_id, shared_at) SELECT $1, min(id), now() - interval '20 days' FROM clinics`,
      [patient!.id],
    );
    await sql.query(
      `INSERT INTO audit_events (actor_sub, actor_role, patient_id, action, route, created_at)
       VALUES ($1, 'care_provider', $2, 'read_profile', '/api/patients/[id]', now() - interval '2 days'),
              ($1, 'care_provider', $2, 'read_journal', '/api/patients/[id]/journal', now() - interval '2 days' + interval '1 minute')`,
      [DEMO_PROVIDER_SUB, patient!.id],
    );
  });
  await closeDatabase();
}

async function shots(demo: DemoServer): Promise<Shot[]> {
  const rom = await demo.post("/assessments/rom", romBody);
  const dexterity = await demo.post("/assessments/dexterity", dexterityBody);
  const pain = await demo.post("/assessments/pain-v2", painBody);
  const arthritis = await demo.post("/assessments/arthritis", arthritisBody);
  const report = await demo.post("/reports", {
    title: "Right hand after surgery",
    assessmentCodes: [rom.code, dexterity.code, pain.code, arthritis.code],
  });
  return [
    { name: "home", path: "/", as: null },
    { name: "signin", path: "/signin", as: null },
    { name: "assessment-rom", path: `/a/${rom.code}`, as: null },
    { name: "assessment-dexterity", path: `/a/${dexterity.code}`, as: null },
    { name: "assessment-pain", path: `/a/${pain.code}`, as: null },
    { name: "assessment-arthritis", path: `/a/${arthritis.code}`, as: null },
    {
      name: "assessment-own",
      path: "/dashboard",
      as: "patient",
      then: async (page) => {
        const history = page.locator("section").filter({ has: page.getByRole("heading", { name: "Assessment history" }) });
        await history.locator("a.font-mono").first().click();
        await page.getByRole("region", { name: "At a glance" }).waitFor();
      },
    },
    { name: "not-found", path: "/a/ZZZ-ZZZ", as: null },
    { name: "not-found-malformed", path: "/a/NOT-A-CODE", as: null },
    { name: "assessment-rom-es", path: `/a/${rom.code}`, as: null, locale: "es-ES" },
    { name: "assessment-pain-es", path: `/a/${pain.code}`, as: null, locale: "es-ES" },
    { name: "report", path: `/r/${report.code}`, as: null },
    { name: "report-es", path: `/r/${report.code}`, as: null, locale: "es-ES" },
    { name: "reports-new", path: "/reports/new", as: "patient" },
    { name: "dashboard", path: "/dashboard", as: "patient" },
    { name: "provider", path: "/provider", as: "care_provider" },
    {
      name: "provider-patient",
      path: "/provider",
      as: "care_provider",
      then: async (page) => {
        await page.getByRole("combobox", { name: "Attention" }).selectOption("true");
        await settle(page);
        const list = page.getByRole("table").or(page.getByRole("list", { name: "Patients" }));
        await list.getByRole("link").first().click();
        await page.getByRole("heading", { name: "Narrative summary" }).waitFor();
      },
    },
    { name: "clinics", path: "/provider/clinics", as: "admin" },
    {
      name: "clinic-admin",
      path: "/provider/clinics",
      as: "admin",
      then: async (page) => {
        await page.getByRole("list", { name: "Clinics" }).getByRole("link").first().click();
        await page.getByRole("list", { name: "Members" }).waitFor();
      },
    },
    {
      name: "clinic-poster",
      path: "/provider/clinics",
      as: "admin",
      then: async (page) => {
        await page.getByRole("list", { name: "Clinics" }).getByRole("link").first().click();
        await page.getByRole("link", { name: "Printable poster" }).click();
        await page.getByRole("img", { name: /^QR code/ }).waitFor();
      },
    },
    { name: "developers", path: "/developers", as: null },
    { name: "developers-api", path: "/developers/api", as: null },
    { name: "billing-success", path: "/billing/success?session_id=cs_test_screenshot", as: null },
    { name: "billing-cancel", path: "/billing/cancel", as: null },
  ];
}

/** Waits until the page has its data and has settled (panels loaded, dates in local terms). */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
  await page
    .locator("[aria-busy='true']")
    .first()
    .waitFor({ state: "detached", timeout: 30_000 })
    .catch(() => {});
  // The score chart's script loads after the page: wait for the chart where there is one to draw.
  if (await page.getByRole("heading", { name: "Score history" }).count()) {
    await page.locator(".recharts-surface").or(page.getByText("No scores yet")).first().waitFor();
  }
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(300);
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const demo = await startDemoServer({
    port: PORT,
    seed: ["--patients", "15", "--assessments", "34", "--days", "56"],
    prepare: givePatientHistory,
  });
  let browser: Browser | undefined;
  try {
    const list = await shots(demo);
    const cookies = {
      patient: await demo.signIn("patient"),
      care_provider: await demo.signIn("care_provider"),
      admin: await demo.signIn("admin"),
    };
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu"] });
    for (const width of WIDTHS) {
      // One browser context per persona and locale, made when a picture first needs it.
      const contexts = new Map<string, BrowserContext>();
      const contextFor = async (persona: Persona, locale: string): Promise<BrowserContext> => {
        const key = `${persona}:${locale}`;
        let context = contexts.get(key);
        if (!context) {
          context = await browser!.newContext({
            viewport: width.viewport,
            deviceScaleFactor: 1,
            isMobile: width.isMobile,
            hasTouch: width.isMobile,
            locale,
            timezoneId: "Europe/London",
          });
          if (persona) {
            await context.addCookies(
              cookies[persona].split("; ").map((pair) => {
                const at = pair.indexOf("=");
                return { name: pair.slice(0, at), value: pair.slice(at + 1), url: demo.origin };
              }),
            );
          }
          contexts.set(key, context);
        }
        return context;
      };
      for (const shot of list.filter(({ name }) => !ONLY || ONLY.includes(name))) {
        const page = await (await contextFor(shot.as, shot.locale ?? "en-GB")).newPage();
        await page.goto(`${demo.origin}${shot.path}`);
        await settle(page);
        if (shot.then) {
          await shot.then(page);
          await settle(page);
        }
        const height = Math.min(await page.evaluate(() => document.documentElement.scrollHeight), MAX_HEIGHT[width.name]);
        const file = `${OUT}/${shot.name}-${width.name}.png`;
        await page.screenshot({ path: file, fullPage: true, clip: { x: 0, y: 0, width: width.viewport.width, height } });
        console.log(file);
        await page.close();
      }
      for (const context of contexts.values()) await context.close();
    }
  } finally {
    await browser?.close();
    await demo.stop();
  }
}

await main();
