-- TRUNCATE skips row triggers: a statement trigger refuses it, so the owner too must drop the
-- trigger (a visible DDL change) before the trail can be emptied. Rows now record the trusted
-- client address (or its keyed hash, AUDIT_ADDRESS_KEY), and a read of the trail itself is a
-- row that may name no patient.
CREATE TRIGGER "audit_events_no_truncate"
  BEFORE TRUNCATE ON "audit_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_events_append_only"();

ALTER TABLE "audit_events" ADD COLUMN "client_address" TEXT;
ALTER TABLE "audit_events" ALTER COLUMN "patient_id" DROP NOT NULL;
