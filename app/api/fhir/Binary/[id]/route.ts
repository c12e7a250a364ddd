import { handle } from "@/lib/http/route";
import { FHIR_ROUTE } from "@/lib/fhir/bundle";
import { fhirBinaryEndpoint } from "@/lib/fhir/schemas";
import { fhirRequest, readReportPdf } from "@/lib/fhir/service";

export const GET = handle(
  fhirBinaryEndpoint,
  async (context) => {
    const bytes = await readReportPdf(fhirRequest(context), context.params.id);
    return new Response(new Uint8Array(bytes), {
      headers: { "content-type": "application/pdf", "content-length": String(bytes.byteLength) },
    });
  },
  FHIR_ROUTE,
);
