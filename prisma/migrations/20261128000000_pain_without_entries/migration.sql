-- A pain session without entries gave no rating: its worst severity is null, never 0 ("no pain").
ALTER TABLE "pain_sessions" ALTER COLUMN "max_severity" DROP NOT NULL;
