// npm run lighthouse: Lighthouse (the npm package) in Debian's Chromium, headless, against the
// production build on a throwaway embedded database holding a demo clinic. Prints Performance,
// Accessibility, Best Practices and SEO for /, /a/CODE, /r/CODE and /provider (signed in as a
// care provider through the development sign-in) on mobile and desktop, and cumulative layout
// shift. SEO is not counted for pages that ask not to be indexed (Lighthouse's is-crawlable
// audit fails for them by design). Exits 1 when a counted score is under 95 or CLS on /provider
// is 0.1 or more. A measurement, not a test: it is not part of CI.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig, type Flags } from "lighthouse";
import { painBody, romBody } from "@/lib/assessments/examples";
import { ensureBuild } from "./lib/build.mjs";

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 39190);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const CHROMIUM = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const MIN_SCORE = 95;
const MAX_CLS = 0.1;

async function json<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(`${ORIGIN}${path}`, init);
  if (!response.ok) throw new Error(`${init?.method ?? "GET"} ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/** This environment on the embedded database in `dataDir`, in development auth mode. */
function localEnv(dataDir: string): NodeJS.ProcessEnv {
  const { DATABASE_URL: _database, AUTH0_DOMAIN: _identityProvider, ...inherited } = process.env;
  return {
    ...inherited,
    NODE_ENV: "production",
    PORT: String(PORT),
    HOSTNAME: "127.0.0.1",
    DATA_DIR: dataDir,
    ALLOW_DEV_AUTH: "true",
    RATE_LIMIT: "off",
    LOG_LEVEL: "warn",
  };
}

async function startServer(dataDir: string): Promise<ChildProcess> {
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    env: localEnv(dataDir),
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error("the server exited early");
    if (
      await fetch(`${ORIGIN}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("the server did not start");
}

/** A care provider's session cookie from the development sign-in (next-auth credentials). */
async function providerCookie(): Promise<string> {
  const csrf = await fetch(`${ORIGIN}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const jar = csrf.headers.getSetCookie().map((c) => c.split(";")[0]);
  const signedIn = await fetch(`${ORIGIN}/api/auth/callback/development`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.join("; ") },
    body: new URLSearchParams({ csrfToken, persona: "care_provider", json: "true" }),
  });
  const session = signedIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .find((c) => c.includes("session-token"));
  if (!session) throw new Error(`the development sign-in gave no session (${signedIn.status})`);
  return [...jar, session].join("; ");
}

interface Row {
  page: string;
  device: "mobile" | "desktop";
  scores: Record<(typeof CATEGORIES)[number], number>;
  indexable: boolean;
  cls: number;
}

async function audit(port: number, path: string, device: Row["device"], cookie?: string): Promise<Row> {
  const flags: Flags = {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: [...CATEGORIES],
    extraHeaders: cookie ? { cookie } : undefined,
  };
  const result = await lighthouse(`${ORIGIN}${path}`, flags, device === "desktop" ? desktopConfig : undefined);
  const lhr = result!.lhr;
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as Row["scores"];
  return {
    page: path,
    device,
    scores,
    indexable: lhr.audits["is-crawlable"]?.score === 1,
    cls: Number(lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0),
  };
}

async function main() {
  ensureBuild();
  const dataDir = mkdtempSync(join(tmpdir(), "hand-lighthouse-"));
  // A demo clinic: 15 patients, 8 weeks, 34 assessments each.
  const seeded = spawnSync(
    process.execPath,
    ["--import", "tsx", "scripts/seed.ts", "--patients", "15", "--assessments", "34", "--days", "56"],
    {
      env: localEnv(dataDir),
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  if (seeded.status !== 0) throw new Error("seeding the demo clinic failed");
  const server = await startServer(dataDir);
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  try {
    const post = (path: string, body: unknown) =>
      json<{ code: string }>(`/api${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const rom = await post("/assessments/rom", romBody);
    const pain = await post("/assessments/pain-v2", painBody);
    const report = await post("/reports", { title: "Right hand after surgery", assessmentCodes: [rom.code, pain.code] });
    const cookie = await providerCookie();
    const pages: Array<[string, string | undefined]> = [
      ["/", undefined],
      [`/a/${rom.code}`, undefined],
      [`/r/${report.code}`, undefined],
      ["/provider", cookie],
    ];
    const rows: Row[] = [];
    for (const device of ["mobile", "desktop"] as const) {
      for (const [path, pageCookie] of pages) rows.push(await audit(chrome.port, path, device, pageCookie));
    }
    const label = (path: string) => path.replace(/\/(a|r)\/[A-Z0-9]+$/, "/$1/[code]");
    console.log("\npage         device   Perf  A11y  BP    SEO    CLS");
    let failed = false;
    for (const row of rows) {
      const { performance, accessibility, "best-practices": bp, seo } = row.scores;
      const counted = [performance, accessibility, bp, ...(row.indexable ? [seo] : [])];
      const low = counted.some((s) => s < MIN_SCORE) || (row.page === "/provider" && row.cls >= MAX_CLS);
      failed ||= low;
      console.log(
        `${label(row.page).padEnd(12)} ${row.device.padEnd(8)} ${String(performance).padEnd(5)} ${String(accessibility).padEnd(5)} ${String(bp).padEnd(5)} ${(row.indexable ? String(seo) : `(${seo})`).padEnd(6)} ${row.cls.toFixed(3)}${low ? "  < target" : ""}`,
      );
    }
    console.log("SEO in parentheses: the page asks not to be indexed (noindex), so it is not counted.");
    process.exitCode = failed ? 1 : 0;
  } finally {
    await chrome.kill();
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
