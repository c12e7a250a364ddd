-- Who wrote each journal entry: the author's contact and role ('anonymous' with JOURNAL_AUTH=none).
-- Entries written before this migration have no recorded author (both null).
ALTER TABLE "journal_entries" ADD COLUMN "author_contact_id" INTEGER;
ALTER TABLE "journal_entries" ADD COLUMN "author_role" TEXT;
