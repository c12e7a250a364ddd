import { handle } from "@/lib/http/route";
import { FHIR_ROUTE } from "@/lib/fhir/bundle";
import { bulkExportSystemEndpoint } from "@/lib/fhir/bulk/schemas";
import { kickOff } from "@/lib/fhir/bulk/service";

export const GET = handle(
  bulkExportSystemEndpoint,
  async (context) =>
    kickOff({ request: context.request, caller: { ...context.caller, user: context.user }, level: "system", query: context.query }),
  FHIR_ROUTE,
);
