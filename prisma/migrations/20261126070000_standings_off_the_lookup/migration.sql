-- Every code lookup updates view_count, and the statement-level trigger of 20261122130000 still
-- fired for each one: it captured the old and new rows and joined them to find that no owner or
-- creation time changed (0.13-0.16 ms a lookup, and its plan compiled on every new connection).
-- A row-level trigger on the two columns a standing reads does not fire at all for an UPDATE
-- that does not set them; of those that do (a claim moves one record), only rows whose owner or
-- creation time really changed refresh the old and the new owner's standing.
CREATE FUNCTION "patient_standings_after_assessment_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_patient_standing(OLD.owner_id);
  IF NEW.owner_id IS DISTINCT FROM OLD.owner_id THEN
    PERFORM refresh_patient_standing(NEW.owner_id);
  END IF;
  RETURN NULL;
END;
$$;

DROP TRIGGER "assessments_standings_update" ON "assessments";
DROP FUNCTION "patient_standings_after_assessment_update"();
CREATE TRIGGER "assessments_standings_update" AFTER UPDATE OF "owner_id", "date_created" ON "assessments"
  FOR EACH ROW WHEN (OLD.owner_id IS DISTINCT FROM NEW.owner_id OR OLD.date_created IS DISTINCT FROM NEW.date_created)
  EXECUTE FUNCTION "patient_standings_after_assessment_move"();
