import { handle } from "@/lib/http/route";
import { requestLocale } from "@/lib/i18n/locales";
import { patientHistoryPdf } from "@/lib/patients/history-pdf";
import { patientHistoryPdfEndpoint } from "@/lib/patients/schemas";
import { clockOf } from "@/lib/report-view/clock";

// The PDF speaks the asker's language (Accept-Language; the web proxy sets it from the switcher).
export const GET = handle(patientHistoryPdfEndpoint, async ({ request, params, query, caller }) => {
  const language = requestLocale(request.headers);
  const { filename, bytes } = await patientHistoryPdf(caller, params.id, clockOf(query, language), language);
  return new Response(new Uint8Array(bytes), {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="${filename}"`,
      "content-length": String(bytes.byteLength),
    },
  });
});
