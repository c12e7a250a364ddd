import { handle } from "@/lib/http/route";
import { FHIR_ROUTE } from "@/lib/fhir/bundle";
import { bulkExportFileEndpoint } from "@/lib/fhir/bulk/schemas";
import { exportFile } from "@/lib/fhir/bulk/service";

export const GET = handle(
  bulkExportFileEndpoint,
  async (context) => exportFile({ ...context.caller, user: context.user }, context.params.id, context.params.file),
  FHIR_ROUTE,
);
