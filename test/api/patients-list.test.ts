// The provider list and score history over days: trend and attention by each test's own MCID
// (changes of 2 points are stable), a low result at 40, the day's mean, each test compared only with itself and the overall score carrying each test's
// latest value forward, filters, each sort, search, pagination bounds. Histories span several days, so
// the fixtures are written into the database (between two starts of the server) rather than
// submitted today through the API.
// PostgreSQL pass: the list, its attention ranking and the score history are hand-written SQL (lib/patients).
// Own server: a database seeded with a clinic's patients, for the list's order and totals.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { generateCode } from "@/lib/codes";
import { shareEveryPatientSql } from "@/test/support/care-team";
import { createTestDatabase, queryDatabase, type TestDatabase } from "@/test/support/database";
import { apiClient } from "@/test/support/http";
import { startIdentityProvider, uniqueSub, type IdentityProvider } from "@/test/support/identity-provider";
import { startServer, type TestServer } from "@/test/support/server";

type StoredType = "ROM" | "FINGER_TAPPING" | "PAIN" | "ARTHRITIS";
/** One result: a bare number is a right-hand ROM result; `validFrames`, a ROM result's share of usable camera frames (%). */
type Result = number | { type: StoredType; hand: "LEFT" | "RIGHT" | "BOTH"; score: number; validFrames?: number };

interface FixturePatient {
  name: string;
  email: string;
  sub: string;
  hand?: "LEFT" | "RIGHT" | "BOTH";
  injury?: string;
  /** Score points: days ago → that day's results. */
  days?: Record<number, Result[]>;
}

const SUB_SCORE = { ROM: "rom_score", FINGER_TAPPING: "dexterity_score", PAIN: "pain_score", ARTHRITIS: null } as const;

const DAY_MS = 86_400_000;
const codes = new Set<string>();
function freshCode(): string {
  let code = generateCode();
  while (codes.has(code)) code = generateCode();
  codes.add(code);
  return code;
}
const literal = (value: string | null | undefined) => (value == null ? "NULL" : `'${value.replace(/'/g, "''")}'`);

function daysAgo(n: number, hour = 10): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - n * DAY_MS + hour * 3_600_000);
}
const day = (n: number) => daysAgo(n).toISOString().slice(0, 10);

/** One DO block (one statement) that writes patients, their assessments and score points. */
function fixtureSql(patients: FixturePatient[]): string {
  const statements = patients.flatMap((p) => [
    `INSERT INTO contacts (kind, sub, email, name, roles, updated_at) VALUES ('PATIENT', ${literal(p.sub)}, ${literal(p.email)}, ${literal(p.name)}, ARRAY['patient'], now()) RETURNING id INTO pid;`,
    `INSERT INTO patient_profiles (contact_id, affected_hand, injury, updated_at) VALUES (pid, ${p.hand ? `'${p.hand}'` : "NULL"}, ${literal(p.injury)}, now());`,
    ...Object.entries(p.days ?? {}).flatMap(([ago, scores]) =>
      scores.map((result, i) => {
        const { type, hand, score, validFrames } =
          typeof result === "number" ? { type: "ROM" as const, hand: "RIGHT", score: result, validFrames: undefined } : result;
        const at = daysAgo(Number(ago), 9 + i).toISOString();
        const sub = SUB_SCORE[type];
        // Pain's own measure is the worst rating out of 10, the 0-100 score's inverse.
        const snapshot =
          type === "ARTHRITIS"
            ? `{"compositeScore": ${score}}`
            : type === "PAIN"
              ? `{"overallScore": ${score}, "maxSeverity": ${(100 - score) / 10}}`
              : `{"overallScore": ${score}}`;
        return (
          `INSERT INTO assessments (code, assessment_type, hand, result_snapshot, is_anonymous, owner_id, date_created) ` +
          `VALUES ('${freshCode()}', '${type}', '${hand}', '${snapshot}', false, pid, '${at}') RETURNING id INTO aid;\n` +
          // Before the score point, whose trigger judges the day with the frames known.
          (validFrames === undefined
            ? ""
            : `INSERT INTO rom_assessments (assessment_id, hand, overall_score, percent_valid_frames) VALUES (aid, '${hand}', ${score}, ${validFrames});\n`) +
          `INSERT INTO score_points (contact_id, assessment_id, day, hand, overall_score${sub ? `, ${sub}` : ""}, created_at) ` +
          `VALUES (pid, aid, '${at.slice(0, 10)}', '${hand}', ${score}${sub ? `, ${score}` : ""}, '${at}');`
        );
      }),
    ),
  ]);
  return `DO $$ DECLARE pid integer; aid integer; BEGIN\n${statements.join("\n")}\nEND $$;`;
}

const run = Date.now().toString(36);
const patient = (key: string, name: string, days: FixturePatient["days"], extra: Partial<FixturePatient> = {}): FixturePatient => ({
  name,
  email: `${key}.${run}@Example.test`,
  sub: uniqueSub(key),
  days,
  ...extra,
});

// Names carry "Trendcase" so a search isolates them from the bulk patients.
const fixtures = {
  up2: patient("up2", "Trendcase Alder", { 3: [50], 1: [52] }, { hand: "LEFT", injury: "a distal radius fracture" }),
  up21: patient("up21", "Trendcase Birch", { 2: [50], 0: [52.1] }),
  down2: patient("down2", "Trendcase Cedar", { 5: [60], 4: [58] }),
  down21: patient("down21", "Trendcase Dogwood", { 6: [60], 2: [57.9] }),
  at40: patient("at40", "Trendcase Elm", { 8: [40], 7: [40] }),
  below40: patient("below40", "Trendcase Fir", { 9: [39.9], 8: [39.9] }),
  mean: patient("mean", "Trendcase Ginkgo", { 4: [50], 0: [50, 55] }),
  single: patient("single", "Trendcase Hazel", { 1: [70] }),
  none: patient("none", "Trendcase Ivy", {}),
};

const rom = (hand: "LEFT" | "RIGHT", score: number): Result => ({ type: "ROM", hand, score });
const dexterity = (hand: "LEFT" | "RIGHT", score: number): Result => ({ type: "FINGER_TAPPING", hand, score });
const pain = (score: number): Result => ({ type: "PAIN", hand: "BOTH", score });

// Patients measured with different tests on different days ("Mixcase" isolates them).
const mixed = {
  // Every test better than last time, on days that alternate between tests: comparing one
  // day's ROM with the next day's pain check-in would read 70 → 55 as a decline.
  improver: patient("improver", "Mixcase Improver", {
    12: [rom("RIGHT", 30)],
    10: [rom("RIGHT", 40)],
    9: [pain(50)],
    8: [dexterity("RIGHT", 45)],
    3: [rom("RIGHT", 50)],
    2: [pain(70)],
    1: [dexterity("RIGHT", 55)],
  }),
  // ROM better on both hands, pain worse: the flag names pain.
  decliner: patient("decliner", "Mixcase Decliner", {
    6: [rom("RIGHT", 60)],
    5: [pain(85)],
    4: [rom("LEFT", 50)],
    2: [rom("RIGHT", 70)],
    1: [pain(60)],
    0: [rom("LEFT", 55)],
  }),
  // One result per test: no test has a trend yet.
  single: patient("singles", "Mixcase Singles", { 3: [rom("RIGHT", 70)], 1: [pain(72)] }),
  // A single low result: flagged for the score, not for a trend.
  lone: patient("lone", "Mixcase Lone", { 2: [{ type: "ARTHRITIS", hand: "BOTH", score: 35 }] }),
};

// A latest result with fewer than 50 % usable frames is re-measured, not judged ("Framecase" isolates them).
const frames = {
  few: patient("few", "Framecase Few", { 4: [74], 3: [72], 2: [73], 1: [{ type: "ROM", hand: "RIGHT", score: 55, validFrames: 49 }] }),
  half: patient("half", "Framecase Half", { 4: [74], 3: [72], 2: [73], 1: [{ type: "ROM", hand: "RIGHT", score: 55, validFrames: 50 }] }),
};

let database: TestDatabase;
let idp: IdentityProvider;
let server: TestServer;
let api: ReturnType<typeof apiClient>;
let provider: string;
const providerSub = uniqueSub("provider");
let admin: string;
const ids: Record<string, number> = {};
const longHistory = patient("long", "Longhistory Oak", {});

before(async () => {
  database = await createTestDatabase();
  idp = await startIdentityProvider();
  // The database is a copy of the run's migrated template: the fixtures go straight into it.
  await queryDatabase(database, fixtureSql([...Object.values(fixtures), ...Object.values(mixed), ...Object.values(frames), longHistory]));
  // 205 more patients without scores (page bounds: 221 in all), and 370 days of history for one patient.
  await queryDatabase(
    database,
    `INSERT INTO contacts (kind, name, email, roles, updated_at)
     SELECT 'PATIENT', 'Bulk ' || lpad(g::text, 3, '0'), 'bulk' || g || '@example.test', ARRAY['patient'], now() FROM generate_series(1, 205) g`,
  );
  const longCodes = Array.from({ length: 370 }, () => `'${freshCode()}'`).join(",");
  await queryDatabase(
    database,
    `WITH owner AS (SELECT id FROM contacts WHERE sub = $1),
     made AS (
       INSERT INTO assessments (code, assessment_type, hand, result_snapshot, is_anonymous, owner_id, date_created)
       SELECT code, 'FINGER_TAPPING', 'LEFT', '{"overallScore": 60}', false, (SELECT id FROM owner), now() - (n * interval '1 day')
       FROM unnest(ARRAY[${longCodes}]) WITH ORDINALITY AS u(code, n)
       RETURNING id, owner_id, date_created)
     INSERT INTO score_points (contact_id, assessment_id, day, hand, overall_score, dexterity_score, created_at)
     SELECT owner_id, id, (date_created AT TIME ZONE 'UTC')::date, 'LEFT', 60, 60, date_created FROM made`,
    [longHistory.sub],
  );
  // Every patient shares with the provider's clinic: the list's figures are over all of them.
  const shared = shareEveryPatientSql([providerSub]);
  await queryDatabase(database, shared.sql, shared.params);
  server = await startServer({ database, env: idp.env });
  api = apiClient(server.origin);
  provider = await idp.token({ sub: providerSub, roles: ["care_provider"] });
  admin = await idp.token({ roles: ["admin"] });
  const { body } = await api.get("/patients?search=Trendcase&limit=50", { token: provider });
  for (const [key, fixture] of Object.entries(fixtures)) ids[key] = body.patients.find((p: { name: string }) => p.name === fixture.name).id;
  ids.long = (await api.get("/patients?search=Longhistory", { token: provider })).body.patients[0].id;
  const mixedRows = (await api.get("/patients?search=Mixcase", { token: provider })).body.patients;
  for (const [key, fixture] of Object.entries(mixed)) ids[key] = mixedRows.find((p: { name: string }) => p.name === fixture.name).id;
});
after(async () => {
  await server?.stop();
  await idp?.close();
  await database?.drop();
});

/** A test's standing without the clinical-change fields (test/api/known-truth.test.ts judges those). */
const spec = ({
  change: _change,
  drop: _drop,
  mcid: _mcid,
  clinicalDecline: _decline,
  judged: _judged,
  measure: _measure,
  otherHandPercent: _other,
  ...rest
}: Record<string, unknown>) => rest;

const row = async (key: keyof typeof fixtures) => {
  const { body } = await api.get(`/patients?search=${encodeURIComponent(fixtures[key].name)}`, { token: provider });
  assert.equal(body.total, 1);
  const { reviewedAt, reviewedBy, ...rest } = body.patients[0];
  assert.deepEqual([reviewedAt, reviewedBy], [null, null]);
  return { ...rest, tests: rest.tests.map(spec) };
};

test("a change within the test's MCID is stable: +2 and +2.1 alike", async () => {
  assert.deepEqual(
    { ...(await row("up2")), id: 0, lastAssessment: null },
    {
      id: 0,
      name: "Trendcase Alder",
      hand: "LEFT",
      injury: "a distal radius fracture",
      lastAssessment: null,
      score: 52,
      trend: "stable",
      needsAttention: false,
      attentionGroup: null,
      tests: [
        {
          test: "ROM",
          hand: "RIGHT",
          score: 52,
          date: day(1),
          previousScore: 50,
          previousDate: day(3),
          firstScore: 50,
          firstDate: day(3),
          trend: "stable",
        },
      ],
      attentionReasons: [],
      assessmentCount: 2,
    },
  );
  const up = await row("up21");
  assert.equal(up.trend, "stable");
  assert.equal(up.score, 52.1);
  assert.equal(up.needsAttention, false);
});

test("-2 and -2.1 are within the MCID: stable, no flag", async () => {
  const flat = await row("down2");
  assert.equal(flat.trend, "stable");
  assert.equal(flat.needsAttention, false);
  const down = await row("down21");
  assert.equal(down.trend, "stable");
  assert.equal(down.needsAttention, false);
});

test("a test's own score of 40 or lower is low: flagged, in the low group", async () => {
  const at = await row("at40");
  assert.equal(at.score, 40);
  assert.deepEqual([at.needsAttention, at.attentionGroup], [true, "low"]);
  assert.deepEqual(
    at.attentionReasons.map((r: { text: string }) => r.text),
    ["Range of motion (right) 40 (low: 40 or lower)"],
  );
  const below = await row("below40");
  assert.equal(below.score, 39.9);
  assert.equal(below.trend, "stable");
  assert.equal(below.needsAttention, true);
});

test("a latest result with fewer than 50 % usable frames asks for a re-measure, not the flag; at 50 % it is judged", async () => {
  const standing = async (name: string) => {
    const { body } = await api.get(`/patients?search=${encodeURIComponent(name)}`, { token: provider });
    assert.equal(body.total, 1, name);
    const [{ needsAttention, attentionGroup, attentionReasons }] = body.patients;
    return { needsAttention, attentionGroup, reason: attentionReasons.map((r: { text: string }) => r.text).join(" | ") };
  };
  const few = await standing(frames.few.name);
  assert.deepEqual([few.needsAttention, few.attentionGroup], [false, "remeasure"], few.reason);
  assert.match(few.reason, /re-measure to confirm/);
  const half = await standing(frames.half.name);
  assert.deepEqual([half.needsAttention, half.attentionGroup], [true, "decline"], half.reason);
});

test("a day's score is the mean of that day's assessments; one day or none is stable", async () => {
  const mean = await row("mean");
  assert.equal(mean.score, 52.5);
  assert.equal(mean.trend, "stable");
  assert.equal(mean.assessmentCount, 3);
  const single = await row("single");
  assert.equal(single.trend, "stable");
  assert.equal(single.score, 70);
  assert.deepEqual(single.tests, [
    {
      test: "ROM",
      hand: "RIGHT",
      score: 70,
      date: day(1),
      previousScore: null,
      previousDate: null,
      firstScore: 70,
      firstDate: day(1),
      trend: "insufficient",
    },
  ]);
  const none = await row("none");
  assert.deepEqual(
    [none.score, none.trend, none.needsAttention, none.assessmentCount, none.lastAssessment],
    [null, "stable", false, 0, null],
  );
});

const standing = (row: Record<string, unknown>) => ({
  score: row.score,
  trend: row.trend,
  needsAttention: row.needsAttention,
  tests: (row.tests as Record<string, unknown>[]).map(spec),
  attentionReasons: row.attentionReasons,
});

/** The list row for a Mixcase patient, after checking the profile (the patient view) agrees. */
async function mixedStanding(key: keyof typeof mixed) {
  const { body } = await api.get(`/patients?search=${encodeURIComponent(mixed[key].name)}`, { token: provider });
  assert.equal(body.total, 1);
  const profile = await api.get(`/patients/${ids[key]}`, { token: provider });
  assert.equal(profile.status, 200);
  assert.deepEqual(standing(profile.body), standing(body.patients[0]), "the patient view shows what the list shows");
  const own = await api.get("/patients/me", { token: await idp.token({ sub: mixed[key].sub, roles: ["patient"] }) });
  assert.deepEqual(standing(own.body), standing(body.patients[0]), "the patient's own view too");
  return standing(body.patients[0]);
}

test("mixed test days, improving on every test: improving, no flag", async () => {
  assert.deepEqual(await mixedStanding("improver"), {
    // Overall, each test's latest value carried forward: day 2 is (50 + 70 + 45) / 3, day 1 (50 + 70 + 55) / 3.
    score: 58.3,
    trend: "improving",
    needsAttention: false,
    tests: [
      {
        test: "ROM",
        hand: "RIGHT",
        score: 50,
        date: day(3),
        previousScore: 40,
        previousDate: day(10),
        firstScore: 30,
        firstDate: day(12),
        trend: "improving",
      },
      {
        test: "DEXTERITY",
        hand: "RIGHT",
        score: 55,
        date: day(1),
        previousScore: 45,
        previousDate: day(8),
        firstScore: 45,
        firstDate: day(8),
        trend: "improving",
      },
      {
        test: "PAIN",
        hand: "BOTH",
        score: 70,
        date: day(2),
        previousScore: 50,
        previousDate: day(9),
        firstScore: 50,
        firstDate: day(9),
        trend: "improving",
      },
    ],
    attentionReasons: [],
  });
  const { body } = await api.get(`/patients/${ids.improver}/scores`, { token: provider });
  assert.deepEqual(
    body.scores.map((s: { date: string; overallScore: number; painScore: number | null }) => [s.date, s.overallScore, s.painScore]),
    [
      [day(1), 58.3, null],
      [day(2), 55, 70],
      [day(3), 48.3, null],
      [day(8), 45, null],
      [day(9), 45, 50],
      [day(10), 40, null],
      [day(12), 30, null],
    ],
  );
  const right = await api.get(`/patients/${ids.improver}/scores?hand=RIGHT`, { token: provider });
  assert.deepEqual(
    right.body.scores.map((s: { date: string; overallScore: number }) => [s.date, s.overallScore]),
    [
      [day(1), 52.5],
      [day(3), 47.5],
      [day(8), 42.5],
      [day(10), 40],
      [day(12), 30],
    ],
    "a hand's history carries forward only that hand's tests",
  );
});

test("one test declining while the others improve: flagged, and the flag names the test", async () => {
  assert.deepEqual(await mixedStanding("decliner"), {
    // (70 + 60 + 55) / 3, previous day (70 + 60 + 50) / 3: the overall score rose, but worst pain 1.5 → 4/10 is a decline.
    score: 61.7,
    trend: "declining",
    needsAttention: true,
    tests: [
      {
        test: "ROM",
        hand: "LEFT",
        score: 55,
        date: day(0),
        previousScore: 50,
        previousDate: day(4),
        firstScore: 50,
        firstDate: day(4),
        trend: "stable",
      },
      {
        test: "ROM",
        hand: "RIGHT",
        score: 70,
        date: day(2),
        previousScore: 60,
        previousDate: day(6),
        firstScore: 60,
        firstDate: day(6),
        trend: "improving",
      },
      {
        test: "PAIN",
        hand: "BOTH",
        score: 60,
        date: day(1),
        previousScore: 85,
        previousDate: day(5),
        firstScore: 85,
        firstDate: day(5),
        trend: "declining",
      },
    ],
    attentionReasons: [
      {
        reason: "test_declining",
        test: "PAIN",
        hand: "BOTH",
        drop: 2.5,
        text: `Worst pain (both hands) 1.5 → 4/10 (worse, ≥ 2 points) since the first result (${day(5)})`,
      },
    ],
  });
  const note = (await api.get(`/patients/${ids.decliner}/narrative-summary`, { token: provider })).body.summary;
  assert.match(note, /Worst pain \(both hands\) 1\.5 → 4\/10 \(higher is worse\), declining/);
  assert.match(
    note,
    /Range of motion \(left\) 50 → 55 \(0–100, higher is better\), stable \(79 % of the other hand\); Range of motion \(right\) 60 → 70 \(0–100, higher is better\), improving \(127 % of the other hand\)/,
  );
  assert.match(note, /Flagged for attention: Worst pain \(both hands\) 1\.5 → 4\/10 \(worse, ≥ 2 points\)/);
});

test("single results: not enough data per test, no flag unless the test's own result is low", async () => {
  assert.deepEqual(await mixedStanding("single"), {
    score: 71,
    trend: "stable",
    needsAttention: false,
    tests: [
      {
        test: "ROM",
        hand: "RIGHT",
        score: 70,
        date: day(3),
        previousScore: null,
        previousDate: null,
        firstScore: 70,
        firstDate: day(3),
        trend: "insufficient",
      },
      {
        test: "PAIN",
        hand: "BOTH",
        score: 72,
        date: day(1),
        previousScore: null,
        previousDate: null,
        firstScore: 72,
        firstDate: day(1),
        trend: "insufficient",
      },
    ],
    attentionReasons: [],
  });
  assert.deepEqual(await mixedStanding("lone"), {
    score: 35,
    trend: "stable",
    needsAttention: true,
    tests: [
      {
        test: "ARTHRITIS",
        hand: "BOTH",
        score: 35,
        date: day(2),
        previousScore: null,
        previousDate: null,
        firstScore: 35,
        firstDate: day(2),
        trend: "insufficient",
      },
    ],
    attentionReasons: [
      { reason: "low_score", test: "ARTHRITIS", hand: "BOTH", drop: null, text: "Arthritis (both hands) 35 (low: 40 or lower)" },
    ],
  });
  const note = (await api.get(`/patients/${ids.single}/narrative-summary`, { token: provider })).body.summary;
  // Pain is said on its own 0-10 scale: a score of 72 is a worst rating of 2.8.
  assert.match(note, /Worst pain \(both hands\) 2\.8\/10 \(higher is worse\), one result so far/);
});

test("the filters use the same figures: Decliner is declining; the flag is on Decliner and Lone", async () => {
  const names = async (filter: string) =>
    (await api.get(`/patients?search=Mixcase&${filter}`, { token: provider })).body.patients.map((p: { name: string }) => p.name);
  assert.deepEqual(await names("trend=declining"), ["Mixcase Decliner"]);
  assert.deepEqual(await names("trend=improving"), ["Mixcase Improver"]);
  assert.deepEqual(await names("attention=true"), ["Mixcase Decliner", "Mixcase Lone"]);
});

test("score history: daily means newest first, sub-scores null when a day has none of that type", async () => {
  const { status, body } = await api.get(`/patients/${ids.mean}/scores`, { token: provider });
  assert.equal(status, 200);
  assert.equal(body.total, 2);
  assert.deepEqual(body.scores, [
    { date: daysAgo(0).toISOString().slice(0, 10), overallScore: 52.5, romScore: 52.5, dexterityScore: null, painScore: null },
    { date: daysAgo(4).toISOString().slice(0, 10), overallScore: 50, romScore: 50, dexterityScore: null, painScore: null },
  ]);
  const left = await api.get(`/patients/${ids.mean}/scores?hand=LEFT`, { token: provider });
  assert.deepEqual(left.body, { scores: [], total: 0 });
  assert.equal((await api.get(`/patients/${ids.mean}/scores?hand=SIDEWAYS`, { token: provider })).status, 400);
});

test("score history pages: default 90, max 365 (clamped), offset, bad values are 400", async () => {
  const first = await api.get(`/patients/${ids.long}/scores`, { token: provider });
  assert.equal(first.body.scores.length, 90);
  assert.equal(first.body.total, 370);
  assert.equal((await api.get(`/patients/${ids.long}/scores?limit=5000`, { token: provider })).body.scores.length, 365);
  const page = await api.get(`/patients/${ids.long}/scores?limit=2&offset=1`, { token: provider });
  assert.deepEqual(
    page.body.scores.map((s: { date: string }) => s.date),
    first.body.scores.slice(1, 3).map((s: { date: string }) => s.date),
  );
  for (const bad of ["limit=-1", "limit=ten", "offset=-5", "offset=1.5"]) {
    const response = await api.get(`/patients/${ids.long}/scores?${bad}`, { token: provider });
    assert.equal(response.status, 400, bad);
    assert.equal(response.body.field, bad.split("=")[0]);
  }
});

test("the trend and attention filters", async () => {
  const declining = await api.get("/patients?search=Trendcase&trend=declining", { token: provider });
  // Every Trendcase change is within the MCID.
  assert.deepEqual(declining.body.patients, []);
  const improving = await api.get("/patients?search=Trendcase&trend=improving", { token: provider });
  assert.deepEqual(improving.body.patients, []);
  const attention = await api.get("/patients?search=Trendcase&attention=true", { token: provider });
  assert.deepEqual(
    attention.body.patients.map((p: { name: string }) => p.name),
    ["Trendcase Elm", "Trendcase Fir"],
    "both low, the most recent first",
  );
  assert.equal(attention.body.total, 2);
  const calm = await api.get("/patients?search=Trendcase&attention=false", { token: provider });
  assert.equal(calm.body.total, 7);
  assert.equal((await api.get("/patients?trend=sideways", { token: provider })).status, 400);
  assert.equal((await api.get("/patients?attention=maybe", { token: provider })).status, 400);
});

test("each sort: name A-Z, score lowest first (none last), most recent assessment first (none last)", async () => {
  const names = async (sort: string) =>
    (await api.get(`/patients?search=Trendcase&sort=${sort}`, { token: provider })).body.patients.map((p: { name: string }) =>
      p.name.slice(10),
    );
  assert.deepEqual(await names("name"), ["Alder", "Birch", "Cedar", "Dogwood", "Elm", "Fir", "Ginkgo", "Hazel", "Ivy"]);
  assert.deepEqual(await names("score"), ["Fir", "Elm", "Alder", "Birch", "Ginkgo", "Dogwood", "Cedar", "Hazel", "Ivy"]);
  assert.deepEqual(await names("recent"), ["Ginkgo", "Birch", "Alder", "Hazel", "Dogwood", "Cedar", "Elm", "Fir", "Ivy"]);
  assert.equal((await api.get("/patients?sort=age", { token: provider })).status, 400);
});

test("search matches part of the name or e-mail in any case; % and _ match themselves", async () => {
  const byEmail = await api.get(`/patients?search=${encodeURIComponent(`DOWN21.${run}@example`)}`, { token: provider });
  assert.deepEqual(
    byEmail.body.patients.map((p: { name: string }) => p.name),
    ["Trendcase Dogwood"],
  );
  const byName = await api.get("/patients?search=tRENDCASE%20h", { token: provider });
  assert.deepEqual(
    byName.body.patients.map((p: { name: string }) => p.name),
    ["Trendcase Hazel"],
  );
  const wildcard = await api.get("/patients?search=%25", { token: provider });
  assert.deepEqual(wildcard.body, { patients: [], total: 0 });
});

test("list pages: default 50, max 200 (clamped), offset past the end keeps the total, bad values are 400", async () => {
  const first = await api.get("/patients", { token: admin });
  assert.equal(first.status, 200);
  assert.equal(first.body.patients.length, 50);
  assert.equal(first.body.total, 221);
  assert.equal((await api.get("/patients?limit=1000", { token: provider })).body.patients.length, 200);
  const page = await api.get("/patients?limit=3&offset=2", { token: provider });
  assert.deepEqual(
    page.body.patients.map((p: { id: number }) => p.id),
    first.body.patients.slice(2, 5).map((p: { id: number }) => p.id),
  );
  assert.deepEqual(await api.get("/patients?offset=999", { token: provider }).then((r) => r.body), { patients: [], total: 221 });
  for (const bad of ["limit=-1", "limit=abc", "offset=-1", "offset=x"]) {
    assert.equal((await api.get(`/patients?${bad}`, { token: provider })).status, 400, bad);
  }
});

test("the list is for care providers and admins: 401 without a token, 403 for a patient", async () => {
  assert.equal((await api.get("/patients")).status, 401);
  const patientToken = await idp.token({ sub: fixtures.up2.sub, roles: ["patient"] });
  const forbidden = await api.get("/patients", { token: patientToken });
  assert.equal(forbidden.status, 403);
  assert.equal(typeof forbidden.body.error, "string");
});

test("the profile shows the same score, trend and flag as the list", async () => {
  const { status, body } = await api.get(`/patients/${ids.down21}`, { token: provider });
  assert.equal(status, 200);
  assert.equal(body.score, 57.9);
  assert.equal(body.trend, "stable");
  assert.equal(body.needsAttention, false);
  assert.equal(body.latestScores.ROM.score, 57.9);
  assert.deepEqual(body.counts, { assessments: 2, scoreDays: 2, journalEntries: 0, activeTreatments: 0 });
});
