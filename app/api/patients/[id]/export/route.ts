import { handle } from "@/lib/http/route";
import { requestLocale } from "@/lib/i18n/locales";
import { patientHistoryCsv } from "@/lib/patients/export";
import { patientExportEndpoint } from "@/lib/patients/schemas";
import { clockOf } from "@/lib/report-view/clock";

// In the asker's language (Accept-Language; the web proxy sets it from the switcher).
export const GET = handle(patientExportEndpoint, async ({ params, query, caller, request }) => {
  const language = requestLocale(request.headers);
  const { filename, csv, recordsLeftOut } = await patientHistoryCsv(caller, params.id, clockOf(query, language), language);
  return new Response(csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${filename}"`,
      "x-records-left-out": String(recordsLeftOut),
    },
  });
});
