import { removeMyGoalEndpoint } from "@/lib/goals/schemas";
import { removeMyGoal } from "@/lib/goals/service";
import { handle, Reply } from "@/lib/http/route";

export const DELETE = handle(removeMyGoalEndpoint, async ({ user, params }) => {
  await removeMyGoal(user, params.test, params.metric);
  return new Reply(204, undefined);
});
