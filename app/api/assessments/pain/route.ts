import { handle } from "@/lib/http/route";
import { acceptLegacyPainRating } from "@/lib/assessments/legacy-pain";
import { legacyPainEndpoint } from "@/lib/assessments/schemas";

export const POST = handle(legacyPainEndpoint, async ({ body }) => acceptLegacyPainRating(body));
