// The payment provider: the `stripe` SDK configured from the environment. Unset
// STRIPE_SECRET_KEY means "not configured" and every billing route answers 503.
// STRIPE_API_BASE_URL points the SDK at another API host (a stand-in, staging).
import Stripe from "stripe";
import { ApiError } from "@/lib/api/errors";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";

export { Stripe };

export interface BillingConfig {
  stripe: Stripe;
  webhookSecret: string | undefined;
  prices: { core: string | undefined; plus: string | undefined };
  frontendUrl: string;
}

const holder = globalThis as unknown as { __handStripe?: { key: string; client: Stripe } };

function client(secretKey: string, apiBaseUrl: string | undefined): Stripe {
  if (holder.__handStripe?.key === secretKey) return holder.__handStripe.client;
  const base = apiBaseUrl ? new URL(apiBaseUrl) : undefined;
  const stripe = new Stripe(secretKey, {
    timeout: 20_000,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === "http:" ? 80 : 443),
          protocol: base.protocol === "http:" ? "http" : "https",
        }
      : {}),
  });
  holder.__handStripe = { key: secretKey, client: stripe };
  return stripe;
}

/** Whether this instance takes payments (pages leave out what would only answer 503). */
export function billingConfigured(): boolean {
  return Boolean(env().STRIPE_SECRET_KEY);
}

/** The configured provider, or ApiError 503 when STRIPE_SECRET_KEY is unset. */
export function billing(): BillingConfig {
  const config = env();
  if (!config.STRIPE_SECRET_KEY) throw new ApiError(503, "Billing is not configured");
  return {
    stripe: client(config.STRIPE_SECRET_KEY, config.STRIPE_API_BASE_URL),
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    prices: { core: config.STRIPE_PRICE_CORE, plus: config.STRIPE_PRICE_PLUS },
    frontendUrl: config.FRONTEND_URL.replace(/\/+$/, ""),
  };
}

export function isStripeError(error: unknown): error is Stripe.errors.StripeError {
  return error instanceof Stripe.errors.StripeError;
}

/** The provider answered that the object does not exist. */
export function isMissing(error: unknown): boolean {
  return isStripeError(error) && (error.statusCode === 404 || error.code === "resource_missing");
}

/** What may be logged of a provider error: its kind and request id, never its message. */
export function providerErrorSummary(error: Stripe.errors.StripeError): Record<string, unknown> {
  return { type: error.type, code: error.code, statusCode: error.statusCode, requestId: error.requestId };
}

/** Any provider failure becomes 502; the provider's message is not passed on to callers. */
export async function callProvider<T>(operation: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!isStripeError(error)) throw error;
    logger.warn({ operation, err: providerErrorSummary(error) }, "payment provider call failed");
    throw new ApiError(502, "Payment provider error");
  }
}
