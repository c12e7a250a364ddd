import { requestLocale } from "@/lib/i18n/locales";
import { patientGoalsEndpoint, setPatientGoalEndpoint } from "@/lib/goals/schemas";
import { patientGoals, setPatientGoal } from "@/lib/goals/service";
import { handle } from "@/lib/http/route";

// Labels and goals in words in the asker's language (Accept-Language; the web proxy sets it from the switcher).
export const GET = handle(patientGoalsEndpoint, async ({ caller, params, request }) =>
  patientGoals(caller, params.id, requestLocale(request.headers)),
);
export const PUT = handle(setPatientGoalEndpoint, async ({ caller, params, body, request }) =>
  setPatientGoal(caller, params.id, body, requestLocale(request.headers)),
);
