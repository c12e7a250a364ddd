import { handle } from "@/lib/http/route";
import { patientScoresEndpoint } from "@/lib/patients/schemas";
import { patientScores } from "@/lib/patients/service";

export const GET = handle(patientScoresEndpoint, async ({ caller, params, query }) => patientScores(caller, params.id, query));
