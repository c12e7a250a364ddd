// A loopback stand-in of the Stripe API, enough for billing: customers, Checkout Sessions,
// subscriptions and Customer Portal sessions. It reads the form-encoded requests the real
// `stripe` SDK sends and answers Stripe-shaped JSON and Stripe-shaped errors. Tests drive
// what the provider would do on its own (a customer paying, a subscription changing) and
// make calls fail; webhook payloads are signed with stripe.webhooks.generateTestHeaderString.
import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import Stripe from "stripe";
import { startStandIn, type RecordedRequest, type StandIn } from "./stand-in.ts";

export const STRIPE_TEST_KEY = "sk_test_standin";
export const STRIPE_WEBHOOK_SECRET = "whsec_standin_secret";
export const PRICE_CORE = "price_core_monthly";
export const PRICE_PLUS = "price_plus_monthly";
const UNIT_AMOUNT: Record<string, number> = { [PRICE_CORE]: 199, [PRICE_PLUS]: 699 };
const MONTH = 30 * 24 * 3600;

type Json = Record<string, any>;

export interface SubscriptionChanges {
  status?: string;
  price?: string;
  cancelAtPeriodEnd?: boolean;
  /** Unix seconds. */
  currentPeriodStart?: number;
  currentPeriodEnd?: number;
  created?: number;
  /** Leave the subscription without items (the period then falls back to `created`). */
  noItems?: boolean;
}

export interface InjectedFailure {
  /** HTTP status (default 500). */
  status?: number;
  /** Stripe error type (default api_error). */
  type?: string;
  code?: string;
  message?: string;
  /** How many matching calls fail (default 1). */
  times?: number;
}

export interface StripeStandIn extends StandIn {
  /** Server variables that point the service at this stand-in. */
  env: Record<string, string>;
  customers: Map<string, Json>;
  sessions: Map<string, Json>;
  subscriptions: Map<string, Json>;
  portalSessions: Json[];
  /** The decoded form body of a recorded request. */
  form(request: RecordedRequest): Json;
  /** Requests whose method and path (without query) match, e.g. ("POST", "/v1/customers"). */
  calls(method: string, path: string): RecordedRequest[];
  /** The customer pays: the session completes with a new subscription of its price. */
  completeCheckout(sessionId: string, changes?: SubscriptionChanges): Json;
  /** A subscription the provider holds, e.g. created outside this service's checkout. */
  createSubscription(customer: string, price: string, changes?: SubscriptionChanges): Json;
  /** Changes a subscription as the provider would (portal upgrade, renewal, dunning...). */
  updateSubscription(id: string, changes: SubscriptionChanges): Json;
  /** The next `times` calls whose method matches and whose path starts with `pathPrefix` fail. */
  failNext(method: string, pathPrefix: string, failure?: InjectedFailure): void;
  /** A Stripe event envelope around an object. */
  event(type: string, object: Json, id?: string): Json;
  /** A stripe-signature header for a payload. */
  sign(payload: string, options?: { secret?: string; timestamp?: number }): string;
}

const randomId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;
const now = () => Math.floor(Date.now() / 1000);

/** Decodes Stripe's form encoding (`a[b][0][c]=v`) into nested objects and arrays. */
export function decodeForm(text: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, "").split("[");
    let node: Json = root;
    path.forEach((segment, i) => {
      const last = i === path.length - 1;
      const name = segment === "" ? String(Object.keys(node).length) : segment;
      if (last) node[name] = value;
      else node = node[name] ??= {};
    });
  }
  return arrays(root) as Json;
}

function arrays(value: unknown): unknown {
  if (!value || typeof value !== "object") return value;
  const entries = Object.entries(value as Json).map(([k, v]) => [k, arrays(v)] as const);
  const isList = entries.length > 0 && entries.every(([k], i) => k === String(i));
  return isList ? entries.map(([, v]) => v) : Object.fromEntries(entries);
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.statusCode = status;
  res.setHeader("content-type", "application/json");
  res.setHeader("request-id", randomId("req"));
  res.setHeader("stripe-version", Stripe.API_VERSION);
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.end(JSON.stringify(body));
}

function sendError(res: ServerResponse, status: number, error: Json, headers?: Record<string, string>): void {
  send(res, status, { error: { request_log_url: null, doc_url: null, ...error } }, headers);
}

function missing(res: ServerResponse, kind: string, id: string, param = "id"): void {
  sendError(res, 404, {
    type: "invalid_request_error",
    code: "resource_missing",
    doc_url: "https://stripe.com/docs/error-codes/resource-missing",
    message: `No such ${kind}: '${id}'`,
    param,
  });
}

export async function startStripe(): Promise<StripeStandIn> {
  const customers = new Map<string, Json>();
  const sessions = new Map<string, Json>();
  const sessionPrices = new Map<string, string>();
  const subscriptions = new Map<string, Json>();
  const portalSessions: Json[] = [];
  const failures: { method: string; pathPrefix: string; failure: InjectedFailure; left: number }[] = [];

  function price(id: string): Json {
    return {
      id,
      object: "price",
      active: true,
      currency: "usd",
      livemode: false,
      product: `prod_${id}`,
      recurring: { interval: "month", interval_count: 1, usage_type: "licensed" },
      type: "recurring",
      unit_amount: UNIT_AMOUNT[id] ?? 100,
    };
  }

  function applyChanges(subscription: Json, changes: SubscriptionChanges): Json {
    if (changes.status !== undefined) subscription.status = changes.status;
    if (changes.cancelAtPeriodEnd !== undefined) subscription.cancel_at_period_end = changes.cancelAtPeriodEnd;
    if (changes.created !== undefined) subscription.created = changes.created;
    if (changes.noItems) {
      subscription.items.data = [];
      subscription.items.total_count = 0;
    }
    const item = subscription.items.data[0];
    if (item) {
      if (changes.price !== undefined) item.price = price(changes.price);
      if (changes.currentPeriodStart !== undefined) item.current_period_start = changes.currentPeriodStart;
      if (changes.currentPeriodEnd !== undefined) item.current_period_end = changes.currentPeriodEnd;
    }
    return subscription;
  }

  function createSubscription(customer: string, priceId: string, changes: SubscriptionChanges = {}, metadata: Json = {}): Json {
    const id = randomId("sub");
    const created = now();
    const subscription: Json = {
      id,
      object: "subscription",
      billing_cycle_anchor: created,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      collection_method: "charge_automatically",
      created,
      currency: "usd",
      customer,
      ended_at: null,
      items: {
        object: "list",
        data: [
          {
            id: randomId("si"),
            object: "subscription_item",
            created,
            current_period_start: created,
            current_period_end: created + MONTH,
            metadata: {},
            price: price(priceId),
            quantity: 1,
            subscription: id,
          },
        ],
        has_more: false,
        total_count: 1,
        url: `/v1/subscription_items?subscription=${id}`,
      },
      latest_invoice: null,
      livemode: false,
      metadata,
      start_date: created,
      status: "active",
      trial_end: null,
      trial_start: null,
    };
    subscriptions.set(id, applyChanges(subscription, changes));
    return subscription;
  }

  async function route(request: RecordedRequest, res: ServerResponse): Promise<void> {
    const url = new URL(request.path, "http://stand-in");
    const { pathname } = url;
    const failure = failures.find((f) => f.left > 0 && f.method === request.method && pathname.startsWith(f.pathPrefix));
    if (failure) {
      failure.left--;
      const { status = 500, type = "api_error", code, message = "Something went wrong on Stripe's end." } = failure.failure;
      // Stripe tells the SDK not to retry, so one injected failure is one failed call.
      return sendError(res, status, { type, message, ...(code ? { code } : {}) }, { "stripe-should-retry": "false" });
    }
    if (request.headers.authorization !== `Bearer ${STRIPE_TEST_KEY}`) {
      return sendError(res, 401, { type: "invalid_request_error", message: "Invalid API Key provided" });
    }
    const params = request.method === "GET" ? decodeForm(url.search.slice(1)) : decodeForm(request.body);
    const [, version, ...parts] = pathname.split("/");
    if (version !== "v1") return unknownRoute(request, res);
    const key = `${request.method} ${parts.map((p, i) => (i > 0 && /^[a-z]+_/.test(p) ? ":id" : p)).join("/")}`;
    const id = parts.at(-1)!;

    switch (key) {
      case "POST customers": {
        const customer = {
          id: randomId("cus"),
          object: "customer",
          created: now(),
          email: params.email ?? null,
          livemode: false,
          metadata: params.metadata ?? {},
        };
        customers.set(customer.id, customer);
        return send(res, 200, customer);
      }
      case "GET customers/:id": {
        const customer = customers.get(id);
        return customer ? send(res, 200, customer) : missing(res, "customer", id);
      }
      case "POST checkout/sessions": {
        if (params.customer && !customers.has(params.customer)) return missing(res, "customer", params.customer, "customer");
        const priceId = params.line_items?.[0]?.price;
        if (!priceId) {
          return sendError(res, 400, {
            type: "invalid_request_error",
            message: "Missing required param: line_items.",
            param: "line_items",
          });
        }
        const sessionId = randomId("cs_test");
        const session = {
          id: sessionId,
          object: "checkout.session",
          amount_total: UNIT_AMOUNT[priceId] ?? 100,
          cancel_url: params.cancel_url ?? null,
          client_reference_id: params.client_reference_id ?? null,
          created: now(),
          currency: "usd",
          customer: params.customer ?? null,
          expires_at: now() + 24 * 3600,
          livemode: false,
          metadata: params.metadata ?? {},
          mode: params.mode,
          payment_status: "unpaid",
          status: "open",
          subscription: null,
          success_url: params.success_url ?? null,
          url: `https://checkout.stripe.test/c/pay/${sessionId}`,
        };
        sessions.set(sessionId, session);
        sessionPrices.set(sessionId, priceId);
        return send(res, 200, session);
      }
      case "GET checkout/sessions/:id": {
        const session = sessions.get(id);
        return session ? send(res, 200, session) : missing(res, "checkout.session", id, "session");
      }
      case "GET subscriptions/:id": {
        const subscription = subscriptions.get(id);
        return subscription ? send(res, 200, subscription) : missing(res, "subscription", id);
      }
      case "POST billing_portal/sessions": {
        if (!params.customer || !customers.has(params.customer)) return missing(res, "customer", params.customer ?? "", "customer");
        const portal = {
          id: randomId("bps"),
          object: "billing_portal.session",
          created: now(),
          customer: params.customer,
          livemode: false,
          return_url: params.return_url ?? null,
          url: `https://billing.stripe.test/p/session/${randomId("test")}`,
        };
        portalSessions.push(portal);
        return send(res, 200, portal);
      }
      default:
        return unknownRoute(request, res);
    }
  }

  function unknownRoute(request: RecordedRequest, res: ServerResponse): void {
    sendError(res, 404, {
      type: "invalid_request_error",
      message: `Unrecognized request URL (${request.method}: ${request.path}).`,
    });
  }

  const standIn = await startStandIn(route);
  const webhooks = Stripe.webhooks;

  return {
    ...standIn,
    env: {
      STRIPE_SECRET_KEY: STRIPE_TEST_KEY,
      STRIPE_WEBHOOK_SECRET,
      STRIPE_PRICE_CORE: PRICE_CORE,
      STRIPE_PRICE_PLUS: PRICE_PLUS,
      STRIPE_API_BASE_URL: standIn.url,
    },
    customers,
    sessions,
    subscriptions,
    portalSessions,
    form: (request) =>
      request.method === "GET" ? decodeForm(new URL(request.path, "http://x").search.slice(1)) : decodeForm(request.body),
    calls: (method, path) => standIn.requests.filter((r) => r.method === method && r.path.split("?")[0] === path),
    completeCheckout(sessionId, changes = {}) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`stand-in: no session ${sessionId}`);
      const subscription = createSubscription(session.customer, sessionPrices.get(sessionId)!, changes, session.metadata);
      Object.assign(session, { status: "complete", payment_status: "paid", subscription: subscription.id });
      return subscription;
    },
    createSubscription: (customer, priceId, changes) => createSubscription(customer, priceId, changes),
    updateSubscription(id, changes) {
      const subscription = subscriptions.get(id);
      if (!subscription) throw new Error(`stand-in: no subscription ${id}`);
      return applyChanges(subscription, changes);
    },
    failNext(method, pathPrefix, failure = {}) {
      failures.push({ method, pathPrefix, failure, left: failure.times ?? 1 });
    },
    event: (type, object, id = randomId("evt")) => ({
      id,
      object: "event",
      api_version: Stripe.API_VERSION,
      created: now(),
      // A copy: the event carries the object as it was when the event happened.
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    }),
    sign: (payload, options = {}) =>
      webhooks.generateTestHeaderString({
        payload,
        secret: options.secret ?? STRIPE_WEBHOOK_SECRET,
        ...(options.timestamp !== undefined ? { timestamp: options.timestamp } : {}),
      }),
  };
}
