// One worker thread of the PDF pool (lib/pdf/pool.ts). The service runs TypeScript from source,
// so the worker registers tsx itself (a worker's loaders are its own), then renders with the same
// code as the main thread would. Plain JavaScript, so that it loads before tsx is there.
import { register } from "tsx/esm/api";

register();
const { renderReportPdf } = await import("./render.ts");
const { sampleReport } = await import("../report-view/sample.ts");

// A thread's first render loads the fonts and warms the code up: several times a normal render,
// seconds on a busy machine. Done here, before the thread takes work, so that it never counts
// against a report's time budget (a replaced thread would otherwise time out again).
await renderReportPdf(sampleReport(4), "https://localhost/r/AAA-BBB");

/** Says on `started` that the render began (the pool's time budget counts from then), then renders. */
export default async function renderTask({ report, shareUrl, started }) {
  started.postMessage("started");
  started.close();
  return renderReportPdf(report, shareUrl);
}
