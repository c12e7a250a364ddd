// SMART App Launch 2.x scopes (https://hl7.org/fhir/smart-app-launch/scopes-and-launch-context.html)
// carried by an access token, and what they let the token read. A token with no
// patient/, user/ or system/ scope is not a SMART token: the role rule alone applies to it. A
// SMART token reads the FHIR API only, and only the resource types its scopes name:
// - patient/ scopes: the token's patient context only, and only when the role rule lets the
//   caller read that patient too (the claim narrows what the caller may read, never widens it);
// - user/ scopes: what the role rule lets the caller read (lib/access);
// - system/ scopes: every patient, for backend services (client-credentials tokens) only.
import type { JWTPayload } from "jose";
import { ApiError } from "@/lib/api/errors";

export type SmartLevel = "patient" | "user" | "system";
export type SmartInteraction = "read" | "search";

export interface SmartScope {
  level: SmartLevel;
  /** A resource type, or "*". */
  type: string;
  read: boolean;
  search: boolean;
}

export interface SmartGrant {
  scopes: SmartScope[];
  /** The patient context: this service's Patient id (the contact id), or null. */
  patient: number | null;
  /** A client-credentials token (a backend service): the only kind whose system/ scopes count. */
  backend: boolean;
}

export const BEARER_REALM = 'Bearer realm="hand-assessment"';

const SMART_PREFIX = /^(patient|user|system)\//;
const V2 = /^(patient|user|system)\/(\*|[A-Z][A-Za-z]{1,63})\.(c?r?u?d?s?)$/;
const V1 = /^(patient|user|system)\/(\*|[A-Z][A-Za-z]{1,63})\.(read|write|\*)$/;

/** One scope string → a scope; null for one this service does not grant anything for (e.g. v2 query filters). */
export function parseScope(text: string): SmartScope | null {
  const v2 = V2.exec(text);
  if (v2 && v2[3] !== "") {
    const [, level, type, permissions] = v2;
    return { level: level as SmartLevel, type: type!, read: permissions!.includes("r"), search: permissions!.includes("s") };
  }
  const v1 = V1.exec(text);
  if (v1) {
    const [, level, type, access] = v1;
    const reads = access !== "write";
    return { level: level as SmartLevel, type: type!, read: reads, search: reads };
  }
  return null;
}

/** `scope` (space-separated, RFC 9068 and Auth0) or `scp` (an array or a string, other providers). */
function scopeStrings(payload: JWTPayload): string[] {
  const values = [payload.scope, payload.scp].flatMap((claim) =>
    typeof claim === "string" ? claim.split(" ") : Array.isArray(claim) ? claim.filter((s) => typeof s === "string") : [],
  );
  return values.filter(Boolean);
}

const PATIENT_ID = /^[1-9]\d{0,9}$/;
const FHIR_USER_PATIENT = /(?:^|\/)Patient\/([1-9]\d{0,9})$/;

/** The `patient` claim, else a fhirUser claim naming a Patient: this service's Patient id. */
function patientContext(payload: JWTPayload): number | null {
  const claim = payload.patient;
  const text = typeof claim === "number" ? String(claim) : typeof claim === "string" ? claim : null;
  if (text !== null) return PATIENT_ID.test(text) && Number(text) <= 2_147_483_647 ? Number(text) : null;
  const fhirUser = typeof payload.fhirUser === "string" ? FHIR_USER_PATIENT.exec(payload.fhirUser) : null;
  return fhirUser && Number(fhirUser[1]) <= 2_147_483_647 ? Number(fhirUser[1]) : null;
}

/** The SMART grant of a verified token's claims; undefined when it carries no SMART scope. */
export function smartGrant(payload: JWTPayload): SmartGrant | undefined {
  const smart = scopeStrings(payload).filter((scope) => SMART_PREFIX.test(scope));
  if (smart.length === 0) return undefined;
  const backend = payload.gty === "client-credentials" || (typeof payload.client_id === "string" && payload.sub === payload.client_id);
  return {
    scopes: smart.map(parseScope).filter((scope): scope is SmartScope => scope !== null),
    patient: patientContext(payload),
    backend,
  };
}

/** The levels of the scopes that let the token do `interaction` on `type` (system/ only for backend tokens). */
export function levelsFor(grant: SmartGrant, type: string, interaction: SmartInteraction): Set<SmartLevel> {
  const levels = new Set<SmartLevel>();
  for (const scope of grant.scopes) {
    if ((scope.type === "*" || scope.type === type) && scope[interaction] && (scope.level !== "system" || grant.backend)) {
      levels.add(scope.level);
    }
  }
  return levels;
}

/** 403 with RFC 6750's insufficient_scope, naming a scope that would do. */
export function insufficientScope(type: string, interaction: SmartInteraction | "fhir"): ApiError {
  const needed = interaction === "fhir" ? "" : `${type}.${interaction === "read" ? "r" : "s"}`;
  const message =
    interaction === "fhir"
      ? "This token carries SMART scopes, which grant FHIR reads only"
      : `The token's scopes do not allow ${interaction === "read" ? "reading" : "searching"} ${type} (needs e.g. patient/${needed})`;
  const scope = needed ? `, scope="patient/${needed} user/${needed} system/${needed}"` : "";
  return new ApiError(403, message, { headers: { "www-authenticate": `${BEARER_REALM}, error="insufficient_scope"${scope}` } });
}

/** The types every Patient/$everything page may hold. */
export const EVERYTHING_TYPES = ["Patient", "Observation", "DiagnosticReport"];

/**
 * What a route asks of a SMART token before anything is read, from its path: a FHIR path, and a
 * scope for the resource type it reads or searches (the three types of $everything). Other FHIR
 * operations ($export and the like) check their own scopes. Throws the 403.
 */
export function requireSmartRoute(grant: SmartGrant, path: string): void {
  if (!path.startsWith("/fhir/")) throw insufficientScope("", "fhir");
  const parts = path.slice("/fhir/".length).split("/");
  const type = parts[0]!;
  if (!/^[A-Z]/.test(type)) return;
  const operation = parts.find((part) => part.startsWith("$"));
  if (operation !== undefined && operation !== "$everything") return;
  const interaction: SmartInteraction = parts.length === 1 ? "search" : "read";
  for (const needed of operation ? EVERYTHING_TYPES : [type]) {
    if (levelsFor(grant, needed, interaction).size === 0) throw insufficientScope(needed, interaction);
  }
}
