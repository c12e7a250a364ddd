import { handle } from "@/lib/http/route";
import { patientHistoryCsv } from "@/lib/patients/export";
import { patientExportEndpoint } from "@/lib/patients/schemas";

export const GET = handle(patientExportEndpoint, async ({ params, caller }) => {
  const { filename, csv } = await patientHistoryCsv(caller, params.id);
  return new Response(csv, {
    headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="${filename}"` },
  });
});
