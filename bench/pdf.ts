// npm run bench:pdf — renders a 20-assessment report 50 times as the service does (in the worker
// pool of lib/pdf/pool.ts, one render at a time) and prints the render time (p50, p99; wall clock,
// and CPU of the whole process, worker threads included) and the process's resident set size
// before and after. Targets: p50 under 300 ms, RSS growth under 50 MB over the 50 renders. The
// script sets PDF_CACHE_BYTES=0: every request renders (the same report would otherwise be a hit).
import { loadavg } from "node:os";
import { renderPdf } from "@/lib/pdf/pool";
import { templateExplanation } from "@/lib/reports/explain";
import { percentile } from "./stats";
import { sampleReport } from "@/lib/report-view/sample";

const RUNS = Number(process.env.BENCH_RUNS ?? 50);
// Resident memory climbs over the first 20-odd renders (fonts, yoga's wasm memory, allocator
// arenas) and then moves within about 25 MB while the JS heap stays flat: the growth measured
// is that of the steady state.
const WARM_UP = 25;
const base = sampleReport(20);
const report = { ...base, aiExplanation: templateExplanation(base), explanationSource: "fallback" as const };
const shareUrl = "https://hand-assessment.app/r/RPT-234";
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const gc = () => (globalThis as { gc?: () => void }).gc?.();

// The worker starts, fonts load and the JIT warms up on the first renders; the measured runs are the steady state.
const firstStart = performance.now();
const first = (await renderPdf(report, shareUrl, "bench")).bytes;
const firstMs = performance.now() - firstStart;
for (let i = 1; i < WARM_UP; i++) await renderPdf(report, shareUrl, "bench");
gc();
const before = process.memoryUsage();

const wall: number[] = [];
const cpu: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  await renderPdf(report, shareUrl, "bench");
  wall.push(performance.now() - start);
  const used = process.cpuUsage(cpuStart);
  cpu.push((used.user + used.system) / 1000);
}
gc();
const after = process.memoryUsage();

const p50 = percentile(wall, 50);
const growth = after.rss - before.rss;
console.log(
  `PDF of ${report.assessments.length} assessments, ${(first.byteLength / 1024).toFixed(0)} KiB; first render (worker start-up, font loading) ${firstMs.toFixed(0)} ms; ${WARM_UP} warm-up renders`,
);
console.log(
  `${RUNS} renders, wall clock: p50 ${p50.toFixed(0)} ms, p99 ${percentile(wall, 99).toFixed(0)} ms, min ${Math.min(...wall).toFixed(0)} ms`,
);
console.log(`${RUNS} renders, CPU time:   p50 ${percentile(cpu, 50).toFixed(0)} ms, p99 ${percentile(cpu, 99).toFixed(0)} ms`);
console.log(
  `RSS before ${mb(before.rss)}, after ${mb(after.rss)}, growth ${mb(growth)} (main thread JS heap in use ${mb(before.heapUsed)} → ${mb(after.heapUsed)})`,
);
console.log(
  `machine load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")} on this run`,
);
console.log(`targets: p50 < 300 ms ${p50 < 300 ? "met" : "MISSED"}; RSS growth < 50 MB ${growth < 50 * 1024 * 1024 ? "met" : "MISSED"}`);
