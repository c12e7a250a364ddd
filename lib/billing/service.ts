// Billing for the signed-in caller: checkout, checkout verification, customer portal and the
// subscription as last synchronized (spec: "Billing").
import { ApiError, forbidden, notFound } from "@/lib/api/errors";
import type { AuthUser } from "@/lib/auth/guard";
import { idOf, subscriptionState } from "@/lib/billing/mapping";
import type { BillingPlan, SubscriptionView } from "@/lib/billing/schemas";
import { billing, callProvider, isMissing, Stripe } from "@/lib/billing/stripe";
import { saveSubscription, subscriptionOf, toView } from "@/lib/billing/subscriptions";
import { db } from "@/lib/db";

/** The contact a checkout session was created for (client_reference_id, else metadata). */
export function sessionContactId(session: Stripe.Checkout.Session): number | null {
  const reference = session.client_reference_id ?? session.metadata?.contactId;
  return reference && /^[1-9]\d{0,9}$/.test(reference) ? Number(reference) : null;
}

/** The caller's provider customer: created on first use and remembered (BillingCustomer). */
async function customerFor(user: AuthUser, stripe: Stripe): Promise<string> {
  const known = await db().billingCustomer.findUnique({ where: { contactId: user.contactId } });
  if (known) return known.stripeCustomerId;
  const customer = await callProvider("customers.create", () =>
    stripe.customers.create({
      ...(user.email ? { email: user.email } : {}),
      metadata: { contactId: String(user.contactId) },
    }),
  );
  try {
    await db().billingCustomer.create({ data: { contactId: user.contactId, stripeCustomerId: customer.id } });
    return customer.id;
  } catch (error) {
    // A concurrent checkout of the same caller stored its customer first: use that one.
    const winner = await db().billingCustomer.findUnique({ where: { contactId: user.contactId } });
    if (winner) return winner.stripeCustomerId;
    throw error;
  }
}

export async function startCheckout(user: AuthUser, plan: BillingPlan): Promise<{ url: string }> {
  const { stripe, prices, frontendUrl } = billing();
  const priceId = prices[plan];
  if (!priceId) throw new ApiError(503, `Billing is not configured: no price for plan ${plan}`);

  const current = await subscriptionOf(user.contactId);
  if (current && (current.status === "ACTIVE" || current.status === "TRIALING")) {
    if (current.tier === "CORE" && plan === "plus") {
      throw new ApiError(400, "Already subscribed to CORE: upgrade to PLUS in the customer portal", { code: "USE_PORTAL_TO_UPGRADE" });
    }
    throw new ApiError(400, `Already subscribed to ${current.tier}`, { code: "ALREADY_SUBSCRIBED" });
  }

  const customer = await customerFor(user, stripe);
  const contactId = String(user.contactId);
  const session = await callProvider("checkout.sessions.create", () =>
    stripe.checkout.sessions.create({
      mode: "subscription",
      customer,
      line_items: [{ price: priceId, quantity: 1 }],
      client_reference_id: contactId,
      metadata: { contactId, plan },
      subscription_data: { metadata: { contactId } },
      // {CHECKOUT_SESSION_ID} is filled in by the provider and must stay unencoded.
      success_url: `${frontendUrl}/billing/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${frontendUrl}/billing/cancel`,
    }),
  );
  if (!session.url) throw new ApiError(502, "Payment provider error: the checkout session has no URL");
  return { url: session.url };
}

export async function verifyCheckout(user: AuthUser, sessionId: string): Promise<SubscriptionView> {
  const { stripe, prices } = billing();
  const session = await callProvider("checkout.sessions.retrieve", async () => {
    try {
      return await stripe.checkout.sessions.retrieve(sessionId);
    } catch (error) {
      if (isMissing(error)) throw notFound("Checkout session not found");
      throw error;
    }
  });
  if (sessionContactId(session) !== user.contactId) throw forbidden("This checkout session belongs to another user");
  const subscriptionId = idOf(session.subscription);
  if (!subscriptionId) throw new ApiError(400, "This checkout session has no subscription yet (checkout not complete)");

  const subscription = await callProvider("subscriptions.retrieve", () => stripe.subscriptions.retrieve(subscriptionId));
  const row = await saveSubscription(db(), user.contactId, subscriptionState(subscription, prices.plus));
  return toView(row);
}

export async function openPortal(user: AuthUser): Promise<{ url: string }> {
  const { stripe, frontendUrl } = billing();
  const customer = await db().billingCustomer.findUnique({ where: { contactId: user.contactId } });
  if (!customer) throw new ApiError(400, "No billing account: start a checkout first");
  const session = await callProvider("billingPortal.sessions.create", () =>
    stripe.billingPortal.sessions.create({ customer: customer.stripeCustomerId, return_url: frontendUrl }),
  );
  return { url: session.url };
}

export async function currentSubscription(user: AuthUser): Promise<SubscriptionView> {
  billing();
  return toView(await subscriptionOf(user.contactId));
}
