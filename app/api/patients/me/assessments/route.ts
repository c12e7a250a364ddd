import { handle } from "@/lib/http/route";
import { myAssessmentsEndpoint } from "@/lib/patients/schemas";
import { myAssessments } from "@/lib/patients/service";

export const GET = handle(myAssessmentsEndpoint, async ({ user, query }) => myAssessments(user, query));
