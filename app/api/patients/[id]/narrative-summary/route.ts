import { handle } from "@/lib/http/route";
import { requestLocale } from "@/lib/i18n/locales";
import { narrativeSummary } from "@/lib/narrative/summary";
import { narrativeSummaryEndpoint } from "@/lib/patients/schemas";

// In the asker's language (Accept-Language; the web proxy sets it from the switcher).
export const GET = handle(narrativeSummaryEndpoint, async ({ caller, params, request }) =>
  narrativeSummary(caller, params.id, requestLocale(request.headers)),
);
