-- Clinician notes (issue 36): written by a clinician of the patient's care team, never changed.
-- A correction is a new note naming the one it corrects; a trigger refuses any change to what a
-- note says, who wrote it, whose it is and when (the foreign keys may still clear a deleted
-- clinic, result or corrected note).
CREATE TABLE "clinician_notes" (
    "id" SERIAL NOT NULL,
    "patient_id" INTEGER NOT NULL,
    "author_contact_id" INTEGER NOT NULL,
    "author_sub" TEXT NOT NULL,
    "clinic_id" INTEGER,
    "assessment_id" INTEGER,
    "corrects_id" INTEGER,
    "text" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "clinician_notes_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "clinician_notes_patient_id_created_at_idx" ON "clinician_notes"("patient_id", "created_at" DESC);

ALTER TABLE "clinician_notes" ADD CONSTRAINT "clinician_notes_patient_id_fkey" FOREIGN KEY ("patient_id") REFERENCES "contacts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "clinician_notes" ADD CONSTRAINT "clinician_notes_clinic_id_fkey" FOREIGN KEY ("clinic_id") REFERENCES "clinics"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "clinician_notes" ADD CONSTRAINT "clinician_notes_assessment_id_fkey" FOREIGN KEY ("assessment_id") REFERENCES "assessments"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "clinician_notes" ADD CONSTRAINT "clinician_notes_corrects_id_fkey" FOREIGN KEY ("corrects_id") REFERENCES "clinician_notes"("id") ON DELETE SET NULL ON UPDATE CASCADE;

CREATE FUNCTION "clinician_notes_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'clinician notes are immutable: write a correction instead';
END;
$$;

CREATE TRIGGER "clinician_notes_no_edit" BEFORE UPDATE OF "patient_id", "author_contact_id", "author_sub", "text", "created_at"
  ON "clinician_notes" FOR EACH ROW EXECUTE FUNCTION "clinician_notes_immutable"();

-- A report a clinician makes for a patient (POST /patients/{id}/reports) is headed with the
-- patient's name and clinical context; reports bundled from codes stay unnamed.
ALTER TABLE "reports" ADD COLUMN "named" BOOLEAN NOT NULL DEFAULT false;

UPDATE "reports" r SET "record_patient_id" = NULL
 WHERE "record_patient_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "contacts" c WHERE c."id" = r."record_patient_id");
ALTER TABLE "reports" ADD CONSTRAINT "reports_record_patient_id_fkey" FOREIGN KEY ("record_patient_id") REFERENCES "contacts"("id") ON DELETE SET NULL ON UPDATE CASCADE;
