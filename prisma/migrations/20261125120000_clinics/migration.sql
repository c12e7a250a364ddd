-- Clinics and care teams (issue 24): a clinician reads a patient only while the patient shares
-- with a clinic the clinician belongs to (PATIENT_ACCESS=care-team, lib/access).

-- CreateTable
CREATE TABLE "clinics" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "join_code" VARCHAR(10) NOT NULL,
    "created_by" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "clinics_pkey" PRIMARY KEY ("id")
);

-- CreateTable: members are named by the identity provider's subject, signed in yet or not.
CREATE TABLE "clinic_members" (
    "clinic_id" INTEGER NOT NULL,
    "sub" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "added_by" TEXT NOT NULL,
    "added_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "clinic_members_pkey" PRIMARY KEY ("clinic_id","sub"),
    CONSTRAINT "clinic_members_role_check" CHECK ("role" IN ('clinician', 'clinic_admin'))
);

-- CreateTable: a live share; revoking deletes the row (the audit trail keeps the history).
CREATE TABLE "patient_shares" (
    "patient_id" INTEGER NOT NULL,
    "clinic_id" INTEGER NOT NULL,
    "shared_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "patient_shares_pkey" PRIMARY KEY ("patient_id","clinic_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "clinics_join_code_key" ON "clinics"("join_code");

-- CreateIndex
CREATE INDEX "clinic_members_sub_idx" ON "clinic_members"("sub");

-- CreateIndex
CREATE INDEX "patient_shares_clinic_id_patient_id_idx" ON "patient_shares"("clinic_id", "patient_id");

-- AddForeignKey
ALTER TABLE "clinic_members" ADD CONSTRAINT "clinic_members_clinic_id_fkey" FOREIGN KEY ("clinic_id") REFERENCES "clinics"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "patient_shares" ADD CONSTRAINT "patient_shares_patient_id_fkey" FOREIGN KEY ("patient_id") REFERENCES "contacts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "patient_shares" ADD CONSTRAINT "patient_shares_clinic_id_fkey" FOREIGN KEY ("clinic_id") REFERENCES "clinics"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Upgrade: a database that already holds care providers or patients keeps working as one
-- practice. One clinic is made, every care provider known so far joins it as a clinician and
-- every patient shares with it; the server logs it at start (lib/access/upgrade.ts).
INSERT INTO "clinics" ("name", "join_code", "created_by")
SELECT 'Existing practice',
       (SELECT string_agg(substr('ABCDEFGHJKMNPQRSTUVWXYZ23456789', 1 + floor(random() * 31)::int, 1), '') FROM generate_series(1, 10)),
       'migration:20261125120000_clinics'
WHERE EXISTS (SELECT 1 FROM "contacts" WHERE "kind" = 'PATIENT' OR 'care_provider' = ANY ("roles"));

INSERT INTO "clinic_members" ("clinic_id", "sub", "role", "added_by")
SELECT cl."id", c."sub", 'clinician', cl."created_by"
FROM "clinics" cl, "contacts" c
WHERE cl."created_by" = 'migration:20261125120000_clinics' AND c."sub" IS NOT NULL AND 'care_provider' = ANY (c."roles");

INSERT INTO "patient_shares" ("patient_id", "clinic_id")
SELECT c."id", cl."id"
FROM "clinics" cl, "contacts" c
WHERE cl."created_by" = 'migration:20261125120000_clinics' AND c."kind" = 'PATIENT';
