-- Written by scripts/kinds-sql.ts from the registry of kinds (lib/assessments/kinds).
ALTER TYPE "AssessmentType" ADD VALUE IF NOT EXISTS 'PRWE';
