-- Invitations to join a clinic by e-mail (issue 37): the link's token is kept only as its SHA-256.
CREATE TABLE "clinic_invitations" (
    "id" SERIAL NOT NULL,
    "clinic_id" INTEGER NOT NULL,
    "email" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "token_hash" VARCHAR(64) NOT NULL,
    "invited_by" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "accepted_at" TIMESTAMPTZ(3),
    "accepted_by" TEXT,
    "revoked_at" TIMESTAMPTZ(3),

    CONSTRAINT "clinic_invitations_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "clinic_invitations_token_hash_key" ON "clinic_invitations"("token_hash");
CREATE INDEX "clinic_invitations_clinic_id_created_at_idx" ON "clinic_invitations"("clinic_id", "created_at");

ALTER TABLE "clinic_invitations" ADD CONSTRAINT "clinic_invitations_clinic_id_fkey" FOREIGN KEY ("clinic_id") REFERENCES "clinics"("id") ON DELETE CASCADE ON UPDATE CASCADE;
