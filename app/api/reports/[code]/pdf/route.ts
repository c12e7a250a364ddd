import { env } from "@/lib/env";
import { handle } from "@/lib/http/route";
import { requestLocale } from "@/lib/i18n/locales";
import { clockOf } from "@/lib/report-view/clock";
import { reportPdfEndpoint } from "@/lib/reports/schemas";
import { reportPdf } from "@/lib/reports/service";

// The PDF speaks the asker's language (Accept-Language; the web proxy sets it from the switcher).
export const GET = handle(reportPdfEndpoint, async ({ request, params, query, caller }) => {
  const language = requestLocale(request.headers);
  const { filename, bytes, cached } = await reportPdf(params.code, caller, clockOf(query, language), language);
  return new Response(new Uint8Array(bytes), {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="${filename}"`,
      "content-length": String(bytes.byteLength),
      // Whether the PDF came from the cache would tell a code holder that someone else fetched it.
      ...(env().NODE_ENV === "development" ? { "x-pdf-cache": cached ? "hit" : "miss" } : {}),
    },
  });
});
