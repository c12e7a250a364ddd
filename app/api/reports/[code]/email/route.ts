import { handle } from "@/lib/http/route";
import { requestLocale } from "@/lib/i18n/locales";
import { clockOf } from "@/lib/report-view/clock";
import { emailReportEndpoint } from "@/lib/reports/schemas";
import { emailReport } from "@/lib/reports/service";

export const POST = handle(emailReportEndpoint, async ({ request, params, body, caller }) => {
  const language = requestLocale(request.headers);
  return emailReport(params.code, body.to, caller, clockOf(body, language), language);
});
