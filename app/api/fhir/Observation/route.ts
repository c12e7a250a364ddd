import { handle } from "@/lib/http/route";
import { FHIR_ROUTE, fhirReply } from "@/lib/fhir/bundle";
import { fhirObservationSearchEndpoint } from "@/lib/fhir/schemas";
import { observationFilter } from "@/lib/fhir/search";
import { fhirRequest, searchObservations } from "@/lib/fhir/service";

export const GET = handle(
  fhirObservationSearchEndpoint,
  async (context) => {
    const request = fhirRequest(context);
    const page = { offset: context.query._offset, count: context.query._count };
    return fhirReply(
      await searchObservations(request, context.query.patient, observationFilter(request.url.searchParams), page),
      context.request,
    );
  },
  FHIR_ROUTE,
);
