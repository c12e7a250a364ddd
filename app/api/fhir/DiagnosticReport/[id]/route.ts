import { handle } from "@/lib/http/route";
import { FHIR_ROUTE, fhirReply } from "@/lib/fhir/bundle";
import { fhirDiagnosticReportEndpoint } from "@/lib/fhir/schemas";
import { fhirRequest, readDiagnosticReport } from "@/lib/fhir/service";

export const GET = handle(
  fhirDiagnosticReportEndpoint,
  async (context) => fhirReply(await readDiagnosticReport(fhirRequest(context), context.params.id), context.request),
  FHIR_ROUTE,
);
