import { handle } from "@/lib/http/route";
import { FHIR_ROUTE, fhirReply } from "@/lib/fhir/bundle";
import { fhirPatientSearchEndpoint, patientSearchQuery } from "@/lib/fhir/schemas";
import { fhirRequest, searchPatients } from "@/lib/fhir/service";

const PARAMETERS = Object.keys(patientSearchQuery.shape);

export const GET = handle(
  fhirPatientSearchEndpoint,
  async (context) => {
    const { _offset, _count, ...query } = context.query;
    return fhirReply(await searchPatients(fhirRequest(context, PARAMETERS), query, { offset: _offset, count: _count }), context.request);
  },
  FHIR_ROUTE,
);
