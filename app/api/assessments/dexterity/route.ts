import { handle } from "@/lib/api/route";
import { dexterityEndpoint } from "@/lib/assessments/schemas";
import { submitDexterity } from "@/lib/assessments/submit";

export const POST = handle(dexterityEndpoint, async ({ body, user }) => submitDexterity(body, user));
