// Renders a report to PDF bytes on the server (no network: the fonts are read from disk).
import { pdf } from "@react-pdf/renderer";
import { createElement } from "react";
import { fontStack } from "@/lib/pdf/fonts";
import { planPages } from "@/lib/pdf/plan";
import { HistoryDocument, type HistoryView } from "@/lib/pdf/history-document";
import { ReportDocument } from "@/lib/pdf/report-document";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locales";
import { UTC_CLOCK, type Clock } from "@/lib/report-view/clock";
import { formatDateTime } from "@/lib/report-view/present";
import type { ReportView } from "@/lib/report-view/schemas";

/**
 * Renders with planned page breaks and static page numbers; should a planned page overflow
 * anyway (the result has more pages than planned), renders again with the sections flowing and
 * react-pdf numbering the pages, so that the numbers are always right.
 */
export async function renderReportPdf(
  report: ReportView,
  shareUrl: string,
  options: { clock?: Clock; plan?: number[][]; language?: Locale } = {},
): Promise<Buffer> {
  const clock = options.clock ?? UTC_CLOCK;
  const language = options.language ?? DEFAULT_LOCALE;
  const plan = options.plan ?? planPages(report, shareUrl, clock, language);
  // Every string the document may print comes from the report, the link, the clock's dates or
  // the catalogue (whose Latin letters the first font has).
  const fonts = fontStack(`${JSON.stringify(report)}${shareUrl}${formatDateTime(report.createdAt, clock)}`);
  const planned = await render(report, shareUrl, fonts, plan, clock, language);
  return pageCount(planned) === plan.length ? planned : render(report, shareUrl, fonts, undefined, clock, language);
}

/** A patient's history (lib/pdf/history-document.tsx): one flowing document, react-pdf breaking and numbering the pages. */
export async function renderHistoryPdf(view: HistoryView, clock: Clock = UTC_CLOCK): Promise<Buffer> {
  const fonts = fontStack(`${JSON.stringify(view)}${formatDateTime(view.createdAt, clock)}`);
  return toBytes(pdf(createElement(HistoryDocument, { view, fonts, clock }) as Parameters<typeof pdf>[0]));
}

/** pdfkit writes each page object's dictionary uncompressed, with "/Type /Page" on its own line. */
export function pageCount(bytes: Buffer): number {
  return bytes.toString("latin1").match(/\/Type \/Page\n/g)?.length ?? 0;
}

async function render(
  report: ReportView,
  shareUrl: string,
  fonts: string[],
  plan: number[][] | undefined,
  clock: Clock,
  language: Locale,
): Promise<Buffer> {
  return toBytes(pdf(createElement(ReportDocument, { report, shareUrl, plan, fonts, clock, language }) as Parameters<typeof pdf>[0]));
}

async function toBytes(instance: ReturnType<typeof pdf>): Promise<Buffer> {
  try {
    const stream = await instance.toBuffer();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
    return Buffer.concat(chunks);
  } finally {
    // renderToBuffer never unmounts its React root, and React keeps recent roots (with their
    // laid-out document) reachable: without this, every render would stay in memory (about
    // 2 MB per report). Unmount, then drop the document the root's container still holds.
    instance.updateContainer(null as unknown as Parameters<typeof instance.updateContainer>[0]);
    (instance.container as { document: unknown }).document = null;
  }
}
