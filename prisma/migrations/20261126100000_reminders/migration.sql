-- Re-measure reminders by e-mail (lib/reminders): one row per patient who opted in. The job sends
-- a reminder by moving next_due_at on in the statement that finds it due, so each due period is
-- claimed by one instance only; NULL is "unsubscribed" (the interval and clock stay for the UI).
-- token_nonce is the random part of the signed unsubscribe link, new at every opt-in.
CREATE TABLE "reminders" (
    "contact_id" INTEGER NOT NULL,
    "interval_weeks" INTEGER NOT NULL,
    "next_due_at" TIMESTAMPTZ(3),
    "locale" TEXT NOT NULL,
    "time_zone" TEXT NOT NULL,
    "set_by" TEXT NOT NULL,
    "token_nonce" TEXT NOT NULL,
    "last_sent_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "reminders_pkey" PRIMARY KEY ("contact_id"),
    CONSTRAINT "reminders_interval_weeks_check" CHECK ("interval_weeks" IN (1, 2, 4))
);

CREATE INDEX "reminders_next_due_at_idx" ON "reminders"("next_due_at");

ALTER TABLE "reminders" ADD CONSTRAINT "reminders_contact_id_fkey" FOREIGN KEY ("contact_id") REFERENCES "contacts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Keys the service makes for itself on first use (INSERT ... ON CONFLICT DO NOTHING, so every
-- instance ends up with the same one): the unsubscribe links' HMAC key.
CREATE TABLE "service_keys" (
    "name" TEXT NOT NULL,
    "key" BYTEA NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "service_keys_pkey" PRIMARY KEY ("name")
);
