import { handle } from "@/lib/http/route";
import { createReportEndpoint } from "@/lib/reports/schemas";
import { createReport } from "@/lib/reports/service";

export const POST = handle(createReportEndpoint, async ({ body, caller }) => createReport(body, caller));
