-- QuickDASH, the fifth assessment kind (lib/assessments/kinds/quickdash.ts).
ALTER TYPE "AssessmentType" ADD VALUE 'QUICKDASH';

-- A clinician's "reviewed": the attention flag stays down until a result newer than this arrives.
ALTER TABLE "patient_standings" ADD COLUMN "reviewed_at" TIMESTAMPTZ(3),
ADD COLUMN "reviewed_by" TEXT;
