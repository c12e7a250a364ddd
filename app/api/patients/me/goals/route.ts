import { myGoalsEndpoint, setMyGoalEndpoint } from "@/lib/goals/schemas";
import { myGoals, setMyGoal } from "@/lib/goals/service";
import { handle } from "@/lib/http/route";

export const GET = handle(myGoalsEndpoint, async ({ user }) => myGoals(user));
export const PUT = handle(setMyGoalEndpoint, async ({ user, body }) => setMyGoal(user, body));
