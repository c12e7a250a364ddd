import { patientGoalsEndpoint, setPatientGoalEndpoint } from "@/lib/goals/schemas";
import { patientGoals, setPatientGoal } from "@/lib/goals/service";
import { handle } from "@/lib/http/route";

export const GET = handle(patientGoalsEndpoint, async ({ caller, params }) => patientGoals(caller, params.id));
export const PUT = handle(setPatientGoalEndpoint, async ({ caller, params, body }) => setPatientGoal(caller, params.id, body));
