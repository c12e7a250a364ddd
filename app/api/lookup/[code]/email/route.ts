import { handle } from "@/lib/api/route";
import { emailCode } from "@/lib/lookup";
import { emailEndpoint } from "@/lib/lookup/schemas";
import { limitCodeLookup } from "@/lib/rate-limit";

export const POST = handle(emailEndpoint, async ({ params, body, request }) => limitCodeLookup(request, () => emailCode(params.code, body)));
