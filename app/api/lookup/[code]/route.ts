import { handle } from "@/lib/api/route";
import { lookupByCode } from "@/lib/lookup";
import { lookupEndpoint } from "@/lib/lookup/schemas";
import { limitCodeLookup } from "@/lib/rate-limit";

export const GET = handle(lookupEndpoint, async ({ params, request }) => limitCodeLookup(request, () => lookupByCode(params.code)));
