import { handle } from "@/lib/http/route";
import { FHIR_ROUTE, fhirReply } from "@/lib/fhir/bundle";
import { fhirDiagnosticReportSearchEndpoint, reportSearchQuery } from "@/lib/fhir/schemas";
import { fhirRequest, searchDiagnosticReports } from "@/lib/fhir/service";

const PARAMETERS = Object.keys(reportSearchQuery.shape);

export const GET = handle(
  fhirDiagnosticReportSearchEndpoint,
  async (context) => {
    const { patient, _offset, _count, ...query } = context.query;
    const bundle = await searchDiagnosticReports(fhirRequest(context, PARAMETERS), patient, query, { offset: _offset, count: _count });
    return fhirReply(bundle, context.request);
  },
  FHIR_ROUTE,
);
