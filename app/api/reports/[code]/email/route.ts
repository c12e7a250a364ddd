import { handle } from "@/lib/http/route";
import { clockOf } from "@/lib/report-view/clock";
import { emailReportEndpoint } from "@/lib/reports/schemas";
import { emailReport } from "@/lib/reports/service";

export const POST = handle(emailReportEndpoint, async ({ params, body, caller }) => emailReport(params.code, body.to, caller, clockOf(body)));
