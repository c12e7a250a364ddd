import { handle } from "@/lib/http/route";
import { dexterityEndpoint } from "@/lib/assessments/schemas";
import { submitDexterity } from "@/lib/assessments/submit";

export const POST = handle(dexterityEndpoint, async ({ body, user }) => submitDexterity(body, user));
