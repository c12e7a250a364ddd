-- The clinic whose share let a care-team clinician read the patient (lib/access openPatient),
-- so the patient's access log names that clinic rather than every clinic the reader belongs to.
-- Null for reads that no share granted (the service admin, all-staff, sharing codes) and for
-- rows written before this column. No foreign key: the trail is append-only and outlives clinics.
ALTER TABLE "audit_events" ADD COLUMN "clinic_id" INTEGER;
