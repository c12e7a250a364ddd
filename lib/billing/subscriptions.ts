// The local subscription row: one per contact, mirroring the provider's subscription.
import type { SubscriptionState } from "@/lib/billing/mapping";
import type { SubscriptionView } from "@/lib/billing/schemas";
import { db } from "@/lib/db";
import type { Prisma, Subscription } from "@/lib/generated/prisma/client.ts";

type Client = Prisma.TransactionClient | ReturnType<typeof db>;

/**
 * Creates or replaces the contact's subscription row (a new checkout replaces an old
 * subscription). A canceled subscription never replaces a different one that is still running,
 * so a late event about an old subscription cannot hide the current one.
 */
export async function saveSubscription(client: Client, contactId: number, state: SubscriptionState): Promise<Subscription> {
  const current = await client.subscription.findUnique({ where: { contactId } });
  if (
    current &&
    current.stripeSubscriptionId !== state.stripeSubscriptionId &&
    current.status !== "CANCELED" &&
    state.status === "CANCELED"
  ) {
    return current;
  }
  return client.subscription.upsert({
    where: { contactId },
    create: { contactId, ...state },
    update: state,
  });
}

export function subscriptionOf(contactId: number): Promise<Subscription | null> {
  return db().subscription.findUnique({ where: { contactId } });
}

export function toView(row: Subscription | null): SubscriptionView {
  if (!row) return { tier: null, status: null, currentPeriodEnd: null, cancelAtPeriodEnd: false };
  return {
    tier: row.tier,
    status: row.status,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  };
}
