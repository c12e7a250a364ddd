-- Attention judged per test on its own measure (prisma/functions.sql, docs/clinical.md): the
-- list sorts flagged patients by urgency (the decline in MCIDs, then recency), then low, then
-- "re-measure". The standings' functions are re-applied after the migrations and recompute every
-- row. Only the affected hand is judged, so changing it in the profile recomputes the standing.
ALTER TABLE "patient_standings" ADD COLUMN "attention_rank" INTEGER NOT NULL DEFAULT 3;
ALTER TABLE "patient_standings" ADD COLUMN "urgency" DOUBLE PRECISION;

CREATE INDEX "patient_standings_attention_rank_urgency_last_assessment_idx" ON "patient_standings"("attention_rank", "urgency" DESC, "last_assessment" DESC);

CREATE FUNCTION "patient_standings_after_profile_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_patient_standing(NEW.contact_id);
  RETURN NULL;
END;
$$;

CREATE TRIGGER "patient_profiles_standings" AFTER INSERT OR UPDATE OF "affected_hand" ON "patient_profiles"
  FOR EACH ROW EXECUTE FUNCTION "patient_standings_after_profile_change"();
