import { handle } from "@/lib/http/route";
import { webhookEndpoint } from "@/lib/billing/schemas";
import { receiveWebhook } from "@/lib/billing/webhook";

export const POST = handle(webhookEndpoint, async ({ rawBody, request }) =>
  receiveWebhook(rawBody, request.headers.get("stripe-signature")),
);
