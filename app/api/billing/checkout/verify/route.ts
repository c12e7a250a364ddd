import { handle } from "@/lib/http/route";
import { verifyCheckoutEndpoint } from "@/lib/billing/schemas";
import { verifyCheckout } from "@/lib/billing/service";

export const POST = handle(verifyCheckoutEndpoint, async ({ body, user }) => verifyCheckout(user, body.sessionId));
