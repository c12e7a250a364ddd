import { removePatientGoalEndpoint } from "@/lib/goals/schemas";
import { removePatientGoal } from "@/lib/goals/service";
import { handle, Reply } from "@/lib/http/route";

export const DELETE = handle(removePatientGoalEndpoint, async ({ caller, params }) => {
  await removePatientGoal(caller, params.id, params.test, params.metric);
  return new Reply(204, undefined);
});
