-- sort=recent of the provider list: patients with assessments walk this index newest first
-- (the null rows, never assessed, are skipped by the IS NOT NULL condition and listed last).
CREATE INDEX "patient_standings_last_assessment_contact_id_idx" ON "patient_standings"("last_assessment" DESC, "contact_id");
