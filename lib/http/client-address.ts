// The client's address travels with each request in one header that server.ts writes (and
// overwrites, whatever the client sent): route handlers, Next-served pages and the voice socket
// read it instead of X-Forwarded-For. The web app's own loopback calls to the API (pages and the
// same-origin proxy) pass the browser's address on, proving with a per-process secret that the
// header is theirs to set.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { isLoopback } from "@/lib/env";
import { clientAddressOf, clientKeyOf, siteKeyOf, type Trust } from "@/lib/http/trust";
import type { LimitSubject } from "@/lib/rate-limit";

export const CLIENT_ADDRESS_HEADER = "x-hand-client-address";
const INTERNAL_HEADER = "x-hand-internal";
const SECRET_VARIABLE = "HAND_INTERNAL_SECRET";

/** One secret per process, shared by server.ts and the Next-bundled copy of this module through the environment. */
function internalSecret(): string {
  process.env[SECRET_VARIABLE] ??= randomBytes(32).toString("hex");
  return process.env[SECRET_VARIABLE];
}

function sameSecret(given: string): boolean {
  const expected = Buffer.from(internalSecret());
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

const ADDRESS = /^[\da-f.:]{2,45}$/i;

/** server.ts: decides the request's client address and writes it into the request's headers. */
export function stampClientAddress(req: IncomingMessage, trust: Trust): string {
  const internal = req.headers[INTERNAL_HEADER];
  const claimed = req.headers[CLIENT_ADDRESS_HEADER];
  delete req.headers[INTERNAL_HEADER];
  const fromOwnWebApp =
    typeof internal === "string" &&
    typeof claimed === "string" &&
    ADDRESS.test(claimed) &&
    isLoopback(req.socket.remoteAddress?.replace(/^::ffff:/, "") ?? "") &&
    sameSecret(internal);
  const address = fromOwnWebApp ? claimed : clientAddressOf(req, trust);
  req.headers[CLIENT_ADDRESS_HEADER] = address;
  return address;
}

/** The client address server.ts stamped on a request ("unknown" when served without server.ts). */
export function clientAddress(headers: Pick<Headers, "get">): string {
  return headers.get(CLIENT_ADDRESS_HEADER) ?? "unknown";
}

/**
 * Whom the caller's allowances count: a signed-in caller by its token's subject (hashed: no
 * identities in the limit store; prefixed: never an address's key), wherever it calls from;
 * anyone else by its client key (an IPv4 address or an IPv6 /64) and, for code misses, its /48.
 * The exact address stays what the audit trail and loopback checks read.
 */
export function limitSubjectOf(address: string, user: { sub: string } | null): LimitSubject {
  if (user) return { key: `user:${createHash("sha256").update(user.sub).digest("hex").slice(0, 32)}`, site: null };
  return { key: `client:${clientKeyOf(address)}`, site: siteKeyOf(address) };
}

/** Headers for the web app's loopback calls to its own API: the browser's address, vouched for. */
export function onBehalfOf(incoming: Pick<Headers, "get">): Record<string, string> {
  return { [CLIENT_ADDRESS_HEADER]: clientAddress(incoming), [INTERNAL_HEADER]: internalSecret() };
}
