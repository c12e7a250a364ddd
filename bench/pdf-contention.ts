// npm run bench:pdf-contention — does rendering PDFs hold up everyone else? Measures GET
// /api/lookup/:code latency (sequential requests on one connection, p50 and p99) on an idle
// server, then again while BENCH_PDF_CLIENTS clients (default 2) request a 20-assessment report's
// PDF back to back, and prints both and the ratio of the p99s (target: within 2x). The service runs
// as users run it (limits on, request log on; each request from a client address of its own);
// lookups go round the codes they are given (npm run bench: 100,000 of a 1,000,000-row table).
// PostgreSQL: BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL (default the local server);
// a fresh database is created and dropped. BENCH_LOOKUPS (default 1000) requests per measure.
import { spawnSync } from "node:child_process";
import { pathToFileURL } from "node:url";
import { romBody } from "@/lib/assessments/examples";
import { freshClientAddress, SERVICE_ENV } from "./compare";
import { getOk, sequentialLatency } from "./stats";

const LOOKUPS = Number(process.env.BENCH_LOOKUPS || 1000);
const PDF_CLIENTS = Number(process.env.BENCH_PDF_CLIENTS || 2);
const WARM_UP = 50;

export interface Contention {
  idle: { p50: number; p99: number };
  busy: { p50: number; p99: number };
  ratio: number;
  /** PDF answers while the busy lookups ran, by status. */
  pdfs: Record<number, number>;
}

const fromAnyone = () => ({ "x-forwarded-for": freshClientAddress() });

/** Lookup latency idle and under continuous PDF rendering, on a running service; lookups go round `codes` (default: the report's). */
export async function measurePdfContention(origin: string, codes: readonly string[] = []): Promise<Contention> {
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${origin}/api${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...fromAnyone() },
      body: JSON.stringify(body),
    });
    if (response.status >= 300) throw new Error(`${path} answered ${response.status}`);
    return (await response.json()) as { code: string };
  };
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

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  process.env.TEST_DATABASE_URL ||=
    process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/postgres";
  process.env.NEXT_DIST_DIR ||= ".next";
  const { createTestDatabase } = await import("@/test/support/database");
  const { startServer } = await import("@/test/support/server");
  const build = spawnSync(process.execPath, ["-e", "import('./scripts/lib/build.mjs').then((m) => m.ensureBuild())"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
  const database = await createTestDatabase();
  const service = await startServer({ database, env: SERVICE_ENV });
  try {
    console.log(`GET /api/lookup/:code latency: ${contentionDescription} ...`);
    for (const line of describeContention(await measurePdfContention(service.origin))) console.log(line);
  } finally {
    await service.stop();
    await database.drop();
  }
}
