// Who opened a voice socket: a single-use ticket (?ticket=, from POST /api/ai/ws-ticket; what
// browsers use, since they cannot set headers on a WebSocket), or the bearer token of the
// Authorization header, checked by the same guards as the REST routes. The access_token query
// parameter still works but is deprecated: tokens in URLs reach proxy and access logs. Without
// credentials the session is anonymous; credentials that do not verify refuse the handshake, so
// nobody believes answers are saved when they are not.
import type { IncomingMessage } from "node:http";
import { authenticate, DEV_USER_HEADER, type AuthUser } from "@/lib/auth/guard";
import { isDevAuth } from "@/lib/env";
import { logger } from "@/lib/log";
import { redeemVoiceTicket } from "@/lib/voice/tickets";

export interface UpgradeCaller {
  user: AuthUser | null;
  /** The token came in the deprecated access_token query parameter. */
  deprecatedQueryToken: boolean;
}

let warnedAboutQueryToken = false;

export async function authenticateUpgrade(req: IncomingMessage): Promise<UpgradeCaller> {
  const url = new URL(req.url ?? "/", "http://voice.invalid");
  const ticket = url.searchParams.get("ticket");
  if (ticket !== null) return { user: await redeemVoiceTicket(ticket), deprecatedQueryToken: false };
  const headers = new Headers();
  const queryToken = url.searchParams.get("access_token");
  const deprecatedQueryToken = !req.headers.authorization && Boolean(queryToken);
  if (deprecatedQueryToken && !warnedAboutQueryToken) {
    warnedAboutQueryToken = true;
    logger.warn("a voice socket was opened with ?access_token= (deprecated: tokens in URLs reach logs); use POST /api/ai/ws-ticket");
  }
  const authorization = req.headers.authorization ?? (queryToken ? `Bearer ${queryToken}` : undefined);
  if (authorization) headers.set("authorization", authorization);
  const persona = req.headers[DEV_USER_HEADER];
  if (typeof persona === "string") headers.set(DEV_USER_HEADER, persona);
  // The optional guard ignores a bad token; a socket refuses one (see above).
  const guard = authorization && !isDevAuth() ? "required" : "optional";
  return { user: await authenticate(new Request(url, { headers }), guard), deprecatedQueryToken };
}
