import { handle } from "@/lib/http/route";
import { assessmentResults } from "@/lib/assessments/results";
import { assessmentResultsEndpoint } from "@/lib/assessments/records";

export const GET = handle(assessmentResultsEndpoint, async ({ params, caller }) => assessmentResults(params.id, caller));
