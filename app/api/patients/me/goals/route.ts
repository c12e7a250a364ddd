import { requestLocale } from "@/lib/i18n/locales";
import { myGoalsEndpoint, setMyGoalEndpoint } from "@/lib/goals/schemas";
import { myGoals, setMyGoal } from "@/lib/goals/service";
import { handle } from "@/lib/http/route";

// Labels and goals in words in the asker's language (Accept-Language; the web proxy sets it from the switcher).
export const GET = handle(myGoalsEndpoint, async ({ user, request }) => myGoals(user, requestLocale(request.headers)));
export const PUT = handle(setMyGoalEndpoint, async ({ user, body, request }) => setMyGoal(user, body, requestLocale(request.headers)));
