// Bearer tokens from the identity provider: RS256 JWTs verified against the tenant's key set.
import { createHash } from "node:crypto";
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from "jose";
import { ApiError } from "@/lib/api/errors";
import { ROLES, type Role } from "@/lib/api/endpoint";
import type { Caller } from "@/lib/contacts";
import { BEARER_REALM, smartGrant, type SmartGrant } from "@/lib/auth/smart";
import { env } from "@/lib/env";

/** `AUTH0_ISSUER_BASE_URL` with exactly one trailing slash, else `https://<AUTH0_DOMAIN>/`. */
export function issuer(): string {
  const { AUTH0_ISSUER_BASE_URL, AUTH0_DOMAIN } = env();
  if (AUTH0_ISSUER_BASE_URL) return AUTH0_ISSUER_BASE_URL.replace(/\/+$/, "") + "/";
  return `https://${AUTH0_DOMAIN}/`;
}

/** A token verified earlier: who it names, until it expires (ms since the epoch). */
interface Verified {
  caller: TokenCaller;
  expiresAt: number;
}

interface Verifier {
  issuer: string;
  keys: ReturnType<typeof createRemoteJWKSet>;
  /** Verified tokens by the SHA-256 of the token (never the token), least recently used first. */
  verified: Map<string, Verified>;
}

const holder = globalThis as unknown as { __handJwks?: Verifier };

/** How many verified tokens are remembered; past it the least recently used is forgotten. */
export const VERIFIED_TOKENS_KEPT = 10_000;

function verifier(): Verifier {
  const iss = issuer();
  if (holder.__handJwks?.issuer !== iss) {
    holder.__handJwks = {
      issuer: iss,
      keys: createRemoteJWKSet(new URL(".well-known/jwks.json", iss), { timeoutDuration: 5_000, cooldownDuration: 30_000 }),
      verified: new Map(),
    };
  }
  return holder.__handJwks;
}

export const MISSING_TOKEN = "Missing or malformed Authorization header (expected: Bearer <token>)";

/** 401 for a request without a token: RFC 6750's challenge, no error code. */
export const missingToken = () => new ApiError(401, MISSING_TOKEN, { headers: { "www-authenticate": BEARER_REALM } });

/** 401 for a token that was given but is refused. */
const invalidToken = (message: string) =>
  new ApiError(401, message, { headers: { "www-authenticate": `${BEARER_REALM}, error="invalid_token"` } });

/** A verified token's caller; `smart` when the token carries SMART scopes (lib/auth/smart.ts). */
export interface TokenCaller extends Caller {
  smart?: SmartGrant;
}

/** The token of an `Authorization: Bearer <token>` header; null when absent or another scheme. */
export function bearerToken(header: string | null): string | null {
  if (!header) return null;
  const match = /^Bearer\s+([^\s]+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}

function rolesFrom(payload: JWTPayload): Role[] {
  const claim = payload[env().AUTH0_ROLES_CLAIM];
  if (!Array.isArray(claim)) return [];
  return claim.filter((r): r is Role => typeof r === "string" && (ROLES as readonly string[]).includes(r));
}

function stringClaim(payload: JWTPayload, name: string): string | null {
  const value = payload[name];
  return typeof value === "string" && value.length > 0 ? value : null;
}

/**
 * Verifies a token: RS256 only, issuer, audience (required with AUTH0_DOMAIN, lib/env.ts), and
 * the exp and sub claims must be present. Throws ApiError 401 with the
 * verifier's message, or 503 when the key set cannot be fetched (a provider outage is not the
 * caller's fault).
 *
 * A token that verified is remembered until its exp (at most VERIFIED_TOKENS_KEPT of them, by
 * the token's SHA-256): the same token again is accepted without checking its signature. A JWT
 * cannot be revoked at the provider before it expires, so this accepts nothing verification would
 * refuse, with one exception: a token signed by a key the provider has since withdrawn from its
 * key set stays accepted until it expires (or this process restarts), where verification would
 * refuse it once the key set is fetched again. docs/security.md says so.
 */
export async function verifyToken(token: string): Promise<TokenCaller> {
  const { verified } = verifier();
  const key = createHash("sha256").update(token).digest("base64");
  const known = verified.get(key);
  if (known) {
    verified.delete(key);
    if (Date.now() < known.expiresAt) {
      verified.set(key, known);
      return { ...known.caller, roles: [...known.caller.roles] };
    }
  }
  const caller = await verifySignature(token);
  verified.set(key, { caller: caller.caller, expiresAt: caller.expiresAt });
  if (verified.size > VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!);
  return { ...caller.caller, roles: [...caller.caller.roles] };
}

async function verifySignature(token: string): Promise<Verified> {
  const { AUTH0_AUDIENCE } = env();
  try {
    const { payload } = await jwtVerify(token, verifier().keys, {
      issuer: issuer(),
      audience: AUTH0_AUDIENCE,
      algorithms: ["RS256"],
      // A token that never expires, or names nobody, is refused outright.
      requiredClaims: ["exp", "sub"],
    });
    if (!payload.sub) throw invalidToken("Token has no subject (sub)");
    const smart = smartGrant(payload);
    const caller: TokenCaller = {
      sub: payload.sub,
      email: stringClaim(payload, "email"),
      ...(payload.email_verified === true ? { emailVerified: true as const } : {}),
      name: stringClaim(payload, "name"),
      roles: rolesFrom(payload),
      ...(smart ? { smart } : {}),
    };
    // requiredClaims makes exp present; jose has checked that it is a number in the future.
    return { caller, expiresAt: payload.exp! * 1000 };
  } catch (error) {
    // The refusal of a token without a subject (an ApiError) is none of these and is thrown as it is.
    if (error instanceof joseErrors.JWKSTimeout || isFetchFailure(error)) {
      throw new ApiError(503, "Identity provider key set is unreachable; try again shortly");
    }
    if (error instanceof joseErrors.JOSEError) throw invalidToken(`Invalid token: ${error.message}`);
    throw error;
  }
}

/**
 * The key set answered with an error page (jose's generic error) or not at all (fetch's
 * TypeError). Its timeout arrives as JWKSTimeout: jose turns the abort of its own timer into it.
 */
function isFetchFailure(error: unknown): boolean {
  if (error instanceof joseErrors.JOSEError && error.code === "ERR_JOSE_GENERIC") return true;
  return error instanceof TypeError;
}

/** The mock users of development mode (spec: "Development mode"). */
export const DEV_REQUIRED_USER: Caller = {
  sub: "dev|local-user",
  email: "dev@localhost",
  name: "Development User",
  roles: ["patient", "care_provider"],
};
export const DEV_OPTIONAL_USER: Caller = { ...DEV_REQUIRED_USER, roles: ["patient"] };
