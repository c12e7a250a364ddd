import { handle } from "@/lib/http/route";
import { FHIR_ROUTE } from "@/lib/fhir/bundle";
import { bulkExportCancelEndpoint, bulkExportStatusEndpoint } from "@/lib/fhir/bulk/schemas";
import { cancelExport, exportStatus } from "@/lib/fhir/bulk/service";

export const GET = handle(bulkExportStatusEndpoint, async (context) => exportStatus(context.user, context.params.id), FHIR_ROUTE);

export const DELETE = handle(bulkExportCancelEndpoint, async (context) => cancelExport(context.user, context.params.id), FHIR_ROUTE);
