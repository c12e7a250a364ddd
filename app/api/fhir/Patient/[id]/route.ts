import { handle } from "@/lib/http/route";
import { FHIR_ROUTE, fhirReply } from "@/lib/fhir/bundle";
import { fhirPatientEndpoint } from "@/lib/fhir/schemas";
import { fhirRequest, readPatient } from "@/lib/fhir/service";

export const GET = handle(
  fhirPatientEndpoint,
  async (context) => fhirReply(await readPatient(fhirRequest(context), context.params.id), context.request),
  FHIR_ROUTE,
);
