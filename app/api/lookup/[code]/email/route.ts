import { handle } from "@/lib/http/route";
import { emailCode } from "@/lib/lookup";
import { emailEndpoint } from "@/lib/lookup/schemas";

export const POST = handle(emailEndpoint, async ({ params, body, caller }) => emailCode(params.code, body, caller));
