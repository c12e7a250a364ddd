import { handle } from "@/lib/http/route";
import { FHIR_ROUTE, fhirReply } from "@/lib/fhir/bundle";
import { fhirDiagnosticReportSearchEndpoint } from "@/lib/fhir/schemas";
import { fhirRequest, searchDiagnosticReports } from "@/lib/fhir/service";

export const GET = handle(
  fhirDiagnosticReportSearchEndpoint,
  async (context) => {
    const page = { offset: context.query._offset, count: context.query._count };
    return fhirReply(await searchDiagnosticReports(fhirRequest(context), context.query.patient, page), context.request);
  },
  FHIR_ROUTE,
);
