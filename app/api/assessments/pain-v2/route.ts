import { handle } from "@/lib/http/route";
import { painV2Endpoint } from "@/lib/assessments/schemas";
import { submitPain } from "@/lib/assessments/submit";

export const POST = handle(painV2Endpoint, async ({ body, user }) => submitPain(body, user));
