// PDFs render in a pool of worker threads (piscina), never on the main thread: a render is a few
// hundred milliseconds of mostly synchronous layout, and on the main thread every other request
// (health checks included) waited for it. The pool is bounded (lib/env.ts):
// - PDF_WORKERS threads render at once (default: the cores less one, from os.availableParallelism);
// - renders wait in a queue per client (lib/pdf/fair-queue.ts), served in turn, so that one
//   client's flood waits behind itself: PDF_QUEUE_PER_CLIENT may wait per client and PDF_QUEUE in
//   all; past that a request is refused at once (503, Retry-After);
// - a render has PDF_RENDER_TIMEOUT_MS from the moment a worker starts it; past that its worker
//   is terminated and replaced, and the request gets a 503.
// A patient's history (lib/pdf/history-document.tsx) renders in the same pool and queue, never
// cached: it changes with every new result.
// A report's PDF is made once: the bytes are kept (lib/pdf/cache.ts, PDF_CACHE_BYTES) under a key
// that changes with anything the document shows, and requests for a PDF being rendered wait for
// that render instead of queueing another.
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { MessageChannel } from "node:worker_threads";
import type { Piscina as PiscinaPool } from "piscina";
import { ApiError } from "@/lib/api/errors";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import { PdfCache, pdfCacheKey } from "@/lib/pdf/cache";
import { FairQueue, QueueFull } from "@/lib/pdf/fair-queue";
import type { HistoryView } from "@/lib/pdf/history-document";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locales";
import { UTC_CLOCK, type Clock } from "@/lib/report-view/clock";
import type { ReportView } from "@/lib/report-view/schemas";

/** Seconds a refused or abandoned render's caller is asked to wait before trying again. */
const RETRY_AFTER_SECONDS = "5";

// piscina starts its threads from a script beside its own file (__dirname), so it is loaded from
// node_modules at run time rather than bundled with the route handlers when Next serves them
// (`npm run dev`); the worker script is found from the project folder, like the fonts.
const loadAtRunTime = createRequire(join(process.cwd(), "package.json"));

/** The compiled worker script (relative to the working directory), defined by the server build (scripts/lib/build.mjs). */
declare const __COMPILED_PDF_WORKER__: string | undefined;
/** The compiled server's own worker; from source, worker.mjs, which loads tsx. */
const workerScript = () => (typeof __COMPILED_PDF_WORKER__ === "string" ? __COMPILED_PDF_WORKER__ : join("lib", "pdf", "worker.mjs"));

let pool: PiscinaPool | undefined;
let queue: FairQueue | undefined;
let cache: PdfCache | undefined;
const rendering = new Map<string, Promise<Buffer>>();

function renderPool(): PiscinaPool {
  if (!pool) {
    const { Piscina } = loadAtRunTime("piscina") as typeof import("piscina");
    const { PDF_WORKERS, PDF_QUEUE } = env();
    pool = new Piscina({
      filename: pathToFileURL(join(/* turbopackIgnore: true */ process.cwd(), workerScript())).href,
      minThreads: PDF_WORKERS,
      maxThreads: PDF_WORKERS,
      maxQueue: PDF_QUEUE,
      // Flags of the main thread (a TypeScript loader from source) stay there; worker.mjs registers its own.
      execArgv: [],
    });
  }
  return pool;
}

const busy = () =>
  new ApiError(503, "Too many PDFs are being made right now; try again shortly", {
    code: "PDF_BUSY",
    headers: { "retry-after": RETRY_AFTER_SECONDS },
  });

/**
 * The report as PDF bytes for `client` (the caller's address), in `language`: from the cache when this very
 * document was made before (`cached`), else rendered by a worker of the pool when it is the
 * client's turn; 503 ApiError when the client's or the whole queue is full or the render too slow.
 */
export async function renderPdf(
  report: ReportView,
  shareUrl: string,
  client: string,
  clock: Clock = UTC_CLOCK,
  language: Locale = DEFAULT_LOCALE,
): Promise<{ bytes: Buffer; cached: boolean }> {
  cache ??= new PdfCache(env().PDF_CACHE_BYTES);
  const key = pdfCacheKey(report, shareUrl, clock, language);
  const hit = cache.get(key);
  if (hit) return { bytes: hit, cached: true };
  let pending = rendering.get(key);
  if (!pending) {
    pending = renderQueue()
      .run(client, () => renderInPool({ report, shareUrl, language }, report.assessments.length, clock))
      .then((bytes) => {
        cache!.set(key, bytes);
        return bytes;
      })
      .finally(() => rendering.delete(key));
    rendering.set(key, pending);
  }
  try {
    return { bytes: await pending, cached: false };
  } catch (error) {
    if (error instanceof QueueFull) throw busy();
    throw error;
  }
}

function renderQueue(): FairQueue {
  const { PDF_WORKERS, PDF_QUEUE, PDF_QUEUE_PER_CLIENT } = env();
  queue ??= new FairQueue({ concurrency: PDF_WORKERS, maxWaiting: PDF_QUEUE, maxWaitingPerClient: PDF_QUEUE_PER_CLIENT });
  return queue;
}

/** A patient's history as PDF bytes for `client`, rendered in its turn like a report (never cached). */
export async function renderHistory(view: HistoryView, client: string, clock: Clock = UTC_CLOCK): Promise<Buffer> {
  try {
    return await renderQueue().run(client, () => renderInPool({ history: view }, view.assessments.length, clock));
  } catch (error) {
    if (error instanceof QueueFull) throw busy();
    throw error;
  }
}

/** What a worker renders (lib/pdf/worker-task.ts): a report, or a patient's history. */
export type PdfJob = { report: ReportView; shareUrl: string; language: Locale } | { history: HistoryView };

async function renderInPool(job: PdfJob, assessments: number, clock: Clock): Promise<Buffer> {
  const budget = env().PDF_RENDER_TIMEOUT_MS;
  const abandon = new AbortController();
  const { port1: startedHere, port2: startedThere } = new MessageChannel();
  let timer: NodeJS.Timeout | undefined;
  startedHere.once("message", () => {
    timer = setTimeout(() => abandon.abort(), budget);
  });
  try {
    const bytes = (await renderPool().run(
      { ...job, clock, started: startedThere },
      { transferList: [startedThere], signal: abandon.signal },
    )) as Uint8Array;
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  } catch (error) {
    if (abandon.signal.aborted) {
      logger.warn({ budgetMs: budget, assessments }, "PDF render abandoned: over its time budget (worker replaced)");
      throw new ApiError(503, `Making this PDF took too long (over ${budget} ms) and was stopped; try again later`, {
        code: "PDF_TIMEOUT",
        headers: { "retry-after": RETRY_AFTER_SECONDS },
      });
    }
    if (/queue is at limit|all Workers are busy/i.test((error as Error).message)) throw busy();
    throw error;
  } finally {
    clearTimeout(timer);
    startedHere.close();
  }
}
