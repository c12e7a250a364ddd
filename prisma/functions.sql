-- The standings' functions, re-applied after the migrations whenever this file or the thresholds
-- change (lib/db/functions.ts), then every patient's row is recomputed. The migrations keep their
-- history; what runs is this. Placeholders filled from TypeScript:
--   __THRESHOLDS__  lib/assessments/kinds/thresholds.ts standingThresholds(): per stored kind its
--                   read name and own measure {test, key, higherIsBetter, points, fraction, lowAt};
--                   poorLighting and minValidFramesPercent
--   __TEST_ORDER__  the kinds' read names in registry order
-- No kind is named here: every per-kind figure arrives in __THRESHOLDS__. The rule itself is
-- docs/clinical.md, "Attention and trend".

-- One value per test, hand and day: the mean of that day's score points of the test and hand,
-- rounded to one decimal (the 0-100 headline the spec's overall score is made of).
CREATE OR REPLACE FUNCTION "patient_test_days"(patient INTEGER, only_hand "Hand" DEFAULT NULL)
RETURNS TABLE ("test" TEXT, "hand" TEXT, "day" DATE, "value" NUMERIC) LANGUAGE sql STABLE AS $$
  SELECT coalesce(('__THRESHOLDS__'::jsonb)->'measures'->a.assessment_type::text->>'test', a.assessment_type::text),
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

-- One value per test, hand and day on the test's OWN measure (QuickDASH 0-100 higher worse, worst
-- pain 0-10, the composites 0-100): the mean of the day's trusted results, two decimals. A result
-- is poor when recorded in poor light or with too few usable frames; a day of poor results only
-- keeps their mean and is marked poor.
CREATE OR REPLACE FUNCTION "patient_measure_days"(patient INTEGER)
RETURNS TABLE ("test" TEXT, "hand" TEXT, "day" DATE, "value" NUMERIC, "poor" BOOLEAN) LANGUAGE sql STABLE AS $$
  WITH results AS (
    SELECT m->>'test' AS test, sp.hand::text AS hand, sp.day,
           CASE WHEN jsonb_typeof(a.result_snapshot->(m->>'key')) = 'number' THEN (a.result_snapshot->>(m->>'key'))::numeric END AS value,
           coalesce(a.result_snapshot->>'lightingQuality' = t->>'poorLighting', false)
             OR coalesce(ra.percent_valid_frames < (t->>'minValidFramesPercent')::numeric, false) AS poor
    FROM (SELECT '__THRESHOLDS__'::jsonb AS t) th
    CROSS JOIN score_points sp
    JOIN assessments a ON a.id = sp.assessment_id
    CROSS JOIN LATERAL (SELECT th.t->'measures'->a.assessment_type::text AS m) rule
    LEFT JOIN rom_assessments ra ON ra.assessment_id = a.id
    WHERE sp.contact_id = patient AND rule.m IS NOT NULL
  )
  SELECT r.test, r.hand, r.day,
         round(coalesce(avg(r.value) FILTER (WHERE NOT r.poor), avg(r.value)), 2),
         bool_and(r.poor)
  FROM results r WHERE r.value IS NOT NULL
  GROUP BY r.test, r.hand, r.day
$$;

-- Judges one test and hand on its own measure. `vals`, `days`, `poor` are its daily values, oldest
-- first; `m` its rule. Poor days never serve as a reference. The latest value is compared with the
-- first, the previous and the best trusted earlier value: a change counts when it reaches the MCID
-- (points, or the fraction of the earlier value, inclusive). A decline against the first result,
-- or against a value held by a neighbouring result within the MCID, is a clinical decline; one
-- that rests on the previous result alone standing out from its neighbour is "re-measure"
-- (outlier), as is anything a poor latest result would raise (poorLight). Low: the latest trusted
-- value at or beyond lowAt. Trend: the latest against the previous, MCID or stable (insufficient when
-- the latest is poor). Urgency: the
-- decline in MCID points (pain's 2, whichever part of the MCID it reached), the largest confirmed.
CREATE OR REPLACE FUNCTION "judge_series"(vals NUMERIC[], days DATE[], poor BOOLEAN[], m JSONB) RETURNS JSONB
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  n INTEGER := array_length(vals, 1);
  better NUMERIC := CASE WHEN (m->>'higherIsBetter')::boolean THEN 1 ELSE -1 END;
  points NUMERIC := (m->>'points')::numeric;
  fraction NUMERIC := (m->>'fraction')::numeric;
  low_at NUMERIC := (m->>'lowAt')::numeric;
  latest NUMERIC := vals[n];
  latest_poor BOOLEAN := poor[n];
  earlier INTEGER[] := '{}';
  e INTEGER;
  i INTEGER;
  pos INTEGER;
  best_pos INTEGER;
  ref INTEGER;
  threshold NUMERIC;
  worse NUMERIC;
  held BOOLEAN;
  labels TEXT[] := ARRAY['first', 'previous', 'best'];
  positions INTEGER[];
  v_trend TEXT := 'insufficient';
  v_against TEXT;
  v_ref INTEGER;
  v_urgency NUMERIC;
  v_threshold NUMERIC;
  v_confirmed BOOLEAN := false;
  v_remeasure TEXT;
  v_low BOOLEAN := false;
BEGIN
  FOR i IN 1 .. n - 1 LOOP
    IF NOT poor[i] THEN earlier := earlier || i; END IF;
  END LOOP;
  e := coalesce(array_length(earlier, 1), 0);
  IF e > 0 THEN
    best_pos := 1;
    FOR pos IN 2 .. e LOOP
      IF better * vals[earlier[pos]] >= better * vals[earlier[best_pos]] THEN best_pos := pos; END IF;
    END LOOP;
    ref := earlier[e];
    threshold := CASE WHEN fraction IS NOT NULL AND vals[ref] <> 0 THEN least(points, fraction * abs(vals[ref])) ELSE points END;
    v_trend := CASE WHEN abs(latest - vals[ref]) + 1e-9 < threshold THEN 'stable'
                    WHEN better * (latest - vals[ref]) > 0 THEN 'improving' ELSE 'declining' END;
    positions := ARRAY[1, e, best_pos];
    FOR i IN 1 .. 3 LOOP
      pos := positions[i];
      ref := earlier[pos];
      threshold := CASE WHEN fraction IS NOT NULL AND vals[ref] <> 0 THEN least(points, fraction * abs(vals[ref])) ELSE points END;
      worse := better * (vals[ref] - latest);
      CONTINUE WHEN worse <= 0 OR worse + 1e-9 < threshold;
      held := pos = 1
              OR abs(vals[earlier[pos - 1]] - vals[ref]) + 1e-9 < threshold
              OR (pos < e AND abs(vals[earlier[pos + 1]] - vals[ref]) + 1e-9 < threshold);
      IF held AND (NOT v_confirmed OR worse / points > v_urgency) THEN
        v_confirmed := true;
        v_against := labels[i]; v_ref := ref; v_threshold := threshold; v_urgency := worse / points;
      ELSIF NOT held AND NOT v_confirmed AND pos = e AND v_ref IS NULL THEN
        v_against := labels[i]; v_ref := ref; v_threshold := threshold; v_urgency := worse / points;
      END IF;
    END LOOP;
  END IF;
  v_low := low_at IS NOT NULL AND better * (latest - low_at) <= 0;
  IF latest_poor THEN
    IF v_ref IS NOT NULL OR v_low THEN v_remeasure := 'poorLight'; END IF;
    v_trend := 'insufficient';
    v_confirmed := false;
    v_low := false;
  ELSIF v_ref IS NOT NULL AND NOT v_confirmed THEN
    v_remeasure := 'outlier';
  END IF;
  RETURN jsonb_build_object(
    'value', latest::float8,
    'date', to_char(days[n], 'YYYY-MM-DD'),
    'poor', latest_poor,
    'previousValue', CASE WHEN e > 0 THEN vals[earlier[e]]::float8 END,
    'previousDate', CASE WHEN e > 0 THEN to_char(days[earlier[e]], 'YYYY-MM-DD') END,
    'firstValue', CASE WHEN e > 0 THEN vals[earlier[1]]::float8 END,
    'bestValue', CASE WHEN e > 0 THEN vals[earlier[best_pos]]::float8 END,
    'bestDate', CASE WHEN e > 0 THEN to_char(days[earlier[best_pos]], 'YYYY-MM-DD') END,
    'trend', v_trend,
    'against', v_against,
    'fromValue', vals[v_ref]::float8,
    'fromDate', to_char(days[v_ref], 'YYYY-MM-DD'),
    'drop', coalesce(better * (vals[v_ref] - latest), 0)::float8,
    'mcid', coalesce(v_threshold, points)::float8,
    'urgency', round(v_urgency, 3)::float8,
    'clinicalDecline', v_confirmed,
    'remeasure', v_remeasure,
    'low', v_low);
END;
$$;

-- Recomputes one patient's row. Each test and hand is judged on its own measure (judge_series);
-- only the affected hand's series (the profile's affected_hand; every series when it names none
-- or both, and series that record no single hand) raise anything. Attention: a judged clinical
-- decline or a judged low result, as the results raise it: each clinic's review (patient_reviews)
-- is applied when the list reads it (lib/patients/reviews.ts). attention_rank orders the list: 0 decline (by urgency, the decline in MCIDs), 1 low, 2
-- re-measure, 3 nothing. The spec's overall score (score, previous_score) stays the mean of every
-- series' latest headline; its trend is the tests' own: declining with a clinical decline,
-- improving when a judged test improved by its MCID, else stable.
CREATE OR REPLACE FUNCTION "refresh_patient_standing"(patient INTEGER) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  c_thresholds CONSTANT JSONB := '__THRESHOLDS__';
  v_latest_day DATE;
  v_latest NUMERIC;
  v_previous_day DATE;
  v_previous NUMERIC;
  v_last_assessment TIMESTAMPTZ(3);
  v_affected TEXT;
  v_count INTEGER;
  v_tests JSONB;
  v_decline BOOLEAN;
  v_low BOOLEAN;
  v_remeasure BOOLEAN;
  v_improving BOOLEAN;
  v_urgency NUMERIC;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM contacts WHERE id = patient AND kind = 'PATIENT') THEN
    RETURN;
  END IF;
  -- Lock the row first: a concurrent writer for the same patient waits, and the reads below
  -- (each with a fresh snapshot) then see its committed score points.
  INSERT INTO patient_standings (contact_id) VALUES (patient) ON CONFLICT (contact_id) DO NOTHING;
  PERFORM 1 FROM patient_standings WHERE contact_id = patient FOR UPDATE;
  SELECT affected_hand::text INTO v_affected FROM patient_profiles WHERE contact_id = patient;

  SELECT o.day, o.overall INTO v_latest_day, v_latest FROM patient_overall_days(patient) o ORDER BY o.day DESC LIMIT 1;
  IF v_latest_day IS NOT NULL THEN
    SELECT o.day, o.overall INTO v_previous_day, v_previous FROM patient_overall_days(patient) o ORDER BY o.day DESC OFFSET 1 LIMIT 1;
  END IF;

  WITH ranked AS (
    SELECT t.*, row_number() OVER (PARTITION BY t.test, t.hand ORDER BY t.day DESC) AS n,
           row_number() OVER (PARTITION BY t.test, t.hand ORDER BY t.day) AS from_first
    FROM patient_test_days(patient) t
  ),
  headline AS (
    SELECT l.test, l.hand, l.value, l.day, p.value AS previous_value, p.day AS previous_day, f.value AS first_value, f.day AS first_day
    FROM ranked l
    LEFT JOIN ranked p ON p.test = l.test AND p.hand IS NOT DISTINCT FROM l.hand AND p.n = 2
    JOIN ranked f ON f.test = l.test AND f.hand IS NOT DISTINCT FROM l.hand AND f.from_first = 1
    WHERE l.n = 1
  ),
  measured AS (
    SELECT d.test, d.hand,
           judge_series(array_agg(d.value ORDER BY d.day), array_agg(d.day ORDER BY d.day), array_agg(d.poor ORDER BY d.day),
                        (SELECT r FROM jsonb_each(c_thresholds->'measures') x(k, r) WHERE r->>'test' = d.test)) AS j,
           (v_affected IS NULL OR v_affected = 'BOTH' OR d.hand IS NULL OR d.hand = 'BOTH' OR d.hand = v_affected) AS judged
    FROM patient_measure_days(patient) d
    GROUP BY d.test, d.hand
  ),
  compared AS (
    SELECT h.*, m.j, coalesce(m.judged, false) AS judged,
           (SELECT (m.j->>'value')::numeric / nullif((o.j->>'value')::numeric, 0) * 100
            FROM measured o
            WHERE o.test = m.test AND o.hand IN ('LEFT', 'RIGHT') AND m.hand IN ('LEFT', 'RIGHT') AND o.hand <> m.hand
              AND (SELECT (r->>'higherIsBetter')::boolean FROM jsonb_each(c_thresholds->'measures') x(k, r) WHERE r->>'test' = m.test)) AS other_hand
    FROM headline h LEFT JOIN measured m ON m.test = h.test AND m.hand IS NOT DISTINCT FROM h.hand
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
           'trend', coalesce(c.j->>'trend', 'insufficient'),
           'drop', coalesce((c.j->>'drop')::float8, 0),
           'mcid', (c.j->>'mcid')::float8,
           'clinicalDecline', c.judged AND coalesce((c.j->>'clinicalDecline')::boolean, false),
           'judged', c.judged,
           'measure', c.j - 'trend' - 'drop' - 'mcid' - 'clinicalDecline',
           'otherHandPercent', round(c.other_hand, 0)::float8)
         ORDER BY array_position(ARRAY[__TEST_ORDER__]::text[], c.test), c.hand NULLS FIRST), '[]'::jsonb)
    INTO v_tests
  FROM compared c;

  SELECT bool_or((t->>'clinicalDecline')::boolean),
         bool_or((t->>'judged')::boolean AND (t->'measure'->>'low')::boolean),
         bool_or((t->>'judged')::boolean AND t->'measure'->>'remeasure' IS NOT NULL),
         bool_or((t->>'judged')::boolean AND t->>'trend' = 'improving'),
         max((t->'measure'->>'urgency')::numeric) FILTER (WHERE (t->>'clinicalDecline')::boolean)
    INTO v_decline, v_low, v_remeasure, v_improving, v_urgency
  FROM jsonb_array_elements(v_tests) t;

  SELECT max(a.date_created), count(*) INTO v_last_assessment, v_count FROM assessments a WHERE a.owner_id = patient;

  UPDATE patient_standings SET
    latest_day = v_latest_day,
    score = v_latest::float8,
    previous_day = v_previous_day,
    previous_score = v_previous::float8,
    trend = CASE WHEN coalesce(v_decline, false) THEN 'declining' WHEN coalesce(v_improving, false) THEN 'improving' ELSE 'stable' END,
    tests = v_tests,
    needs_attention = coalesce(v_decline, false) OR coalesce(v_low, false),
    attention_rank = CASE WHEN coalesce(v_decline, false) THEN 0 WHEN coalesce(v_low, false) THEN 1
                          WHEN coalesce(v_remeasure, false) THEN 2 ELSE 3 END,
    urgency = v_urgency::float8,
    last_assessment = v_last_assessment,
    assessment_count = v_count
  WHERE contact_id = patient;
END;
$$;
