// The inbound payment webhook (spec: "Events"). Each event id is processed once: the event id
// is recorded in the same transaction as the event's effect, so a replay is acknowledged
// without effect, and a failure leaves nothing behind for the provider's retry to trip over.
// Provider reads happen before that transaction, so no transaction waits on the network.
import { ApiError } from "@/lib/api/errors";
import { idOf, subscriptionState } from "@/lib/billing/mapping";
import { sessionContactId } from "@/lib/billing/service";
import { billing, type BillingConfig, Stripe } from "@/lib/billing/stripe";
import { saveSubscription } from "@/lib/billing/subscriptions";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client.ts";
import { logger } from "@/lib/log";

type Effect = (tx: Prisma.TransactionClient) => Promise<void>;

const HANDLED = new Set([
  "checkout.session.completed",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "invoice.payment_failed",
]);

/** Verifies the signature of a raw webhook body and processes the event it carries. */
export async function receiveWebhook(rawBody: string, signature: string | null): Promise<{ received: true }> {
  const config = billing();
  if (!config.webhookSecret) throw new ApiError(503, "Billing webhook is not configured (STRIPE_WEBHOOK_SECRET unset)");
  if (!signature) throw new ApiError(400, "Missing stripe-signature header");
  let event: Stripe.Event;
  try {
    event = config.stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
  } catch (error) {
    throw new ApiError(400, error instanceof Error ? error.message : "Webhook signature verification failed");
  }
  await processEvent(event, config);
  return { received: true };
}

async function processEvent(event: Stripe.Event, config: BillingConfig): Promise<void> {
  const log = { eventId: event.id, type: event.type };
  if (!HANDLED.has(event.type)) {
    logger.debug(log, "billing webhook: event type needs no action");
    return;
  }
  if (await isProcessed(event.id)) {
    logger.info(log, "billing webhook: event already processed, acknowledged without effect");
    return;
  }
  const effect = await effectOf(event, config);
  try {
    await db().$transaction(async (tx) => {
      await tx.processedWebhookEvent.create({ data: { eventId: event.id, type: event.type } });
      await effect?.(tx);
    });
  } catch (error) {
    // A concurrent delivery of the same event committed first.
    if (await isProcessed(event.id)) {
      logger.info(log, "billing webhook: event processed by a concurrent delivery");
      return;
    }
    throw error;
  }
  logger.info(log, "billing webhook: event processed");
}

async function isProcessed(eventId: string): Promise<boolean> {
  return (await db().processedWebhookEvent.count({ where: { eventId } })) > 0;
}

/** What an event changes locally (null: nothing), after reading what it needs from the provider. */
async function effectOf(event: Stripe.Event, config: BillingConfig): Promise<Effect | null> {
  switch (event.type) {
    case "checkout.session.completed":
      return checkoutCompleted(event, config);
    case "customer.subscription.updated":
      return subscriptionUpdated(event, config);
    case "customer.subscription.deleted": {
      const subscriptionId = event.data.object.id;
      return setStatus(event, subscriptionId, "CANCELED");
    }
    case "invoice.payment_failed": {
      const subscriptionId = invoiceSubscriptionId(event.data.object);
      if (!subscriptionId) {
        logger.info({ eventId: event.id }, "billing webhook: failed invoice belongs to no subscription");
        return null;
      }
      return setStatus(event, subscriptionId, "PAST_DUE");
    }
    default:
      return null;
  }
}

/** Retrieves the session's subscription and creates or updates the contact's local row. */
async function checkoutCompleted(event: Stripe.CheckoutSessionCompletedEvent, config: BillingConfig): Promise<Effect | null> {
  const session = event.data.object;
  const subscriptionId = idOf(session.subscription);
  if (!subscriptionId) {
    logger.info({ eventId: event.id }, "billing webhook: completed checkout has no subscription");
    return null;
  }
  const contactId = await contactOf(session);
  if (contactId === null) {
    logger.warn({ eventId: event.id, subscriptionId }, "billing webhook: completed checkout names no known contact; nothing stored");
    return null;
  }
  const subscription = await config.stripe.subscriptions.retrieve(subscriptionId);
  const state = subscriptionState(subscription, config.prices.plus);
  return async (tx) => {
    await saveSubscription(tx, contactId, state);
  };
}

async function contactOf(session: Stripe.Checkout.Session): Promise<number | null> {
  const named = sessionContactId(session);
  if (named !== null) {
    const contact = await db().contact.findUnique({ where: { id: named }, select: { id: true } });
    return contact?.id ?? null;
  }
  const customerId = idOf(session.customer);
  if (!customerId) return null;
  const customer = await db().billingCustomer.findUnique({ where: { stripeCustomerId: customerId } });
  return customer?.contactId ?? null;
}

/**
 * Updates status, tier and period of an existing local subscription. The subscription is read
 * from the provider rather than from the event, so deliveries arriving out of order still
 * leave the provider's current state behind.
 */
async function subscriptionUpdated(event: Stripe.CustomerSubscriptionUpdatedEvent, config: BillingConfig): Promise<Effect | null> {
  const subscriptionId = event.data.object.id;
  const local = await db().subscription.findUnique({ where: { stripeSubscriptionId: subscriptionId }, select: { id: true } });
  if (!local) {
    logger.warn(
      { eventId: event.id, subscriptionId },
      "billing webhook: subscription updated but there is no local subscription; nothing changed",
    );
    return null;
  }
  const subscription = await config.stripe.subscriptions.retrieve(subscriptionId);
  const { stripeSubscriptionId: _id, ...state } = subscriptionState(subscription, config.prices.plus);
  return async (tx) => {
    await tx.subscription.updateMany({ where: { id: local.id, stripeSubscriptionId: subscriptionId }, data: state });
  };
}

function setStatus(event: Stripe.Event, subscriptionId: string, status: "CANCELED" | "PAST_DUE"): Effect {
  return async (tx) => {
    const { count } = await tx.subscription.updateMany({
      where: {
        stripeSubscriptionId: subscriptionId,
        // A canceled subscription is final: a late payment failure does not revive it.
        ...(status === "PAST_DUE" ? { status: { not: "CANCELED" as const } } : {}),
      },
      data: { status },
    });
    if (count === 0)
      logger.info({ eventId: event.id, subscriptionId }, "billing webhook: nothing to change (no local subscription, or it is canceled)");
  };
}

/** The invoice's subscription: `parent.subscription_details` in current API versions, `subscription` in older ones. */
function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription;
  return idOf(invoice.parent?.subscription_details?.subscription) ?? idOf(legacy);
}
