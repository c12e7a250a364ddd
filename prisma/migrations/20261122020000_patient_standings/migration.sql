-- The provider list's per-patient figures, kept current by triggers so that GET /patients reads
-- one indexed row per patient instead of recomputing every patient's latest two daily scores.
CREATE TABLE "patient_standings" (
    "contact_id" INTEGER NOT NULL,
    "latest_day" DATE,
    "score" DOUBLE PRECISION,
    "previous_day" DATE,
    "previous_score" DOUBLE PRECISION,
    "trend" TEXT NOT NULL DEFAULT 'stable',
    "needs_attention" BOOLEAN NOT NULL DEFAULT false,
    "last_assessment" TIMESTAMPTZ(3),
    "assessment_count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "patient_standings_pkey" PRIMARY KEY ("contact_id")
);

CREATE INDEX "patient_standings_score_contact_id_idx" ON "patient_standings"("score", "contact_id");

CREATE INDEX "patient_standings_needs_attention_score_contact_id_idx" ON "patient_standings"("needs_attention", "score", "contact_id");

CREATE INDEX "patient_standings_trend_score_idx" ON "patient_standings"("trend", "score");

ALTER TABLE "patient_standings" ADD CONSTRAINT "patient_standings_contact_id_fkey" FOREIGN KEY ("contact_id") REFERENCES "contacts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Recomputes one patient's row: a day's score is the mean of its score points rounded to one
-- decimal; trend compares the latest two days (> +2 improving, < -2 declining, else stable);
-- attention when declining or the latest score is below 40. Other contact kinds are skipped.
CREATE FUNCTION "refresh_patient_standing"(patient INTEGER) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_latest_day DATE;
  v_latest NUMERIC;
  v_previous_day DATE;
  v_previous NUMERIC;
  v_last_assessment TIMESTAMPTZ(3);
  v_count INTEGER;
  v_trend TEXT := 'stable';
BEGIN
  IF NOT EXISTS (SELECT 1 FROM contacts WHERE id = patient AND kind = 'PATIENT') THEN
    RETURN;
  END IF;
  -- Lock the row first: a concurrent writer for the same patient waits, and the reads below
  -- (each with a fresh snapshot) then see its committed score points.
  INSERT INTO patient_standings (contact_id) VALUES (patient) ON CONFLICT (contact_id) DO NOTHING;
  PERFORM 1 FROM patient_standings WHERE contact_id = patient FOR UPDATE;

  SELECT max(sp.day) INTO v_latest_day FROM score_points sp WHERE sp.contact_id = patient;
  IF v_latest_day IS NOT NULL THEN
    SELECT round(avg(sp.overall_score)::numeric, 1) INTO v_latest FROM score_points sp WHERE sp.contact_id = patient AND sp.day = v_latest_day;
    SELECT max(sp.day) INTO v_previous_day FROM score_points sp WHERE sp.contact_id = patient AND sp.day < v_latest_day;
    IF v_previous_day IS NOT NULL THEN
      SELECT round(avg(sp.overall_score)::numeric, 1) INTO v_previous FROM score_points sp WHERE sp.contact_id = patient AND sp.day = v_previous_day;
      v_trend := CASE WHEN v_latest - v_previous > 2 THEN 'improving' WHEN v_latest - v_previous < -2 THEN 'declining' ELSE 'stable' END;
    END IF;
  END IF;
  SELECT max(a.date_created), count(*) INTO v_last_assessment, v_count FROM assessments a WHERE a.owner_id = patient;

  UPDATE patient_standings SET
    latest_day = v_latest_day,
    score = v_latest::float8,
    previous_day = v_previous_day,
    previous_score = v_previous::float8,
    trend = v_trend,
    needs_attention = (v_trend = 'declining' OR coalesce(v_latest < 40, false)),
    last_assessment = v_last_assessment,
    assessment_count = v_count
  WHERE contact_id = patient;
END;
$$;

CREATE FUNCTION "patient_standings_after_score_points"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM refresh_patient_standing(contact_id) FROM (SELECT DISTINCT contact_id FROM new_rows) AS changed;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM refresh_patient_standing(contact_id) FROM (SELECT DISTINCT contact_id FROM old_rows) AS changed;
  END IF;
  RETURN NULL;
END;
$$;

CREATE FUNCTION "patient_standings_after_assessments"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM refresh_patient_standing(owner_id) FROM (SELECT DISTINCT owner_id FROM new_rows) AS changed;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM refresh_patient_standing(owner_id) FROM (SELECT DISTINCT owner_id FROM old_rows) AS changed;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER "score_points_standings_insert" AFTER INSERT ON "score_points"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "patient_standings_after_score_points"();
CREATE TRIGGER "score_points_standings_update" AFTER UPDATE ON "score_points"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "patient_standings_after_score_points"();
CREATE TRIGGER "score_points_standings_delete" AFTER DELETE ON "score_points"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "patient_standings_after_score_points"();

CREATE TRIGGER "assessments_standings_insert" AFTER INSERT ON "assessments"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "patient_standings_after_assessments"();
CREATE TRIGGER "assessments_standings_update" AFTER UPDATE ON "assessments"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "patient_standings_after_assessments"();
CREATE TRIGGER "assessments_standings_delete" AFTER DELETE ON "assessments"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "patient_standings_after_assessments"();

-- Every patient has a row from the start (no scores yet: stable, no attention), so the list
-- can be read from this table alone.
CREATE FUNCTION "patient_standings_after_contact"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO patient_standings (contact_id) VALUES (NEW.id) ON CONFLICT (contact_id) DO NOTHING;
  RETURN NULL;
END;
$$;

CREATE TRIGGER "contacts_standings_insert" AFTER INSERT OR UPDATE OF "kind" ON "contacts"
  FOR EACH ROW WHEN (NEW.kind = 'PATIENT') EXECUTE FUNCTION "patient_standings_after_contact"();

-- Patients that already exist.
SELECT refresh_patient_standing(id) FROM contacts WHERE kind = 'PATIENT';
