// The one place that turns a provider subscription into the local subscription state: status
// mapping, tier mapping and billing period (spec: "States and transitions", "Subscription
// status"). Checkout verification and the webhook both go through here.
import type Stripe from "stripe";
import type { SubscriptionStatus, SubscriptionTier } from "@/lib/generated/prisma/client.ts";

const STATUS: Record<string, SubscriptionStatus> = {
  active: "ACTIVE",
  past_due: "PAST_DUE",
  canceled: "CANCELED",
  unpaid: "UNPAID",
  trialing: "TRIALING",
  incomplete: "INCOMPLETE",
  incomplete_expired: "CANCELED",
  paused: "CANCELED",
};

/** Provider status to local status; any value the spec does not name is INCOMPLETE. */
export function mapStatus(providerStatus: string): SubscriptionStatus {
  return Object.hasOwn(STATUS, providerStatus) ? STATUS[providerStatus]! : "INCOMPLETE";
}

/**
 * PLUS when the price is the configured PLUS price, CORE otherwise: no price (null) never equals
 * a configured one, and an unconfigured PLUS price (undefined) equals no price id.
 */
export function mapTier(priceId: string | null, plusPriceId: string | undefined): SubscriptionTier {
  return priceId === plusPriceId ? "PLUS" : "CORE";
}

/** The local columns that mirror a provider subscription. */
export interface SubscriptionState {
  stripeSubscriptionId: string;
  stripeCustomerId: string | null;
  priceId: string | null;
  tier: SubscriptionTier;
  status: SubscriptionStatus;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
}

const fromUnix = (seconds: number) => new Date(seconds * 1000);

/** The id of an expandable provider field (an id string or the expanded object). */
export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

/** Period from the first item, falling back to the subscription's creation time. */
export function subscriptionState(subscription: Stripe.Subscription, plusPriceId: string | undefined): SubscriptionState {
  const item = subscription.items?.data?.[0];
  const priceId = item?.price?.id ?? null;
  return {
    stripeSubscriptionId: subscription.id,
    stripeCustomerId: idOf(subscription.customer),
    priceId,
    tier: mapTier(priceId, plusPriceId),
    status: mapStatus(subscription.status),
    currentPeriodStart: fromUnix(item?.current_period_start ?? subscription.created),
    currentPeriodEnd: fromUnix(item?.current_period_end ?? subscription.created),
    cancelAtPeriodEnd: Boolean(subscription.cancel_at_period_end),
  };
}
