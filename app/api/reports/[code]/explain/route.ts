import { handle } from "@/lib/api/route";
import { explainReportEndpoint } from "@/lib/reports/schemas";
import { explainReport } from "@/lib/reports/service";

export const POST = handle(explainReportEndpoint, async ({ params }) => explainReport(params.code));
