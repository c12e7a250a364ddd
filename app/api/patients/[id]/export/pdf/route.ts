import { handle } from "@/lib/http/route";
import { patientHistoryPdf } from "@/lib/patients/history-pdf";
import { patientHistoryPdfEndpoint } from "@/lib/patients/schemas";
import { clockOf } from "@/lib/report-view/clock";

export const GET = handle(patientHistoryPdfEndpoint, async ({ params, query, caller }) => {
  const { filename, bytes } = await patientHistoryPdf(caller, params.id, clockOf(query));
  return new Response(new Uint8Array(bytes), {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="${filename}"`,
      "content-length": String(bytes.byteLength),
    },
  });
});
