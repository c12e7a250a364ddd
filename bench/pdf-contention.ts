// npm run bench:pdf-contention — can one client keep everyone else from their PDFs? One client
// (one address) floods the service with BENCH_PDF_FLOOD (default 20) parallel requests for the PDFs
// of 20 different 20-assessment reports, back to back; meanwhile another client asks, one after the
// other, for the PDFs of BENCH_PDF_REQUESTS (default 20) one-assessment reports of its own, each a
// report never rendered before. Printed: the other client's time to its PDF, p50 and p99 (a 503
// is retried after its Retry-After, and the wait counts), and the flood's answers by status
// (target: p99 <= 2 s). measurePdfContention (used by npm run bench) is the earlier measure:
// lookup latency idle and while PDFs render.
// The service runs as users run it (limits on, request log on). PostgreSQL: BENCH_DATABASE_URL,
// TEST_DATABASE_URL or DATABASE_URL (default the local server); a fresh database is created and
// dropped. BENCH_SERVICE_ENV (JSON) adds service variables, e.g. '{"PDF_CACHE_BYTES":"0"}'.
import { spawnSync } from "node:child_process";
import { pathToFileURL } from "node:url";
import { romBody } from "@/lib/assessments/examples";
import { freshClientAddress, SERVICE_ENV } from "./compare";
import { getOk, percentile, sequentialLatency } from "./stats";

const LOOKUPS = Number(process.env.BENCH_LOOKUPS || 1000);
const PDF_CLIENTS = Number(process.env.BENCH_PDF_CLIENTS || 2);
const WARM_UP = 50;
const FLOOD = Number(process.env.BENCH_PDF_FLOOD || 20);
const VICTIM_REQUESTS = Number(process.env.BENCH_PDF_REQUESTS || 20);
/** The other client gives up on one PDF after this long (counted as this long). */
const GIVE_UP_MS = 120_000;

export interface Contention {
  idle: { p50: number; p99: number };
  busy: { p50: number; p99: number };
  ratio: number;
  /** PDF answers while the busy lookups ran, by status. */
  pdfs: Record<number, number>;
}

const fromAnyone = () => ({ "x-forwarded-for": freshClientAddress() });

/** A creation (record or report) from a fresh client address, so the setup spends no one's allowance. */
async function create(origin: string, path: string, body: unknown): Promise<{ code: string }> {
  const response = await fetch(`${origin}/api${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...fromAnyone() },
    body: JSON.stringify(body),
  });
  if (response.status >= 300) throw new Error(`${path} answered ${response.status}`);
  return (await response.json()) as { code: string };
}

/** Lookup latency idle and under continuous PDF rendering, on a running service; lookups go round `codes` (default: the report's). */
export async function measurePdfContention(origin: string, codes: readonly string[] = []): Promise<Contention> {
  const post = (path: string, body: unknown) => create(origin, path, body);
  const reported: string[] = [];
  for (let i = 0; i < 20; i++) reported.push((await post("/assessments/rom", { ...romBody, overallScore: 50 + i })).code);
  const report = await post("/reports", { title: "Contention benchmark", assessmentCodes: reported });
  const lookupCodes = codes.length ? codes : reported;
  let next = 0;
  const lookup = getOk(() => `${origin}/api/lookup/${lookupCodes[next++ % lookupCodes.length]}`, fromAnyone);
  const pdfUrl = `${origin}/api/reports/${report.code}/pdf`;

  const idle = await sequentialLatency(lookup, LOOKUPS, WARM_UP);

  let running = true;
  let counting = false;
  const pdfs: Record<number, number> = {};
  let firstDone!: () => void;
  const warmedUp = new Promise<void>((resolve) => (firstDone = resolve));
  const client = async () => {
    while (running) {
      const response = await fetch(pdfUrl, { headers: fromAnyone() });
      await response.arrayBuffer();
      firstDone();
      if (counting) pdfs[response.status] = (pdfs[response.status] ?? 0) + 1;
      // A refused PDF (503) comes back at once; wait as its Retry-After asks, briefly.
      if (response.status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const clients = Array.from({ length: PDF_CLIENTS }, client);
  await warmedUp;
  counting = true;
  const busy = await sequentialLatency(lookup, LOOKUPS, WARM_UP);
  counting = false;
  running = false;
  await Promise.all(clients);
  return { idle, busy, ratio: busy.p99 / idle.p99, pdfs };
}

export const contentionDescription = `${LOOKUPS} sequential lookups after ${WARM_UP} warm-up, idle and while ${PDF_CLIENTS} clients request a 20-assessment PDF back to back`;

export function describeContention(result: Contention): string[] {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  return [
    `idle:            p50 ${ms(result.idle.p50)}, p99 ${ms(result.idle.p99)}`,
    `PDFs rendering:  p50 ${ms(result.busy.p50)}, p99 ${ms(result.busy.p99)} (PDF answers meanwhile: ${
      Object.entries(result.pdfs)
        .map(([status, n]) => `${n} × ${status}`)
        .join(", ") || "none"
    })`,
    `p99 ratio busy / idle: ${result.ratio.toFixed(2)}× (target ≤ 2×: ${result.ratio <= 2 ? "met" : "MISSED"})`,
  ];
}

export interface Fairness {
  /** The other client's time to its PDF, in milliseconds. */
  other: { p50: number; p99: number; max: number; all: number[] };
  /** Answers the other client got on the way (503s it waited out included), by status. */
  otherAnswers: Record<number, number>;
  /** The flooding client's answers while the other client was measured, by status. */
  flood: Record<number, number>;
}

/** The other client's PDF latency while one client floods PDF requests, on a running service. */
export async function measurePdfFairness(origin: string): Promise<Fairness> {
  const flooder = { "x-forwarded-for": "203.0.113.7" };
  const other = { "x-forwarded-for": "198.51.100.9" };
  const post = (path: string, body: unknown) => create(origin, path, body);
  const records: string[] = [];
  for (let i = 0; i < 20; i++) records.push((await post("/assessments/rom", { ...romBody, overallScore: 50 + i })).code);
  const floodReports: string[] = [];
  for (let i = 0; i < 20; i++) floodReports.push((await post("/reports", { title: `Flood ${i}`, assessmentCodes: records })).code);
  const otherReports: string[] = [];
  for (let i = 0; i < VICTIM_REQUESTS; i++)
    otherReports.push((await post("/reports", { title: `Clinic ${i}`, assessmentCodes: [records[i % records.length]!] })).code);

  // The pool's worker starts, loads its fonts and warms up on a PDF nobody else asks for.
  const warmUp = (await post("/reports", { title: "Warm-up", assessmentCodes: records })).code;
  if ((await fetch(`${origin}/api/reports/${warmUp}/pdf`, { headers: fromAnyone() })).status !== 200) throw new Error("warm-up PDF failed");

  let running = true;
  let counting = false;
  const flood: Record<number, number> = {};
  let next = 0;
  let firstDone!: () => void;
  const started = new Promise<void>((resolve) => (firstDone = resolve));
  const flooding = async () => {
    while (running) {
      const code = floodReports[next++ % floodReports.length];
      const response = await fetch(`${origin}/api/reports/${code}/pdf`, { headers: flooder });
      await response.arrayBuffer();
      firstDone();
      if (counting) flood[response.status] = (flood[response.status] ?? 0) + 1;
      if (response.status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const loops = Array.from({ length: FLOOD }, flooding);
  await started;
  counting = true;
  const times: number[] = [];
  const otherAnswers: Record<number, number> = {};
  for (const code of otherReports) {
    const begun = performance.now();
    for (;;) {
      const response = await fetch(`${origin}/api/reports/${code}/pdf`, { headers: other });
      await response.arrayBuffer();
      otherAnswers[response.status] = (otherAnswers[response.status] ?? 0) + 1;
      if (response.status === 200 || performance.now() - begun > GIVE_UP_MS) break;
      const wait = Number(response.headers.get("retry-after") || 1) * 1000;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
    times.push(Math.min(performance.now() - begun, GIVE_UP_MS));
  }
  counting = false;
  running = false;
  await Promise.all(loops);
  return {
    other: { p50: percentile(times, 50), p99: percentile(times, 99), max: Math.max(...times), all: times },
    otherAnswers,
    flood,
  };
}

export const fairnessDescription = `one client floods ${FLOOD} parallel requests for 20-assessment PDFs (20 reports) while another asks for ${VICTIM_REQUESTS} one-assessment PDFs, one after the other`;

export function describeFairness(result: Fairness): string[] {
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  const statuses = (counts: Record<number, number>) =>
    Object.entries(counts)
      .map(([status, n]) => `${n} × ${status}`)
      .join(", ") || "none";
  return [
    `other client's PDF: p50 ${ms(result.other.p50)}, p99 ${ms(result.other.p99)}, max ${ms(result.other.max)} (answers: ${statuses(result.otherAnswers)})`,
    `other client's PDFs in the order asked: ${result.other.all.map((t) => t.toFixed(0)).join(", ")} ms`,
    `flooding client's answers meanwhile: ${statuses(result.flood)}`,
    `target p99 ≤ 2000 ms: ${result.other.p99 <= 2000 ? "met" : "MISSED"}`,
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  process.env.TEST_DATABASE_URL ||=
    process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/postgres";
  process.env.NEXT_DIST_DIR ||= ".next";
  const { createTestDatabase } = await import("@/test/support/database");
  const { startServer } = await import("@/test/support/server");
  const build = spawnSync(process.execPath, ["-e", "import('./scripts/lib/build.mjs').then((m) => m.ensureBuild())"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
  const database = await createTestDatabase();
  const extra = JSON.parse(process.env.BENCH_SERVICE_ENV || "{}") as Record<string, string>;
  const service = await startServer({ database, env: { ...SERVICE_ENV, ...extra } });
  try {
    console.log(`PDF fairness: ${fairnessDescription} ...`);
    for (const line of describeFairness(await measurePdfFairness(service.origin))) console.log(line);
  } finally {
    await service.stop();
    await database.drop();
  }
}
