import { handle } from "@/lib/http/route";
import { requestLocale } from "@/lib/i18n/locales";
import { patientAssessmentsEndpoint } from "@/lib/patients/schemas";
import { patientAssessments } from "@/lib/patients/service";

// Summary lines in the asker's language (Accept-Language; the web proxy sets it from the switcher).
export const GET = handle(patientAssessmentsEndpoint, async ({ caller, params, query, request }) =>
  patientAssessments(caller, params.id, query, requestLocale(request.headers)),
);
