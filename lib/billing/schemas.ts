import { z } from "zod";
import { endpoint } from "@/lib/api/endpoint";
import { SubscriptionStatus, SubscriptionTier } from "@/lib/generated/prisma/enums.ts";

export const subscriptionTier = z.enum(SubscriptionTier);
export const subscriptionStatus = z.enum(SubscriptionStatus);

/** Spec "Resource: subscription": tier and status are null when there is no subscription. */
export const subscriptionView = z.object({
  tier: subscriptionTier.nullable(),
  status: subscriptionStatus.nullable(),
  currentPeriodEnd: z.iso.datetime().nullable(),
  cancelAtPeriodEnd: z.boolean(),
});
export type SubscriptionView = z.infer<typeof subscriptionView>;

export const billingPlan = z.enum(["core", "plus"]);
export type BillingPlan = z.infer<typeof billingPlan>;

export const checkoutInput = z.object({
  plan: billingPlan.default("plus"),
});

export const checkoutSessionId = z.string().regex(/^cs_[A-Za-z0-9_]{1,250}$/, "must be a checkout session id (cs_...)");

export const verifyInput = z.object({
  sessionId: checkoutSessionId,
});

export const redirectUrl = z.object({ url: z.url() });

export const webhookReceived = z.object({ received: z.literal(true) });

const notConfigured = { status: 503, description: "Billing is not configured (STRIPE_SECRET_KEY unset)" };
const unauthenticated = { status: 401, description: "Token missing or invalid" };

export const checkoutEndpoint = endpoint({
  method: "POST",
  path: "/billing/checkout",
  operationId: "startCheckout",
  requestExample: { plan: "plus" },
  summary: "Start a subscription checkout (CORE 1.99 or PLUS 6.99 per month); returns the redirect target",
  tag: "Billing",
  auth: "required",
  body: checkoutInput,
  responses: [
    { status: 200, description: "The hosted checkout page to redirect to", schema: redirectUrl },
    {
      status: 400,
      description:
        "Invalid plan (field plan); code ALREADY_SUBSCRIBED for the same or a lower tier, USE_PORTAL_TO_UPGRADE for CORE to PLUS",
    },
    unauthenticated,
    { status: 502, description: "Payment provider error" },
    notConfigured,
  ],
});

export const verifyCheckoutEndpoint = endpoint({
  method: "POST",
  path: "/billing/checkout/verify",
  operationId: "verifyCheckout",
  requestExample: { sessionId: "cs_test_a1B2c3D4e5F6" },
  summary: "Confirm a completed checkout session and synchronize the caller's subscription",
  tag: "Billing",
  auth: "required",
  body: verifyInput,
  responses: [
    { status: 200, description: "The caller's subscription after synchronization", schema: subscriptionView },
    { status: 400, description: "sessionId missing or not a checkout session id, or the checkout is not complete" },
    unauthenticated,
    { status: 403, description: "The session belongs to another user" },
    { status: 404, description: "The payment provider does not know the session" },
    { status: 502, description: "Payment provider error" },
    notConfigured,
  ],
});

export const portalEndpoint = endpoint({
  method: "POST",
  path: "/billing/portal",
  operationId: "openBillingPortal",
  summary: "Open the customer portal (manage, upgrade or cancel the subscription); returns the redirect target",
  tag: "Billing",
  auth: "required",
  responses: [
    { status: 200, description: "The customer portal session to redirect to", schema: redirectUrl },
    { status: 400, description: "The caller has no billing account (never started a checkout)" },
    unauthenticated,
    { status: 502, description: "Payment provider error" },
    notConfigured,
  ],
});

export const subscriptionEndpoint = endpoint({
  method: "GET",
  path: "/billing/subscription",
  operationId: "getSubscription",
  summary: "The caller's subscription as last synchronized; tier and status null when there is none",
  tag: "Billing",
  auth: "required",
  responses: [{ status: 200, description: "The caller's subscription", schema: subscriptionView }, unauthenticated, notConfigured],
});

export const webhookEndpoint = endpoint({
  method: "POST",
  path: "/billing/webhook",
  operationId: "receiveStripeEvent",
  requestExample: { id: "evt_1Q2w3E4r", type: "customer.subscription.updated", data: { object: { id: "sub_1Q2w3E4r", status: "active" } } },
  summary: "Inbound payment-provider events, authenticated by the stripe-signature header (no token)",
  tag: "Billing",
  auth: "none",
  rawBody: true,
  responses: [
    {
      status: 200,
      description: "Event verified and processed, or already processed, or of a type that needs no action",
      schema: webhookReceived,
    },
    { status: 400, description: "stripe-signature header missing, or verification failed (the verifier's message)" },
    { status: 500, description: "Processing failed; nothing was stored, so the provider's retry can succeed" },
    { status: 503, description: "Billing or the webhook secret is not configured" },
  ],
});
