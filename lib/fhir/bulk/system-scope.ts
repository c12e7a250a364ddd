// Backend services (SMART Backend Services): a client-credentials token from the identity
// provider names no user and holds no role; its `scope` (or `scp`) claim says what it may do. A
// token with system/*.rs (SMART v2) or system/*.read (v1) may run bulk exports as the service
// admin would. Only the bulk export reads this: elsewhere such a token is an ordinary caller.
import { decodeJwt } from "jose";
import { bearerToken } from "@/lib/auth/tokens";
import { isDevAuth } from "@/lib/env";

const SYSTEM_READ = new Set(["system/*.rs", "system/*.read"]);

/** The token's scopes: `scope` as a space-separated string, or `scp` as a list or a string. */
function scopesOf(payload: Record<string, unknown>): string[] {
  const claim = payload.scope ?? payload.scp;
  if (typeof claim === "string") return claim.split(/\s+/);
  return Array.isArray(claim) ? claim.filter((scope): scope is string => typeof scope === "string") : [];
}

/**
 * Whether the request's bearer token grants system-wide reads. Call only after the route's guard
 * verified the token (handle() does): the claims are read, not verified again. Under development
 * auth tokens are never verified, so none grants this.
 */
export function hasSystemReadScope(request: Request): boolean {
  if (isDevAuth()) return false;
  const token = bearerToken(request.headers.get("authorization"));
  if (!token) return false;
  try {
    return scopesOf(decodeJwt(token)).some((scope) => SYSTEM_READ.has(scope));
  } catch {
    return false;
  }
}
