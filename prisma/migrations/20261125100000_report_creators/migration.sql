-- Who made each report: the creator's identity-provider sub and role ('anonymous' without a
-- token). Only reports a patient made, or staff made, are that patient's DiagnosticReports; an
-- anonymous sender's title is shown as theirs. Existing reports take their owner's sub and role.
ALTER TABLE "reports" ADD COLUMN "creator_sub" TEXT;
ALTER TABLE "reports" ADD COLUMN "creator_role" TEXT NOT NULL DEFAULT 'anonymous';

UPDATE "reports" r
SET "creator_sub" = c."sub",
    "creator_role" = CASE
      WHEN 'admin' = ANY (c."roles") THEN 'admin'
      WHEN 'care_provider' = ANY (c."roles") THEN 'care_provider'
      WHEN 'patient' = ANY (c."roles") THEN 'patient'
      ELSE 'none'
    END
FROM "contacts" c
WHERE c."id" = r."owner_id";
