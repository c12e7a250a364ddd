// The local subscription row: one per contact, mirroring the provider's subscription.
import type { SubscriptionState } from "@/lib/billing/mapping";
import type { SubscriptionView } from "@/lib/billing/schemas";
import { db } from "@/lib/db";
import type { Prisma, Subscription } from "@/lib/generated/prisma/client.ts";

type Client = Prisma.TransactionClient | ReturnType<typeof db>;

/** Creates or replaces the contact's subscription row (a new checkout replaces an old subscription). */
export function saveSubscription(client: Client, contactId: number, state: SubscriptionState): Promise<Subscription> {
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
