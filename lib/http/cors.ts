// Cross-origin access to /api/*: the configured frontend, local development ports and the
// hosted origins in CORS_ALLOWED_ORIGINS. Other origins get no CORS headers at all. In
// production no loopback origin gets them: a page served on a visitor's own machine (a local dev
// server, an app's web view) must not call the API with their cookies.
import type { IncomingMessage, ServerResponse } from "node:http";
import { env, isLoopback } from "@/lib/env";

export function allowedOrigins(): Set<string> {
  const { FRONTEND_URL, CORS_ALLOWED_ORIGINS, NODE_ENV } = env();
  const origins = [FRONTEND_URL, "http://localhost:3000", "http://localhost:3002", ...CORS_ALLOWED_ORIGINS].map((o) => new URL(o));
  return new Set(origins.filter((url) => NODE_ENV !== "production" || !isLoopback(url.hostname)).map((url) => url.origin));
}

const ALLOWED_METHODS = "GET, POST, PUT, PATCH, DELETE, OPTIONS";
const ALLOWED_HEADERS = "Authorization, Content-Type, X-Request-Id, Stripe-Signature";

/**
 * Adds CORS headers for an allowed origin; answers a preflight itself.
 * Returns true when the response has been sent.
 */
export function applyCors(req: IncomingMessage, res: ServerResponse, origins: Set<string>): boolean {
  const origin = req.headers.origin;
  const allowed = typeof origin === "string" && origins.has(origin);
  if (allowed) {
    res.setHeader("Access-Control-Allow-Origin", origin);
    res.setHeader("Access-Control-Allow-Credentials", "true");
    res.setHeader("Access-Control-Expose-Headers", "X-Request-Id, Retry-After, Content-Disposition");
  }
  res.setHeader("Vary", "Origin");
  const preflight = req.method === "OPTIONS" && req.headers["access-control-request-method"] !== undefined;
  if (!preflight) return false;
  if (allowed) {
    res.setHeader("Access-Control-Allow-Methods", ALLOWED_METHODS);
    res.setHeader("Access-Control-Allow-Headers", ALLOWED_HEADERS);
    res.setHeader("Access-Control-Max-Age", "600");
  }
  res.statusCode = 204;
  res.end();
  return true;
}
