// Page plan for the report PDF: which assessment sections go on which A4 page.
//
// Why: react-pdf numbers pages ("Page 2 of 3") through `render` callbacks, and a page holding one
// is laid out again for every page break and once more at the end: 150 of the 450 ms a
// 20-assessment report took. With the breaks planned here, every page is its own <Page> with
// static numbers. The plan estimates heights from the document's styles and conservative glyph
// widths; lib/pdf/render.ts checks the page count of the result and, should a planned page
// still overflow, renders the flowing document with react-pdf's own numbering instead.
import { goniometryTables, measurementsOf, type GoniometryTable } from "@/lib/assessments/goniometry";
import { clip, formatDate, handName, headline, snapshotMetrics, snapshotNotes, typeName } from "@/lib/report-view/present";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locales";
import { UTC_CLOCK, type Clock } from "@/lib/report-view/clock";
import type { ReportAssessment, ReportView } from "@/lib/report-view/schemas";
import {
  changes,
  chartCount,
  ownershipNotice,
  patientDetails,
  patientLabel,
  reportHeading,
  sectionMeta,
  senderTitle,
} from "@/lib/report-view/summary";
import { ENGLISH, wordsFor, type Words } from "@/lib/report-view/words";

/** A4 height less the page's top and bottom padding (report-document.tsx: 36 and 58). */
export const PAGE_CONTENT_HEIGHT = 842 - 36 - 58;
/** A4 width less the horizontal padding (42 each side). */
export const CONTENT_WIDTH = 595 - 2 * 42;
/** Room kept free on every planned page, for what the estimate cannot see. */
const SAFETY = 24;
/** DejaVu Sans: (ascender + descender) / units per em is 1.164; rounded up. */
const LINE = 1.17;

/** Advance width of one character in em, a little wider than DejaVu Sans Condensed's (CJK: a full em). */
function charWidth(char: string): number {
  if (char === " ") return 0.3;
  if (char.codePointAt(0)! >= 0x2e80) return 1;
  if (/[0-9]/.test(char)) return 0.58;
  if (/[ijlft.,:;'!|()[\]]/.test(char)) return 0.34;
  if (/[mw]/.test(char)) return 0.86;
  if (/[MW]/.test(char)) return 0.9;
  if (/[a-z]/.test(char)) return 0.57;
  if (/[A-Z]/.test(char)) return 0.72;
  return 0.75;
}

function textWidth(text: string, size: number, bold: boolean): number {
  let em = 0;
  for (const char of text) em += charWidth(char);
  return em * size * (bold ? 1.12 : 1);
}

/** Lines a greedy word wrap needs for `text` in `width` points (explicit newlines break too). */
export function lineCount(text: string, width: number, size: number, bold = false): number {
  let lines = 0;
  for (const paragraph of text.split("\n")) {
    let current = 0;
    lines += 1;
    for (const word of paragraph.split(" ")) {
      const wordWidth = textWidth(word, size, bold);
      const spaced = current === 0 ? wordWidth : current + textWidth(" ", size, bold) + wordWidth;
      if (spaced <= width || current === 0) {
        current = spaced;
        // A word wider than the line is broken across lines.
        while (current > width) {
          lines += 1;
          current -= width;
        }
      } else {
        lines += 1;
        current = wordWidth;
      }
    }
  }
  return lines;
}

const textHeight = (text: string, width: number, size: number, bold = false) => lineCount(text, width, size, bold) * size * LINE;
const HEADING = 10.5 * LINE + 6 + 5;

/** Page 1 above the explanation and the sections: header, summary table, chart and changes. */
function introHeight(report: ReportView, shareUrl: string, charts: number, clock: Clock, w: Words): number {
  let height = 7.5 * LINE; // kicker
  height += textHeight(reportHeading(report, w), CONTENT_WIDTH, 17, true) + 4 + 8;
  const fromSender = senderTitle(report, w);
  if (fromSender) height += textHeight(fromSender, CONTENT_WIDTH, 8) - 8 + 8;
  const metaValues = [
    patientLabel(report, w),
    formatDate(report.createdAt, clock),
    String(report.assessments.length),
    report.formattedCode,
  ];
  height += 6 * 2 + 2 + 12 + 6.5 * LINE + 1 + Math.max(...metaValues.map((value) => textHeight(value, CONTENT_WIDTH / 4 - 4, 9.5, true)));
  const details = patientDetails(report, w, clock.locale);
  if (details) height += textHeight(details, CONTENT_WIDTH, 8) - 8 + 8;
  const notice = ownershipNotice(report, w);
  if (notice) height += textHeight(notice, CONTENT_WIDTH - 14, 8) + 6 + 8;
  height += -6 + 8 + textHeight(w.t("pdf.share", { url: shareUrl }), CONTENT_WIDTH - 60, 7.5);
  height += HEADING + 1.5 + 8 + 2.5 * 2 + 7.5 * LINE;
  for (const item of report.assessments) {
    const cells = [
      textHeight(typeName(item.assessmentType, w), 118, 8.5),
      textHeight(handName(item.hand, true, w), 62, 8.5),
      textHeight(headline(item, w).text, CONTENT_WIDTH - 18 - 64 - 118 - 62 - 50, 8.5),
    ];
    height += 2.4 + Math.max(...cells);
  }
  if (charts) height += HEADING + charts * (7 * LINE + 2 + 96 + 2 + 7 * LINE + 6);
  const rows = changes(report.assessments, clock, w);
  if (rows.length) {
    height += HEADING + 1.5 + 8 + 2.5 * 2 + 7.5 * LINE;
    const rest = (CONTENT_WIDTH - 160 - 100) / 2;
    for (const row of rows)
      height +=
        2.4 +
        Math.max(
          textHeight(row.label, 157, 8.5),
          textHeight(`${row.firstDate}: ${row.first}`, rest, 8.5),
          textHeight(`${row.latestDate}: ${row.latest}`, rest, 8.5),
          textHeight(row.change, 97, 8.5),
        );
  }
  return height;
}

/** Metric cells are an eighth of the section's inner width, less their right padding. */
const METRIC_WIDTH = (CONTENT_WIDTH - 1 - 12) / 8 - 4;

/** One assessment section (kept whole on a page). */
export function sectionHeight(item: ReportAssessment, index: number, clock: Clock = UTC_CLOCK, w: Words = ENGLISH): number {
  const title = `${index + 1}. ${typeName(item.assessmentType, w)} · ${handName(item.hand, false, w)}`;
  const meta = sectionMeta(item, clock, w);
  let height = 1 + 2 * 2 + 0.5 + Math.max(8.5 * LINE, textHeight(`${title}   ${meta}`, CONTENT_WIDTH - 12, 8.5, true));
  const metrics = snapshotMetrics(item, w);
  if (metrics.length) {
    height += 2.5 + 1;
    for (let row = 0; row < metrics.length; row += 8) {
      const cells = metrics
        .slice(row, row + 8)
        .map(
          (metric) =>
            textHeight(metric.label, METRIC_WIDTH, 6.5) +
            textHeight(metric.value, METRIC_WIDTH, 8.5, true) +
            (metric.meaning ? textHeight(metric.meaning, METRIC_WIDTH, 7) : 0),
        );
      height += Math.max(...cells) + 2;
    }
  } else {
    height += 3 + 7.5 * LINE + 2.5;
  }
  const notes = snapshotNotes(item, w);
  if (notes.length) height += textHeight(notes.map((note) => `${note.label}: ${note.text}.  `).join(""), CONTENT_WIDTH - 12, 7.5) + 2.5;
  return height + 5;
}

/** Characters of the explanation the document shows (a model's answer is far shorter). */
const MAX_EXPLANATION_LENGTH = 4000;

export const explanationParagraphs = (text: string) =>
  clip(text, MAX_EXPLANATION_LENGTH)
    .split(/\n\s*\n|\n/)
    .map((p) => p.trim())
    .filter(Boolean);

/** The explanation's place in a page plan: it follows the intro, on page 1 when it fits. */
export const EXPLANATION = -1;
/** The goniometry table's place in a page plan: after the explanation, before the sections. */
export const GONIOMETRY = -2;

/** Dates the PDF's goniometry table shows per hand: the first and the latest five. */
export const PDF_GONIOMETRY_COLUMNS = 6;

/** The report's goniometry tables as the PDF shows them. */
export const pdfGoniometry = (report: ReportView): GoniometryTable[] =>
  goniometryTables(measurementsOf(report.assessments), PDF_GONIOMETRY_COLUMNS);

/** Row height of the goniometry table (7 pt text, 1.2 pt padding above and below). */
const GONIOMETRY_ROW = 7 * LINE + 2.4;

function goniometryHeight(tables: GoniometryTable[]): number {
  let height = HEADING;
  for (const table of tables) {
    const rows =
      (table.wrist.length ? 1 + table.wrist.length : 0) + table.fingers.reduce((sum, finger) => sum + 2 + finger.joints.length, 0);
    height += 7.5 * LINE + 2 + 7 * LINE + 5 + rows * GONIOMETRY_ROW + 8;
  }
  return height + 7 * LINE + 4;
}

function explanationHeight(text: string): number {
  let height = HEADING + 7 * LINE + 6;
  for (const paragraph of explanationParagraphs(text)) height += textHeight(paragraph, CONTENT_WIDTH, 8.5) + 4;
  return height;
}

/**
 * Section indices per page (EXPLANATION for the explanation). The sections follow the intro on page 1, the "Assessment details"
 * heading travelling with the first of them; every section is placed, even one taller than a
 * page (react-pdf then splits that page, and the caller's page count check notices).
 */
export function planPages(report: ReportView, shareUrl: string, clock: Clock = UTC_CLOCK, language: Locale = DEFAULT_LOCALE): number[][] {
  const w = wordsFor(language);
  const pages: number[][] = [[]];
  let used = introHeight(report, shareUrl, chartCount(report.assessments), clock, w);
  const limit = PAGE_CONTENT_HEIGHT - SAFETY;
  const goniometry = pdfGoniometry(report);
  const blocks = [...(report.aiExplanation ? [EXPLANATION] : []), ...(goniometry.length ? [GONIOMETRY] : []), ...report.assessments.keys()];
  blocks.forEach((index) => {
    const height =
      index === EXPLANATION
        ? explanationHeight(report.aiExplanation!)
        : index === GONIOMETRY
          ? goniometryHeight(goniometry)
          : sectionHeight(report.assessments[index]!, index, clock, w) + (index === 0 ? HEADING : 0);
    const current = pages[pages.length - 1]!;
    const alone = current.length === 0 && pages.length > 1;
    if (used + height > limit && !alone) {
      pages.push([index]);
      used = height;
    } else {
      current.push(index);
      used += height;
    }
  });
  return pages;
}
