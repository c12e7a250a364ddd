-- A staff member's report enters a patient's FHIR record only when the access rule let its
-- creator read that patient as they made it (a care-team clinician, the service admin), no
-- longer because any staff account holding the patient's sharing codes made it. The report keeps
-- that patient and the clinic whose share let a clinician in, which its DiagnosticReport names.
ALTER TABLE "reports" ADD COLUMN "record_patient_id" INTEGER,
ADD COLUMN "creator_clinic_id" INTEGER;

ALTER TABLE "reports" ADD CONSTRAINT "reports_creator_clinic_id_fkey" FOREIGN KEY ("creator_clinic_id") REFERENCES "clinics"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Staff reports made before: the rule as it reads now. Each bundles one patient's records; a
-- service admin's enters that record, a clinician's when they belong to a clinic the patient
-- shares with (PATIENT_ACCESS=all-staff is not known here: its clinicians' older reports stay out).
WITH one_patient AS (
    SELECT ri.report_id, min(a.owner_id) AS patient_id
      FROM report_items ri JOIN assessments a ON a.id = ri.assessment_id JOIN contacts c ON c.id = a.owner_id
     GROUP BY ri.report_id
    HAVING count(DISTINCT a.owner_id) = 1 AND bool_and(NOT a.is_anonymous AND c.kind = 'PATIENT')
), admitted AS (
    SELECT r.id, p.patient_id,
           (SELECT min(s.clinic_id) FROM patient_shares s JOIN clinic_members m ON m.clinic_id = s.clinic_id
             WHERE s.patient_id = p.patient_id AND m.sub = r.creator_sub) AS clinic_id,
           r.creator_role
      FROM reports r JOIN one_patient p ON p.report_id = r.id
     WHERE r.creator_role IN ('care_provider', 'admin')
)
UPDATE "reports" r
   SET "record_patient_id" = admitted.patient_id,
       "creator_clinic_id" = CASE WHEN admitted.creator_role = 'care_provider' THEN admitted.clinic_id END
  FROM admitted
 WHERE r.id = admitted.id AND (admitted.creator_role = 'admin' OR admitted.clinic_id IS NOT NULL);
