// What one worker thread of the PDF pool (lib/pdf/pool.ts) runs: loaded by worker.mjs from
// source (through tsx), or compiled into the server build (scripts/lib/build.mjs).
import type { MessagePort } from "node:worker_threads";
import type { PdfJob } from "@/lib/pdf/pool";
import { renderHistoryPdf, renderReportPdf } from "@/lib/pdf/render";
import type { Clock } from "@/lib/report-view/clock";
import { sampleReport } from "@/lib/report-view/sample";

// A thread's first render loads the fonts and warms the code up: several times a normal render,
// seconds on a busy machine. Done here, before the thread takes work, so that it never counts
// against a report's time budget (a replaced thread would otherwise time out again).
await renderReportPdf(sampleReport(4), "https://localhost/r/AAA-BBB");

/** Says on `started` that the render began (the pool's time budget counts from then), then renders. */
export default async function renderTask(task: PdfJob & { clock: Clock; started: MessagePort }) {
  task.started.postMessage("started");
  task.started.close();
  return "history" in task
    ? renderHistoryPdf(task.history, task.clock)
    : renderReportPdf(task.report, task.shareUrl, { clock: task.clock, language: task.language });
}
