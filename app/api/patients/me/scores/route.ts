import { handle } from "@/lib/http/route";
import { myScoresEndpoint } from "@/lib/patients/schemas";
import { myScores } from "@/lib/patients/service";

export const GET = handle(myScoresEndpoint, async ({ user, query }) => myScores(user, query));
