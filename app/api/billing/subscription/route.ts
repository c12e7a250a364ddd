import { handle } from "@/lib/http/route";
import { subscriptionEndpoint } from "@/lib/billing/schemas";
import { currentSubscription } from "@/lib/billing/service";

export const GET = handle(subscriptionEndpoint, async ({ user }) => currentSubscription(user));
