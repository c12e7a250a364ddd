-- Sample records: "Try a sample result" on the home page makes an anonymous record marked as a
-- sample, so every page can say so and no claim, report or figure takes it for a measurement.
ALTER TABLE "assessments" ADD COLUMN "is_sample" BOOLEAN NOT NULL DEFAULT false;
