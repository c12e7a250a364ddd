import { handle } from "@/lib/http/route";
import { FHIR_ROUTE, fhirReply } from "@/lib/fhir/bundle";
import { everythingQuery, fhirEverythingEndpoint } from "@/lib/fhir/schemas";
import { everything, fhirRequest } from "@/lib/fhir/service";

const PARAMETERS = Object.keys(everythingQuery.shape);

export const GET = handle(
  fhirEverythingEndpoint,
  async (context) => {
    const { _offset, _count, ...query } = context.query;
    const bundle = await everything(fhirRequest(context, PARAMETERS), context.params.id, query, { offset: _offset, count: _count });
    return fhirReply(bundle, context.request);
  },
  FHIR_ROUTE,
);
