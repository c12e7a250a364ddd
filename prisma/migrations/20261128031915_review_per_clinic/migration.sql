-- Review per clinic (issue 37): "reviewed" was one mark per patient, so one clinic's review
-- lowered every clinic's flag and showed its reviewer to them all. A mark now belongs to a clinic
-- (NULL: the service's own context, for the service admin and all-staff readers).
CREATE TABLE "patient_reviews" (
    "id" SERIAL NOT NULL,
    "patient_id" INTEGER NOT NULL,
    "clinic_id" INTEGER,
    "reviewed_at" TIMESTAMPTZ(3) NOT NULL,
    "reviewed_by" TEXT NOT NULL,

    CONSTRAINT "patient_reviews_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "patient_reviews_patient_id_clinic_id_key" ON "patient_reviews"("patient_id", "clinic_id") NULLS NOT DISTINCT;

ALTER TABLE "patient_reviews" ADD CONSTRAINT "patient_reviews_patient_id_fkey" FOREIGN KEY ("patient_id") REFERENCES "contacts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "patient_reviews" ADD CONSTRAINT "patient_reviews_clinic_id_fkey" FOREIGN KEY ("clinic_id") REFERENCES "clinics"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- An existing mark stays with the reviewer's clinic: the lowest-id clinic the reviewer belongs to
-- that the patient shares with (the clinic the list and the audit name); a reviewer in no such
-- clinic (the service admin) keeps it in the service's context.
INSERT INTO "patient_reviews" ("patient_id", "clinic_id", "reviewed_at", "reviewed_by")
SELECT s."contact_id",
       (SELECT min(sh."clinic_id") FROM "patient_shares" sh JOIN "clinic_members" m ON m."clinic_id" = sh."clinic_id"
         WHERE sh."patient_id" = s."contact_id" AND m."sub" = s."reviewed_by"),
       s."reviewed_at", s."reviewed_by"
  FROM "patient_standings" s
 WHERE s."reviewed_at" IS NOT NULL AND s."reviewed_by" IS NOT NULL;

ALTER TABLE "patient_standings" DROP COLUMN "reviewed_at",
DROP COLUMN "reviewed_by";
