import { handle } from "@/lib/http/route";
import { FHIR_ROUTE } from "@/lib/fhir/bundle";
import { bulkExportGroupEndpoint } from "@/lib/fhir/bulk/schemas";
import { kickOff } from "@/lib/fhir/bulk/service";

export const GET = handle(
  bulkExportGroupEndpoint,
  async (context) =>
    kickOff({
      request: context.request,
      caller: { ...context.caller, user: context.user },
      level: "group",
      groupId: context.params.id,
      query: context.query,
    }),
  FHIR_ROUTE,
);
