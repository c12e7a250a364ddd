-- A patient's standing reads only the owner and creation time of their assessments, but every
-- code lookup updates view_count: refresh only the owners of rows whose owner or creation time
-- changed (a claim, say), instead of every owner an update touches.
CREATE FUNCTION "patient_standings_after_assessment_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_patient_standing(owner_id) FROM (
    SELECT n.owner_id FROM new_rows n JOIN old_rows o ON o.id = n.id
     WHERE n.owner_id IS DISTINCT FROM o.owner_id OR n.date_created IS DISTINCT FROM o.date_created
    UNION
    SELECT o.owner_id FROM new_rows n JOIN old_rows o ON o.id = n.id
     WHERE n.owner_id IS DISTINCT FROM o.owner_id OR n.date_created IS DISTINCT FROM o.date_created
  ) AS changed;
  RETURN NULL;
END;
$$;

DROP TRIGGER "assessments_standings_update" ON "assessments";
CREATE TRIGGER "assessments_standings_update" AFTER UPDATE ON "assessments"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "patient_standings_after_assessment_update"();
