import { handle } from "@/lib/http/route";
import { lookupByCode } from "@/lib/lookup";
import { lookupEndpoint } from "@/lib/lookup/schemas";

export const GET = handle(lookupEndpoint, async ({ params, caller }) => lookupByCode(params.code, caller));
