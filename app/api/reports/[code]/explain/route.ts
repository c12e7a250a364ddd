import { handle } from "@/lib/http/route";
import { explainReportEndpoint } from "@/lib/reports/schemas";
import { explainReport } from "@/lib/reports/service";

export const POST = handle(explainReportEndpoint, async ({ params, caller }) => explainReport(params.code, caller));
