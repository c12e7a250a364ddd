import { handle } from "@/lib/http/route";
import { FHIR_ROUTE, fhirReply } from "@/lib/fhir/bundle";
import { fhirOrganizationEndpoint } from "@/lib/fhir/schemas";
import { fhirRequest, readOrganization } from "@/lib/fhir/service";

export const GET = handle(
  fhirOrganizationEndpoint,
  async (context) => fhirReply(await readOrganization(fhirRequest(context), context.params.id), context.request),
  FHIR_ROUTE,
);
