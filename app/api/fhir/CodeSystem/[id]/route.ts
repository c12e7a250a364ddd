import { notFound } from "@/lib/api/errors";
import { handle } from "@/lib/http/route";
import { FHIR_ROUTE, fhirReply } from "@/lib/fhir/bundle";
import { fhirCodeSystemEndpoint } from "@/lib/fhir/schemas";
import { CODE_SYSTEM_ID, codeSystemResource } from "@/lib/fhir/terminology";

export const GET = handle(
  fhirCodeSystemEndpoint,
  async ({ params, request }) => {
    if (params.id !== CODE_SYSTEM_ID) throw notFound("CodeSystem not found");
    return fhirReply(codeSystemResource(), request);
  },
  FHIR_ROUTE,
);
