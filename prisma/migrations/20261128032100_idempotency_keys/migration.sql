-- A submission's Idempotency-Key (docs/api.md): a browser that sends a result again after a lost
-- answer gets the record its first send made, not a second one. Rows go with their assessment.
CREATE TABLE "idempotency_keys" (
    "id" SERIAL NOT NULL,
    "scope" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "body_hash" VARCHAR(64) NOT NULL,
    "assessment_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "idempotency_keys_scope_key_key" ON "idempotency_keys"("scope", "key");
CREATE INDEX "idempotency_keys_assessment_id_idx" ON "idempotency_keys"("assessment_id");

ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_assessment_id_fkey" FOREIGN KEY ("assessment_id") REFERENCES "assessments"("id") ON DELETE CASCADE ON UPDATE CASCADE;
