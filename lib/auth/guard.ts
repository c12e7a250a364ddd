// The four guards of the spec: none, optional, required, role.
import { ApiError, forbidden } from "@/lib/api/errors";
import type { Guard } from "@/lib/api/endpoint";
import { insufficientScope } from "@/lib/auth/smart";
import { bearerToken, DEV_OPTIONAL_USER, DEV_REQUIRED_USER, missingToken, verifyToken, type TokenCaller } from "@/lib/auth/tokens";
import { contactForCaller, type Caller } from "@/lib/contacts";
import { isDevAuth } from "@/lib/env";
import type { ContactKind } from "@/lib/generated/prisma/enums.ts";
import { logger } from "@/lib/log";

/** An authenticated caller with their contact record. */
export interface AuthUser extends TokenCaller {
  contactId: number;
  /** PATIENT unless the token names only staff roles. */
  kind: ContactKind;
}

async function withContact(caller: TokenCaller): Promise<AuthUser> {
  const contact = await contactForCaller(caller);
  return { ...caller, contactId: contact.id, kind: contact.kind };
}

/** Applies a guard to a request: the caller, null when anonymous, or ApiError 401/403/503. */
/**
 * `request.url`, when given (the voice socket's handshake), refuses SMART tokens outside the FHIR
 * API here; the route wrapper passes none and checks the route's scopes itself (requireSmartRoute).
 */
export async function authenticate(request: { headers: Pick<Headers, "get">; url?: string }, guard: Guard): Promise<AuthUser | null> {
  if (guard === "none") return null;
  const header = request.headers.get("authorization");

  if (isDevAuth()) {
    const persona = request.headers.get(DEV_USER_HEADER);
    if (persona !== null) return devPersona(persona, guard);
    if (guard === "optional") return header ? withContact(DEV_OPTIONAL_USER) : null;
    return withRoles(await withContact(DEV_REQUIRED_USER), guard);
  }

  const token = bearerToken(header);
  if (guard === "optional") {
    if (!token) return null;
    let caller: TokenCaller;
    try {
      caller = await verifyToken(token);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 503) logger.warn("optional guard: key set unreachable, request treated as anonymous");
      return null;
    }
    return withContact(fhirOnlyIfSmart(caller, request));
  }
  if (!token) throw missingToken();
  return withRoles(await withContact(fhirOnlyIfSmart(await verifyToken(token), request)), guard);
}

/** A token with SMART scopes reads the FHIR API only (lib/auth/smart.ts): anywhere else, REST or the voice socket, 403. */
function fhirOnlyIfSmart(caller: TokenCaller, request: { url?: string }): TokenCaller {
  if (caller.smart && request.url !== undefined && !new URL(request.url).pathname.startsWith("/api/fhir/"))
    throw insufficientScope("", "fhir");
  return caller;
}

/**
 * Development mode only: the web app's proxy names who signed in on its development sign-in
 * page, so that the chosen role is honoured (without the header the spec's mock users apply).
 * "anonymous" means nobody is signed in: required routes answer 401 as they would with no token.
 */
export const DEV_USER_HEADER = "x-dev-user";

export const DEV_PERSONAS = {
  patient: { sub: "dev|patient", email: "patient@localhost", name: "Development Patient", roles: ["patient"] },
  care_provider: {
    sub: "dev|care-provider",
    email: "provider@localhost",
    emailVerified: true,
    name: "Development Care Provider",
    roles: ["care_provider"],
  },
  // A clinician of the demo seed's second clinic (lib/seed): next to care_provider, it shows who sees which patients.
  care_provider_2: {
    sub: "dev|care-provider-2",
    email: "provider2@localhost",
    emailVerified: true,
    name: "Development Care Provider, second clinic",
    roles: ["care_provider"],
  },
  admin: { sub: "dev|admin", email: "admin@localhost", name: "Development Admin", roles: ["admin"] },
} as const satisfies Record<string, Caller>;

export type DevPersona = keyof typeof DEV_PERSONAS;

export function isDevPersona(value: unknown): value is DevPersona {
  return typeof value === "string" && Object.hasOwn(DEV_PERSONAS, value);
}

async function devPersona(name: string, guard: Guard): Promise<AuthUser | null> {
  if (isDevPersona(name)) {
    const { roles, ...caller } = DEV_PERSONAS[name];
    return withRoles(await withContact({ ...caller, roles: [...roles] }), guard);
  }
  if (name !== "anonymous") throw new ApiError(400, `${DEV_USER_HEADER} must be anonymous, ${Object.keys(DEV_PERSONAS).join(", ")}`);
  if (guard === "optional") return null;
  throw missingToken();
}

function withRoles(user: AuthUser, guard: Guard): AuthUser {
  if (typeof guard === "object" && !guard.roles.some((role) => user.roles.includes(role))) throw forbidden();
  return user;
}

export function hasRole(user: Pick<Caller, "roles"> | null, ...roles: Caller["roles"]): boolean {
  return Boolean(user && roles.some((role) => user.roles.includes(role)));
}
