// npm run screenshots: photographs every page at 1280 px and 390 px into docs/screenshots/
// (<page>-desktop.png, <page>-phone.png). The production build on a throwaway embedded database
// with the demo clinic (15 patients, 8 weeks), the development sign-in's patient given 8 weeks of
// recovery (34 results, every finger joint at each range-of-motion one), in Debian's Chromium
// through Playwright, read in London English (the "-es" pictures by a reader who chose Spanish in
// the header's switcher, or whose browser asks for Spanish). Each picture is the page from its top
// (or from the card a shot names), at most MAX_HEIGHT CSS pixels tall, at 1 device pixel per CSS
// pixel, so the files stay small. SCREENSHOTS_ONLY=report,report-es takes only the pictures named.
import { mkdirSync } from "node:fs";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright";
import { arthritisBody, dexterityBody, painBody, romBody } from "@/lib/assessments/examples";
import { ROM_FINGERS, romJointNormal } from "@/lib/assessments/kinds/rom";
import { KNOWN_TRUTH } from "@/lib/seed/known-truth";
import { startDemoServer, type DemoServer } from "./lib/demo-server";
import { giveDevelopmentPatientHistory } from "./lib/patient-history";

const PORT = Number(process.env.SCREENSHOTS_PORT ?? 39191);
const CHROMIUM = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const OUT = "docs/screenshots";
const MAX_HEIGHT = { desktop: 2200, phone: 3000 };
const WIDTHS = [
  { name: "desktop", viewport: { width: 1280, height: 900 }, isMobile: false },
  { name: "phone", viewport: { width: 390, height: 844 }, isMobile: true },
] as const;

type Persona = "patient" | "care_provider" | "admin" | null;
interface Shot {
  name: string;
  path: string;
  as: Persona;
  /** The language the browser asks for, when not English. */
  language?: "es";
  /** Brings the page to the state worth showing (fills a form, opens a record). */
  then?: (page: Page) => Promise<void>;
  /** The picture starts at this heading's card instead of the page's top. */
  from?: string;
  /** The browser's locale (its Accept-Language), when not London English. */
  locale?: string;
}

/** A range-of-motion result with every finger joint, each reaching `reach` of its normal span. */
function romWithJoints(hand: "LEFT" | "RIGHT", reach: number, overallScore: number) {
  return {
    ...romBody,
    hand,
    overallScore,
    joints: ROM_FINGERS.flatMap(({ finger, joints }) =>
      joints.map((jointType) => {
        const [low, high] = romJointNormal(finger, jointType)!;
        const deficit = Math.round(10 * (1 - reach));
        const rom = Math.round((high - low) * reach);
        return {
          id: `${finger}_${jointType}`,
          finger,
          jointType,
          minAngle: deficit,
          maxAngle: deficit + rom,
          rom,
          normalRange: [low, high],
        };
      }),
    ),
  };
}

/** The provider pages' words the pictures find their way by, in each language they are taken in. */
const PROVIDER_WORDS = {
  en: { search: "Search", patients: "Patients", narrative: "Narrative summary" },
  es: { search: "Buscar", patients: "Pacientes", narrative: "Resumen narrativo" },
};

/** The known-truth clinic's QuickDASH decliner (lib/seed/known-truth.ts): QuickDASH, its reason and its direction on one page. */
function openQuickdashPatient(words: (typeof PROVIDER_WORDS)["en"]) {
  const name = KNOWN_TRUTH.find((patient) => patient.key === "quickdash-worse")!.name;
  return async (page: Page) => {
    await page.getByRole("searchbox", { name: words.search }).fill(name);
    await settle(page);
    const list = page.getByRole("table").or(page.getByRole("list", { name: words.patients }));
    await list.getByRole("link", { name }).click();
    await page.getByRole("heading", { name: words.narrative }).waitFor();
  };
}

/** The records the pictures show: one of each type, one in poor light, and a report of six. */
async function makeRecords(demo: DemoServer) {
  const rom = await demo.post("/assessments/rom", romBody);
  const dexterity = await demo.post("/assessments/dexterity", dexterityBody);
  const pain = await demo.post("/assessments/pain-v2", painBody);
  const arthritis = await demo.post("/assessments/arthritis", arthritisBody);
  const poorLight = await demo.post("/assessments/rom", {
    ...romBody,
    lightingQuality: "POOR",
    wrist: { ...romBody.wrist, frames_valid: 126, percent_valid_frames: 42 },
  });
  // The right hand measured twice, the other hand once: the report's joint-by-date tables.
  const right = [
    await demo.post("/assessments/rom", romWithJoints("RIGHT", 0.58, 52)),
    await demo.post("/assessments/rom", romWithJoints("RIGHT", 0.74, 66)),
  ];
  const left = await demo.post("/assessments/rom", romWithJoints("LEFT", 0.95, 90));
  const report = await demo.post("/reports", {
    title: "Right hand after surgery",
    assessmentCodes: [right[0]!.code, left.code, dexterity.code, pain.code, arthritis.code, right[1]!.code],
  });
  return { rom, dexterity, pain, arthritis, poorLight, report };
}
type Records = Awaited<ReturnType<typeof makeRecords>>;

/** What anyone sees: the home page, sign-in, each result by its code, the not-found pages. */
function visitorShots({ rom, dexterity, pain, arthritis, poorLight }: Records): Shot[] {
  return [
    { name: "home", path: "/", as: null },
    {
      name: "sample-result",
      path: "/",
      as: null,
      then: async (page) => {
        await page.getByRole("button", { name: "Try a sample result" }).click();
        await page.getByText("Sample: made-up values").waitFor();
      },
    },
    { name: "signin", path: "/signin", as: null },
    { name: "assessment-rom", path: `/a/${rom.code}`, as: null },
    { name: "assessment-dexterity", path: `/a/${dexterity.code}`, as: null },
    { name: "assessment-pain", path: `/a/${pain.code}`, as: null },
    { name: "assessment-arthritis", path: `/a/${arthritis.code}`, as: null },
    { name: "assessment-poor-light", path: `/a/${poorLight.code}`, as: null },
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
  ];
}

/** A report, and the patient's own pages. */
function patientShots(report: Records["report"]): Shot[] {
  return [
    { name: "report", path: `/r/${report.code}`, as: null },
    { name: "report-joints", path: `/r/${report.code}`, as: null, from: "Wrist and finger joints by date" },
    { name: "report-es", path: `/r/${report.code}`, as: null, locale: "es-ES" },
    { name: "reports-new", path: "/reports/new", as: "patient" },
    { name: "dashboard", path: "/dashboard", as: "patient" },
    { name: "dashboard-es", path: "/dashboard", as: "patient", language: "es" },
  ];
}

/** The care provider's and the admin's pages. */
function staffShots(): Shot[] {
  return [
    { name: "provider", path: "/provider", as: "care_provider" },
    { name: "provider-es", path: "/provider", as: "care_provider", language: "es" },
    { name: "provider-patient", path: "/provider", as: "care_provider", then: openQuickdashPatient(PROVIDER_WORDS.en) },
    { name: "provider-patient-es", path: "/provider", as: "care_provider", language: "es", then: openQuickdashPatient(PROVIDER_WORDS.es) },
    {
      name: "provider-patient-joints",
      path: "/provider",
      as: "care_provider",
      then: async (page) => {
        await page.getByRole("searchbox", { name: "Search" }).fill("Development Patient");
        await settle(page);
        const list = page.getByRole("table").or(page.getByRole("list", { name: "Patients" }));
        await list.getByRole("link", { name: "Development Patient" }).click();
        await page.getByTestId("goniometry-right").waitFor();
      },
      from: "Wrist and finger joints by date",
    },
    { name: "provider-patient-missing", path: "/provider/patients/999999", as: "care_provider" },
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
  ];
}

/** The developers' pages, billing's returns and the reminders' unsubscribe page. */
function siteShots(): Shot[] {
  return [
    { name: "developers", path: "/developers", as: null },
    { name: "developers-tokens", path: "/developers/tokens", as: null },
    { name: "developers-endpoints", path: "/developers/endpoints", as: null },
    { name: "developers-contact", path: "/developers/contact", as: null },
    { name: "developers-api", path: "/developers/api", as: null },
    { name: "billing-success", path: "/billing/success?session_id=cs_test_screenshot", as: null },
    { name: "billing-cancel", path: "/billing/cancel", as: null },
    // The page a reminder e-mail's unsubscribe link opens (it checks the token only when its button is pressed).
    { name: "reminders-unsubscribe", path: `/reminders/unsubscribe/1.${"A".repeat(22)}.${"A".repeat(43)}`, as: null },
  ];
}

async function shots(demo: DemoServer): Promise<Shot[]> {
  const records = await makeRecords(demo);
  return [...visitorShots(records), ...patientShots(records.report), ...staffShots(), ...siteShots()];
}

/** Waits until the page has its data and has settled (panels loaded, dates in local terms). */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
  await page
    .locator("[aria-busy='true']")
    .first()
    .waitFor({ state: "detached", timeout: 30_000 })
    .catch(() => {});
  // A panel still fetching shows "Loading …" (<Show>): wait for every one to have its answer.
  await page
    .getByRole("status")
    .filter({ hasText: /^(Loading|Cargando) / })
    .first()
    .waitFor({ state: "detached", timeout: 30_000 })
    .catch(() => {});
  // A chart draws when it comes near the viewport (below a phone's fold, not at load): scroll to
  // each as a reader would, wait for its drawing, then back to the top.
  for (const chart of await page.locator("[data-near-view]").all()) {
    await chart.scrollIntoViewIfNeeded();
    await chart.locator(".recharts-surface").first().waitFor();
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(300);
}

type Width = (typeof WIDTHS)[number];
type Cookies = Record<NonNullable<Persona>, string>;

/** One browser context per persona and locale at one width, made when a picture first needs it. */
function browserContexts(browser: Browser, width: Width, cookies: Cookies, origin: string) {
  const contexts = new Map<string, BrowserContext>();
  const contextFor = async (persona: Persona, locale: string): Promise<BrowserContext> => {
    const key = `${persona}:${locale}`;
    let context = contexts.get(key);
    if (!context) {
      context = await browser.newContext({
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
            return { name: pair.slice(0, at), value: pair.slice(at + 1), url: origin };
          }),
        );
      }
      contexts.set(key, context);
    }
    return context;
  };
  const closeAll = async () => {
    for (const context of contexts.values()) await context.close();
  };
  return { contextFor, closeAll };
}

/** Photographs one page at one width into OUT, from its top or from the card the shot names. */
async function takeShot(context: BrowserContext, shot: Shot, width: Width, origin: string): Promise<void> {
  // The header switcher's choice, for this picture only.
  if (shot.language) await context.addCookies([{ name: "locale", value: shot.language, url: origin }]);
  const page = await context.newPage();
  await page.goto(`${origin}${shot.path}`);
  await settle(page);
  if (shot.then) {
    await shot.then(page);
    await settle(page);
  }
  const top = shot.from
    ? await page
        .locator("section")
        .filter({ has: page.getByRole("heading", { name: shot.from, exact: true }) })
        .first()
        .evaluate((card) => Math.max(0, card.getBoundingClientRect().top + window.scrollY - 16))
    : 0;
  const height = Math.min((await page.evaluate(() => document.documentElement.scrollHeight)) - top, MAX_HEIGHT[width.name]);
  const file = `${OUT}/${shot.name}-${width.name}.png`;
  await page.screenshot({ path: file, fullPage: true, clip: { x: 0, y: top, width: width.viewport.width, height } });
  console.log(file);
  await page.close();
  if (shot.language) await context.clearCookies({ name: "locale" });
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const demo = await startDemoServer({
    port: PORT,
    seed: ["--patients", "15", "--assessments", "34", "--days", "56"],
    prepare: () => giveDevelopmentPatientHistory(),
  });
  let browser: Browser | undefined;
  try {
    const only = process.env.SCREENSHOTS_ONLY?.split(",").filter(Boolean);
    const list = (await shots(demo)).filter((shot) => !only || only.includes(shot.name));
    const cookies: Cookies = {
      patient: await demo.signIn("patient"),
      care_provider: await demo.signIn("care_provider"),
      admin: await demo.signIn("admin"),
    };
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu"] });
    for (const width of WIDTHS) {
      const { contextFor, closeAll } = browserContexts(browser, width, cookies, demo.origin);
      for (const shot of list) await takeShot(await contextFor(shot.as, shot.locale ?? "en-GB"), shot, width, demo.origin);
      await closeAll();
    }
  } finally {
    await browser?.close();
    await demo.stop();
  }
}

await main();
