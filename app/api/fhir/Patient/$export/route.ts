import { handle } from "@/lib/http/route";
import { FHIR_ROUTE } from "@/lib/fhir/bundle";
import { bulkExportPatientsEndpoint } from "@/lib/fhir/bulk/schemas";
import { kickOff } from "@/lib/fhir/bulk/service";

export const GET = handle(
  bulkExportPatientsEndpoint,
  async (context) =>
    kickOff({ request: context.request, caller: { ...context.caller, user: context.user }, level: "patient", query: context.query }),
  FHIR_ROUTE,
);
