// Billing routes against a loopback stand-in of the Stripe API, driven by the real SDK:
// checkout, checkout verification, customer portal, subscription, and 503 when not configured.
// Own server: its own Stripe stand-in and FRONTEND_URL (the shared server serves its unconfigured half).
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { apiClient } from "@/test/support/http";
import { startIdentityProvider, uniqueSub, type IdentityProvider } from "@/test/support/identity-provider";
import { startServer, type TestServer } from "@/test/support/server";
import { sharedServerWithIdp, type SharedServer } from "@/test/support/shared-server";
import { PRICE_CORE, PRICE_PLUS, startStripe, type StripeStandIn, type SubscriptionChanges } from "@/test/support/stripe";

const FRONTEND = "https://app.example.com";

let idp: IdentityProvider;
let stripe: StripeStandIn;
let server: TestServer;
let api: ReturnType<typeof apiClient>;

before(async () => {
  [idp, stripe] = await Promise.all([startIdentityProvider(), startStripe()]);
  // NEXTAUTH_SECRET: the pages' layout reads the browser session.
  server = await startServer({
    env: { ...idp.env, ...stripe.env, FRONTEND_URL: `${FRONTEND}/`, NEXTAUTH_SECRET: "billing-test-session-secret-0123456789" },
  });
  api = apiClient(server.origin);
});
after(async () => {
  await server?.stop();
  await Promise.all([idp?.close(), stripe?.close()]);
});

/** A fresh signed-in patient. */
/** A new patient's token, from this file's provider or the one given. */
async function patient(provider = idp): Promise<{ token: string; sub: string }> {
  const sub = uniqueSub("billing");
  return { sub, token: await provider.token({ sub, email: `${sub.replace(/\W/g, "")}@example.com` }) };
}

function sessionIdOf(url: string): string {
  return url.split("/").at(-1)!;
}

/** Checkout, the customer pays, and the success page verifies: the caller now holds a subscription. */
async function subscribe(token: string, plan: "core" | "plus", changes?: SubscriptionChanges) {
  const checkout = await api.post("/billing/checkout", { plan }, { token });
  assert.equal(checkout.status, 200, JSON.stringify(checkout.body));
  const sessionId = sessionIdOf(checkout.body.url);
  const subscription = stripe.completeCheckout(sessionId, changes);
  const verified = await api.post("/billing/checkout/verify", { sessionId }, { token });
  assert.equal(verified.status, 200, JSON.stringify(verified.body));
  return { sessionId, subscription, verified: verified.body };
}

describe("not configured (STRIPE_SECRET_KEY unset)", () => {
  let bare: SharedServer;
  let bareIdp: IdentityProvider;
  let bareApi: ReturnType<typeof apiClient>;
  before(async () => {
    ({ server: bare, idp: bareIdp } = await sharedServerWithIdp());
    bareApi = apiClient(bare.origin);
  });
  after(() => bare?.stop());

  test("every billing route answers 503 { error } after the auth guard; the webhook too", async () => {
    const { token } = await patient(bareIdp);
    const guarded = [
      ["POST", "/billing/checkout", { plan: "plus" }],
      ["POST", "/billing/checkout/verify", { sessionId: "cs_test_abc" }],
      ["POST", "/billing/portal", undefined],
      ["GET", "/billing/subscription", undefined],
    ] as const;
    for (const [method, path, body] of guarded) {
      const anonymous = await bareApi.request<any>(method, path, body);
      assert.equal(anonymous.status, 401, `${path} without a token`);
      const signedIn = await bareApi.request<any>(method, path, body, { token });
      assert.equal(signedIn.status, 503, path);
      assert.equal(typeof signedIn.body.error, "string");
    }
    const payload = JSON.stringify(stripe.event("customer.created", { id: "cus_x", object: "customer" }));
    const webhook = await bareApi.post("/billing/webhook", payload, { headers: { "stripe-signature": stripe.sign(payload) } });
    assert.equal(webhook.status, 503);
    assert.equal(typeof webhook.body.error, "string");
  });
});

test("every guarded billing route is 401 without a token", async () => {
  for (const [method, path] of [
    ["POST", "/billing/checkout"],
    ["POST", "/billing/checkout/verify"],
    ["POST", "/billing/portal"],
    ["GET", "/billing/subscription"],
  ] as const) {
    const { status } = await api.request(method, path, method === "POST" ? {} : undefined);
    assert.equal(status, 401, path);
  }
});

describe("POST /billing/checkout", () => {
  test("default plan is PLUS: a subscription Checkout Session naming the contact, redirects on FRONTEND_URL", async () => {
    const { token } = await patient();
    const { status, body } = await api.post("/billing/checkout", undefined, { token });
    assert.equal(status, 200);
    const session = stripe.sessions.get(sessionIdOf(body.url))!;
    assert.equal(body.url, session.url);
    assert.equal(session.mode, "subscription");
    const created = stripe.form(stripe.calls("POST", "/v1/checkout/sessions").at(-1)!);
    assert.deepEqual(created.line_items, [{ price: PRICE_PLUS, quantity: "1" }]);
    assert.match(session.client_reference_id, /^\d+$/);
    assert.equal(session.metadata.contactId, session.client_reference_id);
    assert.equal(session.success_url, `${FRONTEND}/billing/success?session_id={CHECKOUT_SESSION_ID}`);
    assert.equal(session.cancel_url, `${FRONTEND}/billing/cancel`);
    const customer = stripe.customers.get(session.customer)!;
    assert.equal(customer.metadata.contactId, session.client_reference_id);
  });

  test("plan core uses the CORE price; the Stripe customer is created once per contact and remembered", async () => {
    const { token } = await patient();
    const customersBefore = stripe.calls("POST", "/v1/customers").length;
    const first = await api.post("/billing/checkout", { plan: "core" }, { token });
    assert.equal(first.status, 200);
    assert.deepEqual(stripe.form(stripe.calls("POST", "/v1/checkout/sessions").at(-1)!).line_items, [{ price: PRICE_CORE, quantity: "1" }]);
    const second = await api.post("/billing/checkout", { plan: "plus" }, { token });
    assert.equal(second.status, 200);
    assert.equal(stripe.calls("POST", "/v1/customers").length, customersBefore + 1);
    const [a, b] = [first, second].map((r) => stripe.sessions.get(sessionIdOf(r.body.url))!.customer);
    assert.equal(a, b);

    const other = await patient();
    const third = await api.post("/billing/checkout", {}, { token: other.token });
    assert.notEqual(stripe.sessions.get(sessionIdOf(third.body.url))!.customer, a);
  });

  test("any plan other than core or plus is 400 with field plan", async () => {
    const { token } = await patient();
    for (const plan of ["gold", "PLUS", "", 1, null]) {
      const { status, body } = await api.post("/billing/checkout", { plan }, { token });
      assert.equal(status, 400, String(plan));
      assert.equal(body.field, "plan");
    }
  });

  test("an ACTIVE or TRIALING subscriber: ALREADY_SUBSCRIBED for the same or a lower tier, USE_PORTAL_TO_UPGRADE for CORE to PLUS", async () => {
    const plus = await patient();
    await subscribe(plus.token, "plus");
    for (const plan of ["plus", "core"]) {
      const { status, body } = await api.post("/billing/checkout", { plan }, { token: plus.token });
      assert.equal(status, 400);
      assert.equal(body.code, "ALREADY_SUBSCRIBED", plan);
    }

    const core = await patient();
    await subscribe(core.token, "core", { status: "trialing" });
    const same = await api.post("/billing/checkout", { plan: "core" }, { token: core.token });
    assert.equal(same.status, 400);
    assert.equal(same.body.code, "ALREADY_SUBSCRIBED");
    const upgrade = await api.post("/billing/checkout", { plan: "plus" }, { token: core.token });
    assert.equal(upgrade.status, 400);
    assert.equal(upgrade.body.code, "USE_PORTAL_TO_UPGRADE");
    assert.equal(typeof upgrade.body.error, "string");
  });

  test("a canceled or past-due subscriber may check out again", async () => {
    for (const status of ["canceled", "past_due"]) {
      const { token } = await patient();
      await subscribe(token, "plus", { status });
      const again = await api.post("/billing/checkout", { plan: "plus" }, { token });
      assert.equal(again.status, 200, status);
    }
  });

  test("provider errors are 502; a customer that failed to be created is not remembered", async () => {
    const { token } = await patient();
    stripe.failNext("POST", "/v1/customers");
    const noCustomer = await api.post("/billing/checkout", { plan: "plus" }, { token });
    assert.equal(noCustomer.status, 502);
    assert.equal(typeof noCustomer.body.error, "string");

    stripe.failNext("POST", "/v1/checkout/sessions", { status: 400, type: "invalid_request_error", message: "No such price" });
    const noSession = await api.post("/billing/checkout", { plan: "plus" }, { token });
    assert.equal(noSession.status, 502);
    assert.doesNotMatch(noSession.body.error, /No such price/);

    const customersBefore = stripe.calls("POST", "/v1/customers").length;
    assert.equal((await api.post("/billing/checkout", { plan: "plus" }, { token })).status, 200);
    assert.equal(stripe.calls("POST", "/v1/customers").length, customersBefore, "the customer of the second attempt was remembered");
  });
});

describe("POST /billing/checkout/verify", () => {
  test("a completed session of the caller: the subscription is stored and returned", async () => {
    const { token } = await patient();
    const { subscription, verified } = await subscribe(token, "plus", { cancelAtPeriodEnd: true });
    const periodEnd = new Date(subscription.items.data[0].current_period_end * 1000).toISOString();
    assert.deepEqual(verified, { tier: "PLUS", status: "ACTIVE", currentPeriodEnd: periodEnd, cancelAtPeriodEnd: true });
    assert.deepEqual((await api.get("/billing/subscription", { token })).body, verified);
  });

  test("verifying again synchronizes the provider's current state", async () => {
    const { token } = await patient();
    const { sessionId, subscription } = await subscribe(token, "core");
    stripe.updateSubscription(subscription.id, { status: "past_due" });
    const again = await api.post("/billing/checkout/verify", { sessionId }, { token });
    assert.equal(again.status, 200);
    assert.equal(again.body.status, "PAST_DUE");
    assert.equal(again.body.tier, "CORE");
  });

  test("400 when sessionId is missing or not a checkout session id", async () => {
    const { token } = await patient();
    for (const body of [{}, { sessionId: "" }, { sessionId: "sub_123" }, { sessionId: "cs_../../v1/customers" }, { sessionId: 42 }]) {
      const { status, body: error } = await api.post("/billing/checkout/verify", body, { token });
      assert.equal(status, 400, JSON.stringify(body));
      assert.equal(error.field, "sessionId");
    }
  });

  test("404 when the provider does not know the session", async () => {
    const { token } = await patient();
    const { status, body } = await api.post("/billing/checkout/verify", { sessionId: "cs_test_unknown123" }, { token });
    assert.equal(status, 404);
    assert.equal(typeof body.error, "string");
  });

  test("403 when the session belongs to another contact; nothing is stored for the caller", async () => {
    const owner = await patient();
    const { sessionId } = await subscribe(owner.token, "plus");
    const intruder = await patient();
    const { status } = await api.post("/billing/checkout/verify", { sessionId }, { token: intruder.token });
    assert.equal(status, 403);
    assert.equal((await api.get("/billing/subscription", { token: intruder.token })).body.status, null);
  });

  test("400 when the checkout is not complete yet (no subscription)", async () => {
    const { token } = await patient();
    const checkout = await api.post("/billing/checkout", { plan: "plus" }, { token });
    const { status } = await api.post("/billing/checkout/verify", { sessionId: sessionIdOf(checkout.body.url) }, { token });
    assert.equal(status, 400);
  });

  test("provider errors are 502", async () => {
    const { token } = await patient();
    const checkout = await api.post("/billing/checkout", { plan: "plus" }, { token });
    const sessionId = sessionIdOf(checkout.body.url);
    stripe.completeCheckout(sessionId);
    stripe.failNext("GET", "/v1/checkout/sessions/");
    assert.equal((await api.post("/billing/checkout/verify", { sessionId }, { token })).status, 502);
    stripe.failNext("GET", "/v1/subscriptions/", { status: 503 });
    assert.equal((await api.post("/billing/checkout/verify", { sessionId }, { token })).status, 502);
    assert.equal((await api.get("/billing/subscription", { token })).body.status, null);
    assert.equal((await api.post("/billing/checkout/verify", { sessionId }, { token })).status, 200);
  });
});

describe("POST /billing/portal", () => {
  test("400 for a caller without a billing account", async () => {
    const { token } = await patient();
    const { status, body } = await api.post("/billing/portal", undefined, { token });
    assert.equal(status, 400);
    assert.equal(typeof body.error, "string");
  });

  test("a Customer Portal session for the caller's customer, returning to FRONTEND_URL", async () => {
    const { token } = await patient();
    const checkout = await api.post("/billing/checkout", { plan: "core" }, { token });
    const customer = stripe.sessions.get(sessionIdOf(checkout.body.url))!.customer;
    const { status, body } = await api.post("/billing/portal", undefined, { token });
    assert.equal(status, 200);
    const portal = stripe.portalSessions.at(-1)!;
    assert.deepEqual(body, { url: portal.url });
    assert.equal(portal.customer, customer);
    assert.equal(portal.return_url, FRONTEND);
  });

  test("provider errors are 502", async () => {
    const { token } = await patient();
    await api.post("/billing/checkout", { plan: "core" }, { token });
    stripe.failNext("POST", "/v1/billing_portal/sessions");
    assert.equal((await api.post("/billing/portal", undefined, { token })).status, 502);
  });
});

test("GET /billing/subscription: tier and status null when the caller has no subscription", async () => {
  const { token } = await patient();
  const { status, body, headers } = await api.get("/billing/subscription", { token });
  assert.equal(status, 200);
  assert.deepEqual(body, { tier: null, status: null, currentPeriodEnd: null, cancelAtPeriodEnd: false });
  assert.equal(headers.get("cache-control"), "no-store");
});

test("the pages the payment provider redirects to exist: /billing/success and /billing/cancel", async () => {
  const success = await fetch(`${server.origin}/billing/success?session_id=cs_test_page123`);
  assert.equal(success.status, 200);
  assert.match(await success.text(), /Thank you for subscribing/);
  const cancel = await fetch(`${server.origin}/billing/cancel`);
  assert.equal(cancel.status, 200);
  assert.match(await cancel.text(), /Checkout canceled/);
});
