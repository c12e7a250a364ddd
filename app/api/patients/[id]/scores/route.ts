import { handle } from "@/lib/http/route";
import { patientScoresEndpoint } from "@/lib/patients/schemas";
import { patientScores } from "@/lib/patients/service";

export const GET = handle(patientScoresEndpoint, async ({ user, params, query }) => patientScores(user, params.id, query), {
  audit: { action: "read_scores", patient: "params.id" },
});
