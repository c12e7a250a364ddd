import assert from "node:assert/strict";
import { test } from "node:test";
import type Stripe from "stripe";
import { mapStatus, mapTier, subscriptionState } from "@/lib/billing/mapping";

test("provider statuses map as the spec's table says; unknown values are INCOMPLETE", () => {
  const rows: [string, string][] = [
    ["active", "ACTIVE"],
    ["past_due", "PAST_DUE"],
    ["canceled", "CANCELED"],
    ["unpaid", "UNPAID"],
    ["trialing", "TRIALING"],
    ["incomplete", "INCOMPLETE"],
    ["incomplete_expired", "CANCELED"],
    ["paused", "CANCELED"],
    ["brand_new", "INCOMPLETE"],
    ["", "INCOMPLETE"],
    ["toString", "INCOMPLETE"],
  ];
  for (const [provider, local] of rows) assert.equal(mapStatus(provider), local, provider);
});

test("tier is PLUS only for the configured PLUS price", () => {
  assert.equal(mapTier("price_plus", "price_plus"), "PLUS");
  assert.equal(mapTier("price_core", "price_plus"), "CORE");
  assert.equal(mapTier(null, "price_plus"), "CORE");
  assert.equal(mapTier("price_plus", undefined), "CORE");
});

test("period comes from the first item, else the creation time", () => {
  const base = { id: "sub_1", customer: "cus_1", status: "active", created: 1_700_000_000, cancel_at_period_end: true };
  const withItem = {
    ...base,
    items: { data: [{ price: { id: "price_plus" }, current_period_start: 1_700_000_100, current_period_end: 1_702_000_000 }] },
  } as unknown as Stripe.Subscription;
  assert.deepEqual(subscriptionState(withItem, "price_plus"), {
    stripeSubscriptionId: "sub_1",
    stripeCustomerId: "cus_1",
    priceId: "price_plus",
    tier: "PLUS",
    status: "ACTIVE",
    currentPeriodStart: new Date(1_700_000_100_000),
    currentPeriodEnd: new Date(1_702_000_000_000),
    cancelAtPeriodEnd: true,
  });
  const withoutItems = { ...base, customer: { id: "cus_2" }, items: { data: [] } } as unknown as Stripe.Subscription;
  const state = subscriptionState(withoutItems, "price_plus");
  assert.equal(state.stripeCustomerId, "cus_2");
  assert.equal(state.tier, "CORE");
  assert.deepEqual([state.currentPeriodStart, state.currentPeriodEnd], [new Date(1_700_000_000_000), new Date(1_700_000_000_000)]);
});

test("a subscription without items, or an item without a price, is CORE over its creation time", () => {
  const base = { id: "sub_2", customer: "cus_3", status: "trialing", created: 1_700_000_000, cancel_at_period_end: false };
  const bare = subscriptionState(base as unknown as Stripe.Subscription, "price_plus");
  assert.deepEqual([bare.priceId, bare.tier, bare.status], [null, "CORE", "TRIALING"]);
  assert.deepEqual(bare.currentPeriodEnd, new Date(1_700_000_000_000));
  const priceless = subscriptionState(
    {
      ...base,
      items: { data: [{ current_period_start: 1_700_000_100, current_period_end: 1_700_900_000 }] },
    } as unknown as Stripe.Subscription,
    "price_plus",
  );
  assert.deepEqual([priceless.priceId, priceless.tier], [null, "CORE"]);
  assert.deepEqual(priceless.currentPeriodEnd, new Date(1_700_900_000_000));
  assert.equal(mapTier(null, undefined), "CORE", "no price and no PLUS price configured");
});
