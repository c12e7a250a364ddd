-- Voice socket tickets: a signed-in caller trades its token for a short-lived, single-use ticket
-- (POST /api/ai/ws-ticket) and opens the socket with ?ticket=, so no token travels in a URL.
-- Only the ticket's SHA-256 is stored; the row is deleted when the ticket is used.
CREATE TABLE "voice_tickets" (
    "ticket_hash" TEXT NOT NULL,
    "caller" JSONB NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "voice_tickets_pkey" PRIMARY KEY ("ticket_hash")
);

CREATE INDEX "voice_tickets_expires_at_idx" ON "voice_tickets"("expires_at");
