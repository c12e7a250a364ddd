-- FHIR bulk export (lib/fhir/bulk): which patients each file holds, so that every status poll and
-- file download checks the requester may still search each of them (a removed clinician, or a
-- patient who left the clinic, stops the next request) and every download audits them.
CREATE TABLE "bulk_export_file_patients" (
    "export_id" UUID NOT NULL,
    "file_seq" INTEGER NOT NULL,
    "patient_id" INTEGER NOT NULL,

    CONSTRAINT "bulk_export_file_patients_pkey" PRIMARY KEY ("export_id","file_seq","patient_id")
);

ALTER TABLE "bulk_export_file_patients" ADD CONSTRAINT "bulk_export_file_patients_export_id_file_seq_fkey" FOREIGN KEY ("export_id", "file_seq") REFERENCES "bulk_export_files"("export_id", "seq") ON DELETE CASCADE ON UPDATE CASCADE;
