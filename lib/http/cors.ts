// Cross-origin access to /api/*: the configured frontend, the spec's local development ports
// (localhost:3000 and :3002) and the hosted origins in CORS_ALLOWED_ORIGINS. Other origins get no
// CORS headers at all. In production a loopback origin gets CORS without credentials (no
// Access-Control-Allow-Credentials): a client there that sends its own bearer token works, as the
// spec permits, while a page served on a visitor's own machine (a local dev server, an app's web
// view) cannot call the API with their cookies.
// SMART apps (FHIR_CORS_ORIGINS) reach /api/fhir/* only, with a bearer token and never with
// cookies: the token's scopes bound what they read.
import type { IncomingMessage, ServerResponse } from "node:http";
import { env, isLoopback } from "@/lib/env";

function configuredOrigins(): URL[] {
  const { FRONTEND_URL, CORS_ALLOWED_ORIGINS } = env();
  return [FRONTEND_URL, "http://localhost:3000", "http://localhost:3002", ...CORS_ALLOWED_ORIGINS].map((o) => new URL(o));
}

/** The origins that get credentialed CORS (cookies): loopback ones only outside production. */
export function allowedOrigins(): Set<string> {
  const production = env().NODE_ENV === "production";
  return new Set(
    configuredOrigins()
      .filter((url) => !production || !isLoopback(url.hostname))
      .map((url) => url.origin),
  );
}

/** The origins that get CORS without credentials: in production, the loopback ones. */
function bearerOnlyOrigins(): Set<string> {
  if (env().NODE_ENV !== "production") return new Set();
  return new Set(
    configuredOrigins()
      .filter((url) => isLoopback(url.hostname))
      .map((url) => url.origin),
  );
}

/** The SMART apps' origins (FHIR_CORS_ORIGINS), loopback ones included: a SMART app in development runs there. */
function fhirOrigins(): Set<string> {
  return new Set(env().FHIR_CORS_ORIGINS.map((origin) => new URL(origin).origin));
}

/** Who gets which CORS: credentialed sites, bearer-only origins (anywhere under /api) and SMART apps (/api/fhir only). */
export interface CorsPolicy {
  sites: Set<string>;
  bearerOnly: Set<string>;
  smartApps: Set<string>;
}

export function corsPolicy(): CorsPolicy {
  return { sites: allowedOrigins(), bearerOnly: bearerOnlyOrigins(), smartApps: fhirOrigins() };
}

const ALLOWED_METHODS = "GET, POST, PUT, PATCH, DELETE, OPTIONS";
const ALLOWED_HEADERS = "Authorization, Content-Type, X-Request-Id, Stripe-Signature, Idempotency-Key";
const EXPOSED_HEADERS = "X-Request-Id, Retry-After, Content-Disposition";
const FHIR_METHODS = "GET, HEAD, DELETE, OPTIONS";
const FHIR_HEADERS = "Authorization, Accept, Content-Type, Prefer, If-None-Match, If-Modified-Since, X-Request-Id";
const FHIR_EXPOSED_HEADERS = "ETag, Last-Modified, Location, Content-Location, X-Progress, Retry-After, WWW-Authenticate, X-Request-Id";

/**
 * Adds CORS headers for an allowed origin; answers a preflight itself.
 * Returns true when the response has been sent.
 */
export function applyCors(req: IncomingMessage, res: ServerResponse, policy: CorsPolicy): boolean {
  const origin = req.headers.origin;
  const fhir = (req.url ?? "").startsWith("/api/fhir/");
  const site = typeof origin === "string" && policy.sites.has(origin);
  const bearer = !site && typeof origin === "string" && policy.bearerOnly.has(origin);
  const smartApp = !site && !bearer && fhir && typeof origin === "string" && policy.smartApps.has(origin);
  if (site || bearer || smartApp) {
    res.setHeader("Access-Control-Allow-Origin", origin!);
    if (site) res.setHeader("Access-Control-Allow-Credentials", "true");
    res.setHeader("Access-Control-Expose-Headers", fhir ? FHIR_EXPOSED_HEADERS : EXPOSED_HEADERS);
  }
  res.setHeader("Vary", "Origin");
  const preflight = req.method === "OPTIONS" && req.headers["access-control-request-method"] !== undefined;
  if (!preflight) return false;
  if (site || bearer || smartApp) {
    res.setHeader("Access-Control-Allow-Methods", smartApp ? FHIR_METHODS : ALLOWED_METHODS);
    res.setHeader("Access-Control-Allow-Headers", fhir ? FHIR_HEADERS : ALLOWED_HEADERS);
    res.setHeader("Access-Control-Max-Age", "600");
  }
  res.statusCode = 204;
  res.end();
  return true;
}
