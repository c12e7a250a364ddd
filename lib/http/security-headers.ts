// Headers every answer carries, pages and API alike (server.ts sets them before routing).
import type { ServerResponse } from "node:http";

/**
 * Framing is refused everywhere (clickjacking); plugins and <base> rewriting are off. Scripts and
 * styles are not restricted here: Next inlines its bootstrap, and a nonce-based policy would make
 * every page dynamic.
 */
const CONTENT_SECURITY_POLICY = "frame-ancestors 'none'; base-uri 'self'; object-src 'none'";
/** Two years, the preload list's minimum. */
const HSTS = "max-age=63072000; includeSubDomains";

/** Pages whose URL is a sharing code: never indexed, never cached by a shared cache. */
const SHARED_PAGE = /^\/(a|r)(\/|$)/;

export function applySecurityHeaders(path: string, res: ServerResponse, https: boolean): void {
  res.setHeader("Content-Security-Policy", CONTENT_SECURITY_POLICY);
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("X-Content-Type-Options", "nosniff");
  // Share URLs carry codes: never send them to another site in Referer.
  res.setHeader("Referrer-Policy", "no-referrer");
  if (https) res.setHeader("Strict-Transport-Security", HSTS);
  if (SHARED_PAGE.test(path)) res.setHeader("X-Robots-Tag", "noindex, nofollow");
}
