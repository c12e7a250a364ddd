// Rendered PDFs, kept in memory up to a byte cap (PDF_CACHE_BYTES), least recently used first
// out. An entry is keyed by a hash of everything the document is made from (the report as read
// from the database, every assessment's snapshot, owner and title included, the share link, and
// the clock its dates are written on, and the language it is written in),
// so anything that would change the PDF changes the key: a changed report is rendered anew and
// its old entry ages out. The view count is left out: the document does not show it.
import { createHash } from "node:crypto";
import type { Locale } from "@/lib/i18n/locales";
import type { Clock } from "@/lib/report-view/clock";
import type { ReportView } from "@/lib/report-view/schemas";

export function pdfCacheKey(report: ReportView, shareUrl: string, clock: Clock, language: Locale): string {
  const { viewCount: _notShown, ...shown } = report;
  return createHash("sha256")
    .update(JSON.stringify([shown, shareUrl, clock.timeZone, clock.locale, language]))
    .digest("base64url");
}

export class PdfCache {
  private bytes = 0;
  private readonly entries = new Map<string, Buffer>();

  constructor(private readonly capacity: number) {}

  get(key: string): Buffer | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      // Most recently used goes to the back of the Map's order.
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, pdf: Buffer): void {
    if (pdf.byteLength > this.capacity || this.entries.has(key)) return;
    this.entries.set(key, pdf);
    this.bytes += pdf.byteLength;
    for (const [oldest, value] of this.entries) {
      if (this.bytes <= this.capacity) break;
      this.entries.delete(oldest);
      this.bytes -= value.byteLength;
    }
  }
}
