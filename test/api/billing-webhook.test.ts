// The billing webhook: signature verification, the four handled event types, the status and
// tier mappings, replays and retried failures. Payloads are signed like Stripe signs them
// (stripe.webhooks.generateTestHeaderString); the service reads from a stand-in of the API.
// Own server: its Stripe stand-in's webhooks, and the debug lines its server logs.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { apiClient, checked } from "@/test/support/http";
import { startIdentityProvider, uniqueSub, type IdentityProvider } from "@/test/support/identity-provider";
import { startServer, type TestServer } from "@/test/support/server";
import { PRICE_CORE, PRICE_PLUS, startStripe, type StripeStandIn } from "@/test/support/stripe";

let idp: IdentityProvider;
let stripe: StripeStandIn;
let server: TestServer;
let api: ReturnType<typeof apiClient>;

before(async () => {
  [idp, stripe] = await Promise.all([startIdentityProvider(), startStripe()]);
  server = await startServer({ env: { ...idp.env, ...stripe.env, LOG_LEVEL: "debug" } });
  api = apiClient(server.origin);
});
after(async () => {
  await server?.stop();
  await Promise.all([idp?.close(), stripe?.close()]);
});

type Event = Record<string, any>;

/** Delivers an event as Stripe does: the raw JSON body and its stripe-signature header. */
async function deliver(event: Event, options: { header?: string | null; body?: string } = {}) {
  const payload = JSON.stringify(event);
  const header = options.header === undefined ? stripe.sign(payload) : options.header;
  const response = await fetch(`${server.origin}/api/billing/webhook`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(header === null ? {} : { "stripe-signature": header }) },
    body: options.body ?? payload,
  });
  const { status, body } = await checked(server.origin, "POST", "/billing/webhook", response);
  return { status, body };
}

async function patient(): Promise<string> {
  return idp.token({ sub: uniqueSub("webhook") });
}

const subscriptionOf = async (token: string) => (await api.get("/billing/subscription", { token })).body;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/** A caller whose checkout the customer has paid, synchronized by checkout.session.completed. */
async function subscribed(plan: "core" | "plus" = "plus") {
  const token = await patient();
  const checkout = await api.post("/billing/checkout", { plan }, { token });
  assert.equal(checkout.status, 200);
  const sessionId = checkout.body.url.split("/").at(-1);
  const subscription = stripe.completeCheckout(sessionId);
  const delivered = await deliver(stripe.event("checkout.session.completed", stripe.sessions.get(sessionId)!));
  assert.deepEqual(delivered, { status: 200, body: { received: true } });
  return { token, sessionId, subscription };
}

function paymentFailed(subscriptionId: string): Event {
  return stripe.event("invoice.payment_failed", {
    id: `in_${subscriptionId}`,
    object: "invoice",
    status: "open",
    parent: { type: "subscription_details", quote_details: null, subscription_details: { metadata: {}, subscription: subscriptionId } },
  });
}

describe("verification", () => {
  test("a missing stripe-signature header is 400", async () => {
    const { status, body } = await deliver(stripe.event("customer.created", { id: "cus_1", object: "customer" }), { header: null });
    assert.equal(status, 400);
    assert.match(body.error, /stripe-signature/);
  });

  test("a tampered body is 400 with the verifier's message, and has no effect", async () => {
    const { token, subscription } = await subscribed("plus");
    const event = stripe.event("customer.subscription.deleted", { ...subscription, status: "canceled" });
    const signed = JSON.stringify(event);
    const tampered = signed.replace(subscription.id, `${subscription.id}x`);
    const { status, body } = await deliver(event, { header: stripe.sign(signed), body: tampered });
    assert.equal(status, 400);
    assert.match(body.error, /No signatures found matching the expected signature for payload/);
    assert.equal((await subscriptionOf(token)).status, "ACTIVE");
  });

  test("a wrong secret, a malformed header and an old timestamp are 400", async () => {
    const event = stripe.event("customer.created", { id: "cus_1", object: "customer" });
    const payload = JSON.stringify(event);
    const wrongSecret = await deliver(event, { header: stripe.sign(payload, { secret: "whsec_other" }) });
    assert.equal(wrongSecret.status, 400);
    const malformed = await deliver(event, { header: "not-a-signature" });
    assert.equal(malformed.status, 400);
    assert.match(malformed.body.error, /Unable to extract timestamp and signatures from header/);
    const old = await deliver(event, { header: stripe.sign(payload, { timestamp: Math.floor(Date.now() / 1000) - 3600 }) });
    assert.equal(old.status, 400);
    assert.match(old.body.error, /Timestamp outside the tolerance zone/);
  });

  test("other event types are acknowledged with no action and logged at debug", async () => {
    const event = stripe.event("customer.created", { id: "cus_other", object: "customer" });
    assert.deepEqual(await deliver(event), { status: 200, body: { received: true } });
    const output = await server.waitForOutput(new RegExp(event.id));
    const line = output.split("\n").find((l) => l.includes(event.id));
    assert.ok(line, "a log line names the event");
    assert.equal(JSON.parse(line).level, 20);
  });
});

describe("the subscription flow", () => {
  test("checkout → checkout.session.completed → subscription; then updated, payment_failed and deleted", async () => {
    const { token, subscription } = await subscribed("plus");
    const item = subscription.items.data[0];
    assert.deepEqual(await subscriptionOf(token), {
      tier: "PLUS",
      status: "ACTIVE",
      currentPeriodEnd: iso(item.current_period_end),
      cancelAtPeriodEnd: false,
    });

    // The customer downgrades in the portal and asks to cancel at the period's end; a renewal moved the period.
    const nextEnd = item.current_period_end + 30 * 24 * 3600;
    const changed = stripe.updateSubscription(subscription.id, {
      price: PRICE_CORE,
      cancelAtPeriodEnd: true,
      currentPeriodStart: item.current_period_end,
      currentPeriodEnd: nextEnd,
    });
    assert.equal((await deliver(stripe.event("customer.subscription.updated", changed))).status, 200);
    assert.deepEqual(await subscriptionOf(token), {
      tier: "CORE",
      status: "ACTIVE",
      currentPeriodEnd: iso(nextEnd),
      cancelAtPeriodEnd: true,
    });

    assert.equal((await deliver(paymentFailed(subscription.id))).status, 200);
    assert.equal((await subscriptionOf(token)).status, "PAST_DUE");

    const deleted = stripe.updateSubscription(subscription.id, { status: "canceled" });
    assert.equal((await deliver(stripe.event("customer.subscription.deleted", deleted))).status, 200);
    assert.deepEqual(await subscriptionOf(token), {
      tier: "CORE",
      status: "CANCELED",
      currentPeriodEnd: iso(nextEnd),
      cancelAtPeriodEnd: true,
    });

    // A payment failure delivered late does not revive a canceled subscription.
    assert.equal((await deliver(paymentFailed(subscription.id))).status, 200);
    assert.equal((await subscriptionOf(token)).status, "CANCELED");
  });

  test("checkout.session.completed and verify agree, in either order", async () => {
    const { token, sessionId } = await subscribed("core");
    const fromWebhook = await subscriptionOf(token);
    const verified = await api.post("/billing/checkout/verify", { sessionId }, { token });
    assert.deepEqual(verified.body, fromWebhook);
    assert.equal(fromWebhook.tier, "CORE");
  });

  test("a late completion of an older, canceled subscription does not hide the current one", async () => {
    const token = await patient();
    const sessions = [];
    for (const plan of ["core", "plus"] as const) {
      const checkout = await api.post("/billing/checkout", { plan }, { token });
      sessions.push(checkout.body.url.split("/").at(-1));
    }
    const [older, current] = sessions;
    const old = stripe.completeCheckout(older, { status: "canceled" });
    stripe.completeCheckout(current);
    const lateEvent = stripe.event("checkout.session.completed", stripe.sessions.get(older)!);
    assert.equal((await deliver(stripe.event("checkout.session.completed", stripe.sessions.get(current)!))).status, 200);
    assert.equal((await deliver(lateEvent)).status, 200);
    const view = await subscriptionOf(token);
    assert.deepEqual([view.tier, view.status], ["PLUS", "ACTIVE"], `not replaced by ${old.id}`);
  });

  test("customer.subscription.updated without a local subscription: a warning is logged and nothing changes", async () => {
    const token = await patient();
    const checkout = await api.post("/billing/checkout", { plan: "plus" }, { token });
    const customer = stripe.sessions.get(checkout.body.url.split("/").at(-1))!.customer;
    const stray = stripe.createSubscription(customer, PRICE_PLUS);
    const event = stripe.event("customer.subscription.updated", stray);
    assert.deepEqual(await deliver(event), { status: 200, body: { received: true } });
    const output = await server.waitForOutput(new RegExp(`${event.id}.*${stray.id}|${stray.id}.*${event.id}`));
    const warning = output.split("\n").find((l) => l.includes(event.id) && l.includes(stray.id));
    assert.ok(warning, "a warning names the event and subscription");
    assert.equal(JSON.parse(warning).level, 40);
    assert.match(JSON.parse(warning).msg, /no local subscription/);
    assert.equal((await subscriptionOf(token)).status, null);
  });
});

describe("mappings", () => {
  const statusRows: [string, string][] = [
    ["active", "ACTIVE"],
    ["past_due", "PAST_DUE"],
    ["canceled", "CANCELED"],
    ["unpaid", "UNPAID"],
    ["trialing", "TRIALING"],
    ["incomplete", "INCOMPLETE"],
    ["incomplete_expired", "CANCELED"],
    ["paused", "CANCELED"],
    ["some_future_status", "INCOMPLETE"],
  ];

  test("every row of the status mapping, through customer.subscription.updated", async () => {
    const { token, subscription } = await subscribed("plus");
    for (const [provider, local] of statusRows) {
      const changed = stripe.updateSubscription(subscription.id, { status: provider });
      assert.equal((await deliver(stripe.event("customer.subscription.updated", changed))).status, 200);
      assert.equal((await subscriptionOf(token)).status, local, provider);
    }
  });

  test("every row of the status mapping, through checkout.session.completed", async () => {
    for (const [provider, local] of statusRows) {
      const token = await patient();
      const checkout = await api.post("/billing/checkout", { plan: "core" }, { token });
      const sessionId = checkout.body.url.split("/").at(-1);
      stripe.completeCheckout(sessionId, { status: provider });
      assert.equal((await deliver(stripe.event("checkout.session.completed", stripe.sessions.get(sessionId)!))).status, 200);
      assert.equal((await subscriptionOf(token)).status, local, provider);
    }
  });

  test("tier: the PLUS price id is PLUS, any other price CORE", async () => {
    const { token, subscription } = await subscribed("core");
    for (const [price, tier] of [
      [PRICE_PLUS, "PLUS"],
      [PRICE_CORE, "CORE"],
      ["price_legacy_gold", "CORE"],
      [PRICE_PLUS, "PLUS"],
    ]) {
      const changed = stripe.updateSubscription(subscription.id, { price });
      assert.equal((await deliver(stripe.event("customer.subscription.updated", changed))).status, 200);
      assert.equal((await subscriptionOf(token)).tier, tier, price);
    }
  });

  test("the period falls back to the subscription's creation time when there is no item", async () => {
    const { token, subscription } = await subscribed("plus");
    const created = subscription.created - 86_400;
    const changed = stripe.updateSubscription(subscription.id, { noItems: true, created });
    assert.equal((await deliver(stripe.event("customer.subscription.updated", changed))).status, 200);
    const view = await subscriptionOf(token);
    assert.equal(view.currentPeriodEnd, iso(created));
    assert.equal(view.tier, "CORE", "no item, no PLUS price");
  });
});

describe("idempotency", () => {
  test("a replayed event is acknowledged without effect", async () => {
    const { token, subscription } = await subscribed("plus");
    const failed = paymentFailed(subscription.id);
    assert.equal((await deliver(failed)).status, 200);
    assert.equal((await subscriptionOf(token)).status, "PAST_DUE");

    const recovered = stripe.updateSubscription(subscription.id, { status: "active" });
    assert.equal((await deliver(stripe.event("customer.subscription.updated", recovered))).status, 200);
    assert.equal((await subscriptionOf(token)).status, "ACTIVE");

    assert.deepEqual(await deliver(failed), { status: 200, body: { received: true } });
    assert.equal((await subscriptionOf(token)).status, "ACTIVE", "the replay changed nothing");
  });

  test("a handler failure answers 500 and stores nothing; the provider's retry succeeds", async () => {
    const token = await patient();
    const checkout = await api.post("/billing/checkout", { plan: "plus" }, { token });
    const sessionId = checkout.body.url.split("/").at(-1);
    stripe.completeCheckout(sessionId);
    const event = stripe.event("checkout.session.completed", stripe.sessions.get(sessionId)!);

    stripe.failNext("GET", "/v1/subscriptions/");
    const failed = await deliver(event);
    assert.equal(failed.status, 500);
    assert.equal((await subscriptionOf(token)).status, null, "nothing half-written");

    assert.deepEqual(await deliver(event), { status: 200, body: { received: true } });
    const stored = await subscriptionOf(token);
    assert.equal(stored.tier, "PLUS");
    assert.equal(stored.status, "ACTIVE");
  });

  test("an effect that fails inside the transaction leaves no event id behind: the retry processes it again", async () => {
    // The effect itself fails in the database: B's checkout names the subscription A already
    // holds, so storing it breaks the unique subscription id (after the event id was written).
    const a = await subscribed("plus");
    const token = await patient();
    const checkout = await api.post("/billing/checkout", { plan: "plus" }, { token });
    const sessionId = checkout.body.url.split("/").at(-1);
    stripe.completeCheckout(sessionId);
    const event = stripe.event("checkout.session.completed", { ...stripe.sessions.get(sessionId)!, subscription: a.subscription.id });

    assert.equal((await deliver(event)).status, 500);
    // Had the event id been committed apart from its effect, this retry would be acknowledged
    // (200, "already processed") with nothing done.
    assert.equal((await deliver(event)).status, 500, "the retry is processed again, not skipped as done");
    assert.equal((await subscriptionOf(token)).status, null);
    assert.equal((await subscriptionOf(a.token)).status, "ACTIVE", "A keeps its subscription");
  });
});
