import { handle } from "@/lib/http/route";
import { FHIR_ROUTE, fhirReply } from "@/lib/fhir/bundle";
import { fhirObservationSearchEndpoint, observationSearchQuery } from "@/lib/fhir/schemas";
import { fhirRequest, searchObservations } from "@/lib/fhir/service";

const PARAMETERS = Object.keys(observationSearchQuery.shape);

export const GET = handle(
  fhirObservationSearchEndpoint,
  async (context) => {
    const { patient, _offset, _count, ...query } = context.query;
    const bundle = await searchObservations(fhirRequest(context, PARAMETERS), patient, query, { offset: _offset, count: _count });
    return fhirReply(bundle, context.request);
  },
  FHIR_ROUTE,
);
