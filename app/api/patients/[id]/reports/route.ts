import { handle } from "@/lib/http/route";
import { requestLocale } from "@/lib/i18n/locales";
import { createPatientReportEndpoint } from "@/lib/reports/schemas";
import { createPatientReport } from "@/lib/reports/service";

export const POST = handle(createPatientReportEndpoint, async ({ request, caller, params, body }) =>
  createPatientReport(caller, params.id, body, requestLocale(request.headers)),
);
