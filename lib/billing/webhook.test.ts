// The payment webhook in-process: a real `stripe` SDK against the loopback stand-in, an
// in-process database, signed payloads. Each event id has its effect once, and a failed effect
// leaves the event unrecorded so the provider's retry applies it.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import type { TestDatabase } from "@/test/support/database";
import { dropDatabase, useFreshDatabase } from "@/test/support/in-process-db";
import { PRICE_CORE, PRICE_PLUS, startStripe, type StripeStandIn } from "@/test/support/stripe";

let stripe: StripeStandIn;
let database: TestDatabase;
let receiveWebhook: typeof import("@/lib/billing/webhook").receiveWebhook;
let db: typeof import("@/lib/db").db;
let ApiError: typeof import("@/lib/api/errors").ApiError;

before(async () => {
  stripe = await startStripe();
  Object.assign(process.env, stripe.env);
  database = await useFreshDatabase();
  ({ receiveWebhook } = await import("@/lib/billing/webhook"));
  ({ db } = await import("@/lib/db"));
  ({ ApiError } = await import("@/lib/api/errors"));
});
after(async () => {
  await stripe.close();
  await dropDatabase(database);
});

let contacts = 0;
async function patient(): Promise<number> {
  contacts++;
  return (await db().contact.create({ data: { sub: `test|billing-${contacts}`, kind: "PATIENT", roles: ["patient"] } })).id;
}

type Json = Record<string, unknown>;

/** Delivers an event as the provider would: the JSON body with its signature. */
async function deliver(event: Json) {
  const body = JSON.stringify(event);
  return receiveWebhook(body, stripe.sign(body));
}

const processed = async (eventId: string) => db().processedWebhookEvent.count({ where: { eventId } });
const subscriptionOf = (contactId: number) => db().subscription.findUnique({ where: { contactId } });

async function rejection(promise: Promise<unknown>): Promise<[number, string]> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof ApiError, String(error));
    return [error.status, error.message];
  }
  assert.fail("expected a rejection");
}

/** A completed checkout of `price` for a contact named by client_reference_id. */
function checkout(contactId: number | null, price: string, changes = {}, customer = "cus_test") {
  const subscription = stripe.createSubscription(customer, price, changes);
  const session = {
    id: `cs_${contacts}_${price}`,
    object: "checkout.session",
    client_reference_id: contactId === null ? null : String(contactId),
    customer,
    subscription: subscription.id,
    metadata: {},
  };
  return { subscription, event: stripe.event("checkout.session.completed", session) };
}

test("a delivery without a signature, or with a wrong one, is refused and has no effect", async () => {
  const contactId = await patient();
  const { event } = checkout(contactId, PRICE_CORE);
  const body = JSON.stringify(event);
  assert.deepEqual(await rejection(receiveWebhook(body, null)), [400, "Missing stripe-signature header"]);
  assert.deepEqual(await rejection(receiveWebhook(body, "")), [400, "Missing stripe-signature header"]);
  const [status, message] = await rejection(receiveWebhook(body, stripe.sign(body, { secret: "whsec_wrong" })));
  assert.equal(status, 400);
  assert.match(message, /signature/i);
  assert.equal(await processed(String(event.id)), 0);
  assert.equal(await subscriptionOf(contactId), null);
});

test("a completed checkout stores the provider's subscription for the contact it names, once", async () => {
  const contactId = await patient();
  const start = 1_790_000_000;
  const { subscription, event } = checkout(contactId, PRICE_PLUS, {
    currentPeriodStart: start,
    currentPeriodEnd: start + 86_400,
    cancelAtPeriodEnd: true,
  });
  assert.deepEqual(await deliver(event), { received: true });
  const row = await subscriptionOf(contactId);
  assert.deepEqual(row && { ...row, id: 0, createdAt: null, updatedAt: null }, {
    id: 0,
    contactId,
    stripeSubscriptionId: subscription.id,
    stripeCustomerId: "cus_test",
    priceId: PRICE_PLUS,
    tier: "PLUS",
    status: "ACTIVE",
    currentPeriodStart: new Date(start * 1000),
    currentPeriodEnd: new Date((start + 86_400) * 1000),
    cancelAtPeriodEnd: true,
    createdAt: null,
    updatedAt: null,
  });
  const recorded = await db().processedWebhookEvent.findUniqueOrThrow({ where: { eventId: String(event.id) } });
  assert.equal(recorded.type, "checkout.session.completed");

  // A replay of the same event id has no second effect, even when the provider's state moved on.
  stripe.updateSubscription(String(subscription.id), { status: "past_due", price: PRICE_CORE });
  assert.deepEqual(await deliver(event), { received: true });
  assert.equal((await subscriptionOf(contactId))?.tier, "PLUS");
  assert.equal((await subscriptionOf(contactId))?.status, "ACTIVE");
  assert.equal(await processed(String(event.id)), 1);
});

test("a checkout names its contact by the provider customer when it carries no reference", async () => {
  const contactId = await patient();
  await db().billingCustomer.create({ data: { contactId, stripeCustomerId: "cus_known" } });
  const { event } = checkout(null, PRICE_CORE, {}, "cus_known");
  await deliver(event);
  assert.equal((await subscriptionOf(contactId))?.tier, "CORE");
});

test("a checkout without a subscription, or naming no known contact, stores nothing but is acknowledged once", async () => {
  const contactId = await patient();
  const bare = stripe.event("checkout.session.completed", {
    id: "cs_bare",
    object: "checkout.session",
    client_reference_id: String(contactId),
    customer: "cus_x",
    subscription: null,
    metadata: {},
  });
  await deliver(bare);
  assert.equal(await subscriptionOf(contactId), null);
  assert.equal(await processed(String(bare.id)), 1);

  const before = await db().subscription.count();
  for (const [reference, customer] of [
    ["999999", "cus_x"],
    [null, "cus_unknown"],
    [null, null],
  ] as const) {
    const subscription = stripe.createSubscription("cus_x", PRICE_CORE);
    const event = stripe.event("checkout.session.completed", {
      id: "cs_x",
      object: "checkout.session",
      client_reference_id: reference,
      customer,
      subscription: subscription.id,
      metadata: {},
    });
    assert.deepEqual(await deliver(event), { received: true });
    assert.equal(await processed(String(event.id)), 1);
    assert.equal(stripe.calls("GET", `/v1/subscriptions/${subscription.id}`).length, 0, "the provider is not asked");
  }
  assert.equal(await db().subscription.count(), before);
});

test("a subscription update reads the provider's current state, not the event's copy", async () => {
  const contactId = await patient();
  const { subscription, event } = checkout(contactId, PRICE_CORE);
  await deliver(event);
  const end = 1_800_000_000;
  stripe.updateSubscription(String(subscription.id), {
    status: "past_due",
    price: PRICE_PLUS,
    currentPeriodEnd: end,
    cancelAtPeriodEnd: true,
  });
  const stale = stripe.event("customer.subscription.updated", { ...subscription, status: "active" });
  await deliver(stale);
  const row = await subscriptionOf(contactId);
  assert.equal(row?.status, "PAST_DUE");
  assert.equal(row?.tier, "PLUS");
  assert.equal(row?.priceId, PRICE_PLUS);
  assert.deepEqual(row?.currentPeriodEnd, new Date(end * 1000));
  assert.equal(row?.cancelAtPeriodEnd, true);
  assert.equal(row?.stripeSubscriptionId, subscription.id);

  // An update about a subscription this service never stored changes nothing and asks the provider nothing.
  const stranger = stripe.createSubscription("cus_y", PRICE_PLUS);
  const reads = stripe.calls("GET", `/v1/subscriptions/${stranger.id}`).length;
  const unknown = stripe.event("customer.subscription.updated", stranger);
  await deliver(unknown);
  assert.equal(await db().subscription.count({ where: { stripeSubscriptionId: String(stranger.id) } }), 0);
  assert.equal(stripe.calls("GET", `/v1/subscriptions/${stranger.id}`).length, reads);
  assert.equal(await processed(String(unknown.id)), 1);
});

test("deletion cancels; a failed payment makes it past due, but never revives a canceled one", async () => {
  const contactId = await patient();
  const { subscription, event } = checkout(contactId, PRICE_CORE);
  await deliver(event);
  await deliver(
    stripe.event("invoice.payment_failed", {
      id: "in_1",
      object: "invoice",
      parent: { subscription_details: { subscription: subscription.id } },
    }),
  );
  assert.equal((await subscriptionOf(contactId))?.status, "PAST_DUE");
  await deliver(stripe.event("customer.subscription.deleted", subscription));
  assert.equal((await subscriptionOf(contactId))?.status, "CANCELED");
  await deliver(
    stripe.event("invoice.payment_failed", {
      id: "in_2",
      object: "invoice",
      parent: { subscription_details: { subscription: subscription.id } },
    }),
  );
  assert.equal((await subscriptionOf(contactId))?.status, "CANCELED");
});

test("a failed invoice names its subscription in the current or the older API shape; without one nothing changes", async () => {
  const contactId = await patient();
  const { subscription, event } = checkout(contactId, PRICE_CORE);
  await deliver(event);
  const none = stripe.event("invoice.payment_failed", { id: "in_3", object: "invoice", parent: null, subscription: null });
  await deliver(none);
  assert.equal((await subscriptionOf(contactId))?.status, "ACTIVE");
  assert.equal(await processed(String(none.id)), 1);
  await deliver(
    stripe.event("invoice.payment_failed", { id: "in_4", object: "invoice", parent: null, subscription: { id: subscription.id } }),
  );
  assert.equal((await subscriptionOf(contactId))?.status, "PAST_DUE");
});

test("event types that need no action are acknowledged without being recorded", async () => {
  const event = stripe.event("customer.created", { id: "cus_new", object: "customer" });
  assert.deepEqual(await deliver(event), { received: true });
  assert.equal(await processed(String(event.id)), 0);
});

test("an effect that fails leaves the event unrecorded, so the provider's retry applies it", async () => {
  const first = await patient();
  const second = await patient();
  const { subscription, event } = checkout(first, PRICE_CORE);
  await deliver(event);
  // The same provider subscription for another contact breaks the unique index inside the transaction.
  const clash = stripe.event("checkout.session.completed", {
    id: "cs_clash",
    object: "checkout.session",
    client_reference_id: String(second),
    customer: "cus_test",
    subscription: subscription.id,
    metadata: {},
  });
  await assert.rejects(deliver(clash));
  assert.equal(await processed(String(clash.id)), 0);
  assert.equal(await subscriptionOf(second), null);
  await db().subscription.delete({ where: { contactId: first } });
  await deliver(clash);
  assert.equal((await subscriptionOf(second))?.stripeSubscriptionId, subscription.id);
  assert.equal(await processed(String(clash.id)), 1);
});

test("two concurrent deliveries of one event both succeed and apply it once", async () => {
  const contactId = await patient();
  const { event } = checkout(contactId, PRICE_PLUS);
  assert.deepEqual(await Promise.all([deliver(event), deliver(event)]), [{ received: true }, { received: true }]);
  assert.equal(await processed(String(event.id)), 1);
  assert.equal((await subscriptionOf(contactId))?.tier, "PLUS");
});

test("without STRIPE_WEBHOOK_SECRET a delivery is a 503 saying so, and has no effect", async () => {
  const { env } = await import("@/lib/env");
  const config = env();
  const saved = config.STRIPE_WEBHOOK_SECRET;
  config.STRIPE_WEBHOOK_SECRET = undefined;
  const contactId = await patient();
  const { event } = checkout(contactId, PRICE_CORE);
  try {
    assert.deepEqual(await rejection(deliver(event)), [503, "Billing webhook is not configured (STRIPE_WEBHOOK_SECRET unset)"]);
  } finally {
    config.STRIPE_WEBHOOK_SECRET = saved;
  }
  assert.equal(await subscriptionOf(contactId), null);
  assert.equal(await processed(String(event.id)), 0);
});

test("a subscription update changes that subscription's row and no other contact's", async () => {
  const [mine, theirs] = [await patient(), await patient()];
  const first = checkout(mine, PRICE_CORE, {}, "cus_mine");
  const second = checkout(theirs, PRICE_CORE, {}, "cus_theirs");
  await deliver(first.event);
  await deliver(second.event);
  const untouched = await subscriptionOf(theirs);
  stripe.updateSubscription(String(first.subscription.id), { status: "past_due", price: PRICE_PLUS, cancelAtPeriodEnd: true });
  await deliver(stripe.event("customer.subscription.updated", first.subscription));
  assert.equal((await subscriptionOf(mine))?.status, "PAST_DUE");
  assert.deepEqual(await subscriptionOf(theirs), untouched);
});

test("a failed invoice whose parent is not a subscription's reads the older field", async () => {
  const contactId = await patient();
  const { subscription, event } = checkout(contactId, PRICE_CORE);
  await deliver(event);
  await deliver(
    stripe.event("invoice.payment_failed", {
      id: "in_5",
      object: "invoice",
      parent: { type: "quote_details", quote_details: { quote: "qt_1" } },
      subscription: subscription.id,
    }),
  );
  assert.equal((await subscriptionOf(contactId))?.status, "PAST_DUE");
});

test("the log says what each delivery did, by event id, subscription id and type only", async (t) => {
  const { logger } = await import("@/lib/log");
  const lines: [string, unknown, string][] = [];
  for (const level of ["debug", "info", "warn"] as const)
    t.mock.method(logger, level, (fields: unknown, message: string) => void lines.push([level, fields, message]));
  const fieldNames = new Set<string>();
  const logged = async (event: Json) => {
    lines.length = 0;
    await deliver(event);
    for (const [, fields] of lines) for (const name of Object.keys(fields as object)) fieldNames.add(name);
    return [...lines];
  };
  const ignored = stripe.event("customer.created", { id: "cus_log", object: "customer" });
  assert.deepEqual(await logged(ignored), [
    ["debug", { eventId: ignored.id, type: "customer.created" }, "billing webhook: event type needs no action"],
  ]);

  const contactId = await patient();
  const { subscription, event } = checkout(contactId, PRICE_CORE);
  assert.deepEqual(await logged(event), [
    ["info", { eventId: event.id, type: "checkout.session.completed" }, "billing webhook: event processed"],
  ]);
  const reads = stripe.calls("GET", `/v1/subscriptions/${subscription.id}`).length;
  assert.deepEqual(await logged(event), [
    [
      "info",
      { eventId: event.id, type: "checkout.session.completed" },
      "billing webhook: event already processed, acknowledged without effect",
    ],
  ]);
  assert.equal(stripe.calls("GET", `/v1/subscriptions/${subscription.id}`).length, reads, "a replay asks the provider nothing");

  const bare = stripe.event("checkout.session.completed", {
    id: "cs_log_bare",
    object: "checkout.session",
    client_reference_id: String(contactId),
    customer: "cus_x",
    subscription: null,
    metadata: {},
  });
  assert.deepEqual((await logged(bare))[0], ["info", { eventId: bare.id }, "billing webhook: completed checkout has no subscription"]);

  const orphan = stripe.createSubscription("cus_nobody", PRICE_CORE);
  const nobody = stripe.event("checkout.session.completed", {
    id: "cs_log_nobody",
    object: "checkout.session",
    client_reference_id: null,
    customer: "cus_nobody",
    subscription: orphan.id,
    metadata: {},
  });
  assert.deepEqual((await logged(nobody))[0], [
    "warn",
    { eventId: nobody.id, subscriptionId: orphan.id },
    "billing webhook: completed checkout names no known contact; nothing stored",
  ]);

  const stranger = stripe.createSubscription("cus_stranger", PRICE_CORE);
  const update = stripe.event("customer.subscription.updated", stranger);
  assert.deepEqual((await logged(update))[0], [
    "warn",
    { eventId: update.id, subscriptionId: stranger.id },
    "billing webhook: subscription updated but there is no local subscription; nothing changed",
  ]);

  const noSubscription = stripe.event("invoice.payment_failed", { id: "in_log", object: "invoice", parent: null, subscription: null });
  assert.deepEqual((await logged(noSubscription))[0], [
    "info",
    { eventId: noSubscription.id },
    "billing webhook: failed invoice belongs to no subscription",
  ]);

  // Cancelling changes the row once; a second deletion of the same subscription finds it canceled already, and says so.
  const deleted = stripe.event("customer.subscription.deleted", subscription);
  assert.deepEqual(await logged(deleted), [
    ["info", { eventId: deleted.id, type: "customer.subscription.deleted" }, "billing webhook: event processed"],
  ]);
  const late = stripe.event("invoice.payment_failed", {
    id: "in_log_late",
    object: "invoice",
    parent: { subscription_details: { subscription: subscription.id } },
  });
  assert.deepEqual(await logged(late), [
    [
      "info",
      { eventId: late.id, subscriptionId: subscription.id },
      "billing webhook: nothing to change (no local subscription, or it is canceled)",
    ],
    ["info", { eventId: late.id, type: "invoice.payment_failed" }, "billing webhook: event processed"],
  ]);
  // Deleting it again sets CANCELED on a canceled row: a change made, nothing to report.
  const again = stripe.event("customer.subscription.deleted", subscription);
  assert.deepEqual(await logged(again), [
    ["info", { eventId: again.id, type: "customer.subscription.deleted" }, "billing webhook: event processed"],
  ]);
  assert.deepEqual([...fieldNames].sort(), ["eventId", "subscriptionId", "type"], "no contact, customer, e-mail or amount is logged");
});
