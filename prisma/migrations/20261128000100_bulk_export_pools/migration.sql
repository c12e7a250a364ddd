-- FHIR bulk export (lib/fhir/bulk): patients exporting their own records and clinics' or backend
-- services' exports have separate caps on how many run at once, so that one kind never starves
-- the other. Exports kicked off before this migration were all counted as one: clinic.
ALTER TABLE "bulk_exports" ADD COLUMN "pool" TEXT NOT NULL DEFAULT 'clinic';

DROP INDEX "bulk_exports_status_idx";

CREATE INDEX "bulk_exports_status_pool_idx" ON "bulk_exports"("status", "pool");
