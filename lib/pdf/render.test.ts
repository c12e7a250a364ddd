// The PDF's page numbers are right whichever way it was laid out: with planned page breaks
// (static numbers) or, when a planned page overflows, flowing (react-pdf's numbering).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { planPages } from "@/lib/pdf/plan";
import { pageCount, renderReportPdf } from "@/lib/pdf/render";
import { templateExplanation } from "@/lib/reports/explain";
import { sampleReport } from "@/lib/report-view/sample";
import type { ReportView } from "@/lib/report-view/schemas";

const SHARE_URL = "https://hand.example.org/r/RPT-234";

function pdftotext(pdf: Buffer): string[] {
  const result = spawnSync("pdftotext", ["-layout", "-", "-"], { input: pdf });
  if (result.error) throw result.error;
  return result.stdout.toString("utf8").split("\f").slice(0, -1);
}

async function assertNumbered(report: ReportView, plan?: number[][]): Promise<number> {
  const bytes = await renderReportPdf(report, SHARE_URL, { plan });
  const pages = pdftotext(bytes);
  assert.equal(pageCount(bytes), pages.length);
  pages.forEach((text, i) => assert.match(text, new RegExp(`Page ${i + 1} of ${pages.length}\\b`), `page ${i + 1}`));
  for (const item of report.assessments)
    assert.ok(
      pages.some((text) => text.includes(item.formattedCode)),
      item.formattedCode,
    );
  return pages.length;
}

test("20 assessments: laid out as planned, four pages numbered 1 to 4", async () => {
  const base = sampleReport(20);
  const report = { ...base, aiExplanation: templateExplanation(base), explanationSource: "fallback" as const };
  const pages = await assertNumbered(report);
  assert.equal(pages, 4);
  assert.equal(planPages(report, SHARE_URL).length, pages, "the plan held: no page overflowed");
});

test("long free text everywhere (4000-character comments, flags, a long title and explanation): cut short, still numbered right", async () => {
  const base = sampleReport(20, { patientName: "Maximiliane Theodora von Hohenstein-Wartenberg" });
  const comments = "Stiff and sore after gardening, worse in the cold mornings; ".repeat(66).slice(0, 4000);
  const clinicalFlags = Array.from(
    { length: 12 },
    (_, i) => `Flag ${i + 1}: tender and swollen joints after repetitive gripping, reported over weeks`,
  );
  const report: ReportView = {
    ...base,
    title: "Follow-up after bilateral carpal tunnel release, trigger finger injections and six weeks of hand therapy",
    aiExplanation: Array.from({ length: 6 }, () => "Your scores moved a little between visits. ".repeat(20)).join("\n\n"),
    explanationSource: "ai",
    assessments: base.assessments.map((item) => {
      if (item.assessmentType === "PAIN") return { ...item, resultSnapshot: { ...item.resultSnapshot, comments } };
      if (item.assessmentType === "ARTHRITIS") return { ...item, resultSnapshot: { ...item.resultSnapshot, clinicalFlags } };
      return item;
    }),
  };
  assert.ok((await assertNumbered(report)) > 3);
  const text = pdftotext(await renderReportPdf(report, SHARE_URL)).join("");
  // Five pain records, each comment cut to a few of its 66 sentences, with an ellipsis.
  assert.ok((text.match(/cold mornings/g) ?? []).length <= 5 * 6, "comments are cut short");
  assert.match(text, /…/);
  assert.doesNotMatch(text, /Flag 11:/, "a list names its first ten items");
});

test("a plan that does not fit (all 20 sections on page 1): rendered flowing instead, numbered 1 to 4", async () => {
  const report = sampleReport(20);
  assert.equal(await assertNumbered(report, [report.assessments.map((_, i) => i)]), 4);
});

test("one assessment, no chart, no explanation: a single page", async () => {
  assert.equal(await assertNumbered(sampleReport(1, { patientName: null })), 1);
});

test("one goniometry table instead of joint lines per record: the index finger's TAM by hand, 143° on 1 Jun to 231° (+88°) on 27 Jul", async () => {
  // lib/report-view/sample.ts, index MCP/PIP/DIP (normals 90°, 100°, 90°) at 0.55 and 0.87 of normal
  // less 8°, 0° and 4°, each 4° short of straight. TAM per ASSH is the flexion (4° + arc) less the
  // three 4° lags: round(41.5) + 55 + round(45.5) = 143; round(70.3) + 87 + round(74.3) = 231.
  const text = pdftotext(await renderReportPdf(sampleReport(20), SHARE_URL)).join("");
  assert.match(text, /Wrist and finger joints by date/);
  assert.match(text, /Right hand/);
  // Each joint as extension/flexion (4° short of straight: −4), then its arc; the wrist's rows first.
  assert.match(text, /MCP\s+0–90°\s+−4\/46 · 42°/);
  assert.match(text, /Wrist\s+Extension\s+0–70°\s+\d+° \*/);
  assert.match(text, /TAM Index\s+143°(\s+\S+ \(\+\d+°\)){3}\s+231° \(\+88°\)/);
  assert.doesNotMatch(text, /Joints: angles measured/);
  // The chart's axis labels every week from the first result (1 Jun) to the last (6 Aug), in one line.
  assert.match(text, /1 Jun\s+8 Jun\s+15 Jun\s+22 Jun\s+29 Jun\s+6 Jul\s+13 Jul\s+20 Jul\s+27 Jul\s+3 Aug\n/);
});

test("on the creator's clock: dates in New York time and US English, the zone named in every footer", async () => {
  const pages = pdftotext(await renderReportPdf(sampleReport(4), SHARE_URL, { clock: { timeZone: "America/New_York", locale: "en-US" } }));
  const text = pages.join("");
  // The first record was taken at 09:30 UTC on 1 June 2026: 05:30 in New York (EDT).
  assert.match(text, /Jun 1, 2026, 05:30 AM EDT/);
  assert.match(text, /Aug 12, 2026/);
  pages.forEach((page, i) => assert.match(page, /dates in America\/New York time/, `page ${i + 1}`));
  const utc = pdftotext(await renderReportPdf(sampleReport(4), SHARE_URL)).join("");
  assert.match(utc, /1 Jun 2026, 09:30 UTC/);
  assert.match(utc, /dates in UTC/);
});

const QPDF = spawnSync("qpdf", ["--version"]).error ? "qpdf is missing: install the Debian package qpdf to run this test" : false;

test("the PDF names its language and shows its title to assistive technology (qpdf reads the catalogue)", { skip: QPDF }, async () => {
  const dir = mkdtempSync(join(tmpdir(), "pdf-"));
  const file = join(dir, "report.pdf");
  writeFileSync(file, await renderReportPdf(sampleReport(2), SHARE_URL));
  const json = spawnSync("qpdf", ["--json", file], { encoding: "utf8" }).stdout;
  rmSync(dir, { recursive: true });
  assert.match(json, /"\/Lang": "u:en-GB"/);
  assert.match(json, /"\/DisplayDocTitle": true/);
});
