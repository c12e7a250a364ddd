// Voice socket tickets. Browsers cannot set headers on a WebSocket, and a token in the URL ends up
// in proxy and access logs; so a signed-in caller asks for a ticket over an authenticated POST
// and opens the socket with ?ticket=. A ticket is random, lives VOICE_TICKET_SECONDS, works once,
// and is stored in the database (only its SHA-256), so every instance can take it.
import { createHash, randomBytes } from "node:crypto";
import { ApiError } from "@/lib/api/errors";
import type { AuthUser } from "@/lib/auth/guard";
import { db } from "@/lib/db";
import { env } from "@/lib/env";

const hash = (ticket: string) => createHash("sha256").update(ticket).digest("base64url");

/** A new ticket for `user`; expired tickets are swept on the way. */
export async function issueVoiceTicket(user: AuthUser): Promise<{ ticket: string; expiresAt: string }> {
  const ticket = randomBytes(32).toString("base64url");
  const now = Date.now();
  const expiresAt = new Date(now + env().VOICE_TICKET_SECONDS * 1000);
  await db().voiceTicket.deleteMany({ where: { expiresAt: { lt: new Date(now) } } });
  // A SMART token never gets here (its scopes grant FHIR reads only), so there is no grant to keep.
  const { smart: _smart, ...caller } = user;
  await db().voiceTicket.create({ data: { ticketHash: hash(ticket), caller, expiresAt } });
  return { ticket, expiresAt: expiresAt.toISOString() };
}

const REFUSED = "The voice ticket is unknown, used or expired; ask for a new one (POST /api/ai/ws-ticket)";

/** The caller a ticket was issued to; the ticket is spent whatever the answer. 401 ApiError when unknown, used or expired. */
export async function redeemVoiceTicket(ticket: string): Promise<AuthUser> {
  // One DELETE takes the ticket: of two sockets racing with it, only one gets the row.
  const [row] = await db().$queryRaw<{ caller: AuthUser; expires_at: Date | string }[]>`
    DELETE FROM "voice_tickets" WHERE "ticket_hash" = ${hash(ticket)} RETURNING "caller", "expires_at"`;
  if (!row || new Date(row.expires_at).getTime() <= Date.now()) throw new ApiError(401, REFUSED);
  return row.caller;
}
