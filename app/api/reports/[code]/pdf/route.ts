import { handle } from "@/lib/http/route";
import { reportPdfEndpoint } from "@/lib/reports/schemas";
import { reportPdf } from "@/lib/reports/service";

export const GET = handle(reportPdfEndpoint, async ({ params, caller }) => {
  const { filename, bytes, cached } = await reportPdf(params.code, caller);
  return new Response(new Uint8Array(bytes), {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="${filename}"`,
      "content-length": String(bytes.byteLength),
      "x-pdf-cache": cached ? "hit" : "miss",
    },
  });
});
