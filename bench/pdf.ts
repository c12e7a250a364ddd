// npm run bench:pdf — renders a 20-assessment report 50 times in this process and prints the
// render time (p50, p99) and the resident set size before and after.
// Targets: p50 under 300 ms, RSS growth under 50 MB over the 50 renders.
import { renderReportPdf } from "@/lib/pdf/render";
import { templateExplanation } from "@/lib/reports/explain";
import { sampleReport } from "@/lib/reports/sample";

const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const base = sampleReport(20);
const report = { ...base, aiExplanation: templateExplanation(base), explanationSource: "fallback" as const };
const shareUrl = "https://hand-assessment.app/r/RPT-234";
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const firstStart = performance.now();
const first = await renderReportPdf(report, shareUrl);
const firstMs = performance.now() - firstStart;
global.gc?.();
const rssBefore = process.memoryUsage().rss;

const times: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const start = performance.now();
  await renderReportPdf(report, shareUrl);
  times.push(performance.now() - start);
}
global.gc?.();
const rssAfter = process.memoryUsage().rss;

times.sort((a, b) => a - b);
const percentile = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)]!;
const p50 = percentile(50);
const growth = rssAfter - rssBefore;
console.log(`PDF of ${report.assessments.length} assessments, ${(first.byteLength / 1024).toFixed(0)} KiB; first render (fonts loaded) ${firstMs.toFixed(0)} ms`);
console.log(`${RUNS} renders: p50 ${p50.toFixed(0)} ms, p99 ${percentile(99).toFixed(0)} ms, min ${times[0]!.toFixed(0)} ms, max ${times.at(-1)!.toFixed(0)} ms`);
console.log(`RSS before ${mb(rssBefore)}, after ${mb(rssAfter)}, growth ${mb(growth)}`);
console.log(`targets: p50 < 300 ms ${p50 < 300 ? "met" : "MISSED"}; RSS growth < 50 MB ${growth < 50 * 1024 * 1024 ? "met" : "MISSED"}`);
