import { handle } from "@/lib/http/route";
import { clockOf } from "@/lib/report-view/clock";
import { reportPdfEndpoint } from "@/lib/reports/schemas";
import { reportPdf } from "@/lib/reports/service";

export const GET = handle(reportPdfEndpoint, async ({ params, query, caller }) => {
  const { filename, bytes, cached } = await reportPdf(params.code, caller, clockOf(query));
  return new Response(new Uint8Array(bytes), {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="${filename}"`,
      "content-length": String(bytes.byteLength),
      "x-pdf-cache": cached ? "hit" : "miss",
    },
  });
});
