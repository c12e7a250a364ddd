// Renders a report to PDF bytes on the server (no network: the font is read from disk).
import { pdf } from "@react-pdf/renderer";
import { createElement } from "react";
import { registerFonts } from "@/lib/pdf/fonts";
import { ReportDocument } from "@/lib/pdf/report-document";
import type { ReportView } from "@/lib/reports/schemas";

export async function renderReportPdf(report: ReportView, shareUrl: string): Promise<Buffer> {
  registerFonts();
  const instance = pdf(createElement(ReportDocument, { report, shareUrl }) as Parameters<typeof pdf>[0]);
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
