import { handle } from "@/lib/http/route";
import { FHIR_ROUTE, fhirReply } from "@/lib/fhir/bundle";
import { fhirObservationEndpoint } from "@/lib/fhir/schemas";
import { fhirRequest, readObservation } from "@/lib/fhir/service";

export const GET = handle(
  fhirObservationEndpoint,
  async (context) => fhirReply(await readObservation(fhirRequest(context), context.params.id), context.request),
  FHIR_ROUTE,
);
