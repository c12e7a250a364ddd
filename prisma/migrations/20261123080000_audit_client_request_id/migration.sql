-- The audit row's request_id is now always the server's; a client's own x-request-id (free text
-- it chose) is kept beside it, so a caller can correlate but never forge the trail's ids.
ALTER TABLE "audit_events" ADD COLUMN "client_request_id" TEXT;
