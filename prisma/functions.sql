-- The standings' functions, re-applied after the migrations whenever this file or the thresholds
-- change (lib/db/functions.ts), then every patient's row is recomputed. The migrations keep their
-- history; what runs is this. Placeholders filled from TypeScript:
--   __THRESHOLDS__  {"trend": 2, "attentionBelow": 40, "mcid": {"ROM": 10, ...}} from lib/assessments/kinds
--   __TEST_ORDER__  the kinds' read names in registry order

-- One value per test, hand and day: the mean of that day's score points of the test and hand,
-- rounded to one decimal. Test names are the read names of the API (DEXTERITY, THUMB).
CREATE OR REPLACE FUNCTION "patient_test_days"(patient INTEGER, only_hand "Hand" DEFAULT NULL)
RETURNS TABLE ("test" TEXT, "hand" TEXT, "day" DATE, "value" NUMERIC) LANGUAGE sql STABLE AS $$
  SELECT CASE a.assessment_type WHEN 'FINGER_TAPPING' THEN 'DEXTERITY' WHEN 'THUMB_MOVEMENTS' THEN 'THUMB' ELSE a.assessment_type::text END,
         sp.hand::text, sp.day, round(avg(sp.overall_score)::numeric, 1)
  FROM score_points sp JOIN assessments a ON a.id = sp.assessment_id
  WHERE sp.contact_id = patient AND (only_hand IS NULL OR sp.hand = only_hand)
  GROUP BY 1, 2, 3
$$;

-- The daily overall score: on each day with a result, the mean of every series' latest value on
-- or before that day, rounded to one decimal.
CREATE OR REPLACE FUNCTION "patient_overall_days"(patient INTEGER, only_hand "Hand" DEFAULT NULL)
RETURNS TABLE ("day" DATE, "overall" NUMERIC) LANGUAGE sql STABLE AS $$
  WITH series AS (SELECT * FROM patient_test_days(patient, only_hand))
  SELECT d.day, round(avg(latest.value), 1)
  FROM (SELECT DISTINCT s.day FROM series s) d
  CROSS JOIN LATERAL (
    SELECT DISTINCT ON (s.test, s.hand) s.value FROM series s WHERE s.day <= d.day ORDER BY s.test, s.hand, s.day DESC
  ) latest
  GROUP BY d.day
$$;

-- Recomputes one patient's row. Per test and hand: the first and latest two days' values, the
-- change, the spec's trend (> +trend improving, < -trend declining, else stable; one day:
-- insufficient), the drop (the larger fall to the latest value, from the previous day's or from
-- the first: a sudden fall and a slow slide both count) and whether it exceeds the kind's minimal
-- clinically important difference (clinicalDecline). Overall: the latest two days of the carried-forward series and the spec's
-- rule on them. Attention: a test's clinical decline, or the latest overall score below
-- attentionBelow; a clinician's review (reviewed_at) lowers it until a newer result arrives.
CREATE OR REPLACE FUNCTION "refresh_patient_standing"(patient INTEGER) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  c_thresholds CONSTANT JSONB := '__THRESHOLDS__';
  c_trend CONSTANT NUMERIC := (c_thresholds->>'trend')::numeric;
  v_latest_day DATE;
  v_latest NUMERIC;
  v_previous_day DATE;
  v_previous NUMERIC;
  v_last_assessment TIMESTAMPTZ(3);
  v_reviewed_at TIMESTAMPTZ(3);
  v_count INTEGER;
  v_trend TEXT := 'stable';
  v_tests JSONB;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM contacts WHERE id = patient AND kind = 'PATIENT') THEN
    RETURN;
  END IF;
  -- Lock the row first: a concurrent writer for the same patient waits, and the reads below
  -- (each with a fresh snapshot) then see its committed score points.
  INSERT INTO patient_standings (contact_id) VALUES (patient) ON CONFLICT (contact_id) DO NOTHING;
  SELECT reviewed_at INTO v_reviewed_at FROM patient_standings WHERE contact_id = patient FOR UPDATE;

  SELECT o.day, o.overall INTO v_latest_day, v_latest FROM patient_overall_days(patient) o ORDER BY o.day DESC LIMIT 1;
  IF v_latest_day IS NOT NULL THEN
    SELECT o.day, o.overall INTO v_previous_day, v_previous FROM patient_overall_days(patient) o ORDER BY o.day DESC OFFSET 1 LIMIT 1;
    IF v_previous_day IS NOT NULL THEN
      v_trend := CASE WHEN v_latest - v_previous > c_trend THEN 'improving' WHEN v_latest - v_previous < -c_trend THEN 'declining' ELSE 'stable' END;
    END IF;
  END IF;

  WITH ranked AS (
    SELECT t.*, row_number() OVER (PARTITION BY t.test, t.hand ORDER BY t.day DESC) AS n,
           row_number() OVER (PARTITION BY t.test, t.hand ORDER BY t.day) AS from_first
    FROM patient_test_days(patient) t
  ),
  compared AS (
    SELECT l.test, l.hand, l.value, l.day, p.value AS previous_value, p.day AS previous_day, f.value AS first_value, f.day AS first_day,
           (c_thresholds->'mcid'->>l.test)::numeric AS mcid
    FROM ranked l
    LEFT JOIN ranked p ON p.test = l.test AND p.hand IS NOT DISTINCT FROM l.hand AND p.n = 2
    JOIN ranked f ON f.test = l.test AND f.hand IS NOT DISTINCT FROM l.hand AND f.from_first = 1
    WHERE l.n = 1
  )
  SELECT coalesce(jsonb_agg(jsonb_build_object(
           'test', c.test,
           'hand', c.hand,
           'score', c.value::float8,
           'date', to_char(c.day, 'YYYY-MM-DD'),
           'previousScore', c.previous_value::float8,
           'previousDate', to_char(c.previous_day, 'YYYY-MM-DD'),
           'firstScore', c.first_value::float8,
           'firstDate', to_char(c.first_day, 'YYYY-MM-DD'),
           'change', (c.value - c.previous_value)::float8,
           'drop', greatest(c.previous_value - c.value, c.first_value - c.value, 0)::float8,
           'mcid', c.mcid::float8,
           'clinicalDecline', greatest(c.previous_value - c.value, c.first_value - c.value, 0) > c.mcid,
           'trend', CASE WHEN c.previous_value IS NULL THEN 'insufficient'
                         WHEN c.value - c.previous_value > c_trend THEN 'improving'
                         WHEN c.value - c.previous_value < -c_trend THEN 'declining'
                         ELSE 'stable' END)
         ORDER BY array_position(ARRAY[__TEST_ORDER__]::text[], c.test), c.hand NULLS FIRST), '[]'::jsonb)
    INTO v_tests
  FROM compared c;

  SELECT max(a.date_created), count(*) INTO v_last_assessment, v_count FROM assessments a WHERE a.owner_id = patient;

  UPDATE patient_standings SET
    latest_day = v_latest_day,
    score = v_latest::float8,
    previous_day = v_previous_day,
    previous_score = v_previous::float8,
    trend = v_trend,
    tests = v_tests,
    needs_attention = (jsonb_path_exists(v_tests, '$[*] ? (@.clinicalDecline == true)')
                       OR coalesce(v_latest < (c_thresholds->>'attentionBelow')::numeric, false))
                      AND NOT coalesce(v_reviewed_at >= v_last_assessment, false),
    last_assessment = v_last_assessment,
    assessment_count = v_count
  WHERE contact_id = patient;
END;
$$;
