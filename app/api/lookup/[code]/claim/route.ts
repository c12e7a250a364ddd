import { handle } from "@/lib/http/route";
import { claimByCode } from "@/lib/lookup";
import { claimEndpoint } from "@/lib/lookup/schemas";

// The "required" guard has already rejected callers without a valid token.
export const POST = handle(claimEndpoint, async ({ params, caller, user }) => claimByCode(params.code, { ...caller, user }));
