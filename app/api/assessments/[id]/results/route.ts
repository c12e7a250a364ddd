import { handle } from "@/lib/api/route";
import { assessmentResults } from "@/lib/assessments/results";
import { assessmentResultsEndpoint } from "@/lib/assessments/schemas";
import { limitCodeLookup } from "@/lib/rate-limit";

export const GET = handle(assessmentResultsEndpoint, async ({ params, user, request }) =>
  limitCodeLookup(request, () => assessmentResults(params.id, user)),
);
