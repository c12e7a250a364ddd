-- Goals: one target per patient, test and metric ("wrist extension 60°", "QuickDASH ≤ 20"),
-- set by the patient or a clinician of a clinic they share with; the direction comes from the
-- kind's metric (lib/assessments/kinds), so only the target is stored.
CREATE TABLE "patient_goals" (
    "patient_id" INTEGER NOT NULL,
    "test" "AssessmentType" NOT NULL,
    "metric" TEXT NOT NULL,
    "target" DOUBLE PRECISION NOT NULL,
    "set_by_role" TEXT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "patient_goals_pkey" PRIMARY KEY ("patient_id", "test", "metric")
);

ALTER TABLE "patient_goals" ADD CONSTRAINT "patient_goals_patient_id_fkey" FOREIGN KEY ("patient_id") REFERENCES "contacts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
