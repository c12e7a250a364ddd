import { handle } from "@/lib/http/route";
import { checkoutEndpoint } from "@/lib/billing/schemas";
import { startCheckout } from "@/lib/billing/service";

export const POST = handle(checkoutEndpoint, async ({ body, user }) => startCheckout(user, body.plan));
