import { handle } from "@/lib/http/route";
import { getReportEndpoint } from "@/lib/reports/schemas";
import { viewReport } from "@/lib/reports/service";

export const GET = handle(getReportEndpoint, async ({ params, caller }) => viewReport(params.code, caller));
