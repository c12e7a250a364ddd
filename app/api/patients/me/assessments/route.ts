import { handle } from "@/lib/http/route";
import { requestLocale } from "@/lib/i18n/locales";
import { myAssessmentsEndpoint } from "@/lib/patients/schemas";
import { myAssessments } from "@/lib/patients/service";

// Summary lines in the asker's language (Accept-Language; the web proxy sets it from the switcher).
export const GET = handle(myAssessmentsEndpoint, async ({ user, query, request }) =>
  myAssessments(user, query, requestLocale(request.headers)),
);
