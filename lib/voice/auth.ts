// Who opened a voice socket: the bearer token of the Authorization header, or of the
// access_token query parameter (browsers cannot set headers on a WebSocket), checked by the
// same guards as the REST routes. Without credentials the session is anonymous; credentials
// that do not verify refuse the handshake, so nobody believes answers are saved when they
// are not.
import type { IncomingMessage } from "node:http";
import { authenticate, DEV_USER_HEADER, type AuthUser } from "@/lib/auth/guard";
import { isDevAuth } from "@/lib/env";

export async function authenticateUpgrade(req: IncomingMessage): Promise<AuthUser | null> {
  const url = new URL(req.url ?? "/", "http://voice.invalid");
  const headers = new Headers();
  const queryToken = url.searchParams.get("access_token");
  const authorization = req.headers.authorization ?? (queryToken ? `Bearer ${queryToken}` : undefined);
  if (authorization) headers.set("authorization", authorization);
  const persona = req.headers[DEV_USER_HEADER];
  if (typeof persona === "string") headers.set(DEV_USER_HEADER, persona);
  // The optional guard ignores a bad token; a socket refuses one (see above).
  const guard = authorization && !isDevAuth() ? "required" : "optional";
  return authenticate(new Request(url, { headers }), guard);
}
