import { handle } from "@/lib/http/route";
import { FHIR_ROUTE, fhirReply } from "@/lib/fhir/bundle";
import { fhirEverythingEndpoint } from "@/lib/fhir/schemas";
import { everything, fhirRequest } from "@/lib/fhir/service";

export const GET = handle(
  fhirEverythingEndpoint,
  async (context) => {
    const page = { offset: context.query._offset, count: context.query._count };
    return fhirReply(await everything(fhirRequest(context), context.params.id, page), context.request);
  },
  FHIR_ROUTE,
);
