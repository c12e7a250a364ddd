// Submitting assessments of every type, anonymously and with a token, and reading them back:
// success shapes, validation, what was stored (snapshot, results tree, score point), and a
// restart that keeps the data.
// Own server: it reads rows in its server's database, and restarts servers over one database.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { createTestDatabase, queryDatabase } from "@/test/support/database";
import { careTeam } from "@/test/support/care-team";
import { apiClient } from "@/test/support/http";
import { startIdentityProvider, uniqueSub, type IdentityProvider } from "@/test/support/identity-provider";
import { startServer, type TestServer } from "@/test/support/server";
import { arthritisBody, dexterityBody, painBody, romBody } from "@/lib/assessments/examples";

const CODE = /^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}$/;
const DASHED = /^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{3}-[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{3}$/;

let server: TestServer;
let idp: IdentityProvider;
let api: ReturnType<typeof apiClient>;

before(async () => {
  idp = await startIdentityProvider();
  server = await startServer({ env: idp.env });
  api = apiClient(server.origin);
});

after(async () => {
  await server?.stop();
  await idp?.close();
});

describe("POST /assessments/rom", () => {
  test("anonymous: 201 with the spec's shape; the record reads back with its full tree", async () => {
    const res = await api.post("/assessments/rom", { ...romBody, futureField: "ignored" });
    assert.equal(res.status, 201);
    assert.deepEqual(Object.keys(res.body).sort(), ["code", "fingerScore", "formattedCode", "id", "overallScore", "wristScore"]);
    assert.match(res.body.code, CODE);
    assert.equal(res.body.formattedCode, `${res.body.code.slice(0, 3)}-${res.body.code.slice(3)}`);
    assert.equal(typeof res.body.id, "number");
    assert.deepEqual([res.body.overallScore, res.body.wristScore, res.body.fingerScore], [72, 80, 65]);

    const read = await api.get(`/assessments/${res.body.formattedCode.toLowerCase()}/results`);
    assert.equal(read.status, 200);
    assert.equal(read.body.assessmentType, "ROM");
    assert.equal(read.body.hand, "LEFT");
    assert.deepEqual(read.body.resultSnapshot, {
      overallScore: 72,
      wristScore: 80,
      fingerScore: 65,
      extensionDeg: 60,
      flexionDeg: 70,
      lightingQuality: "GOOD",
    });
    const results = read.body.results;
    assert.deepEqual(results.wrist, romBody.wrist);
    assert.deepEqual(results.lightingMetrics, romBody.lightingMetrics);
    assert.equal(results.handResults.length, 1);
    assert.equal(results.handResults[0].hand, "LEFT");
    assert.deepEqual(results.handResults[0].jointResults, romBody.joints);
  });

  test("400 with field when hand is missing, a score is out of range, or hand is BOTH", async () => {
    const { hand: _hand, ...noHand } = romBody;
    const cases: [unknown, string][] = [
      [noHand, "hand"],
      [{ ...romBody, hand: "BOTH" }, "hand"],
      [{ ...romBody, overallScore: 101 }, "overallScore"],
      [{ ...romBody, wristScore: -1 }, "wristScore"],
      [{ ...romBody, joints: [{ frameCount: 1.5 }] }, "joints.0.frameCount"],
      [{ ...romBody, lightingQuality: "BRIGHT" }, "lightingQuality"],
    ];
    for (const [body, field] of cases) {
      const res = await api.post("/assessments/rom", body);
      assert.equal(res.status, 400, field);
      assert.equal(res.body.field, field);
    }
  });

  test("400 naming the joint's member when its rom contradicts its angles or its maximum is below its minimum", async () => {
    const [mcp, pip] = romBody.joints;
    const cases: [unknown[], string][] = [
      [[mcp, pip, { ...pip, id: "index_dip", minAngle: 10, maxAngle: 80, rom: 150 }], "joints.2.rom"],
      [[mcp, { ...pip, minAngle: 10, maxAngle: 80, rom: 71.5 }], "joints.1.rom"],
      [[{ ...mcp, minAngle: 80, maxAngle: 10, rom: 70 }], "joints.0.maxAngle"],
    ];
    for (const [joints, field] of cases) {
      const res = await api.post("/assessments/rom", { ...romBody, joints });
      assert.equal(res.status, 400, field);
      assert.equal(res.body.field, field);
    }
    const stored = await queryDatabase<{ n: number }>(
      server.database,
      "SELECT count(*)::int AS n FROM rom_joint_results WHERE rom IN (150, 71.5)",
    );
    assert.equal(stored[0]!.n, 0, "nothing of a rejected submission is stored");

    const withinADegree = await api.post("/assessments/rom", {
      ...romBody,
      joints: [
        { ...mcp, minAngle: -10.4, maxAngle: 85.2, rom: 96.6 },
        { ...pip, minAngle: 25, maxAngle: 25, rom: 0 },
      ],
    });
    assert.equal(withinADegree.status, 201, "a rounded rom within 1° of maxAngle − minAngle, and a joint that did not move, are accepted");
  });
});

describe("POST /assessments/dexterity", () => {
  test("201 shape; accuracyScore is stored as touchPrecision; fingerScores come back keyed", async () => {
    const res = await api.post("/assessments/dexterity", dexterityBody);
    assert.equal(res.status, 201);
    assert.deepEqual(Object.keys(res.body).sort(), ["code", "cycleCount", "formattedCode", "id", "overallScore", "totalTouches"]);
    assert.deepEqual([res.body.overallScore, res.body.cycleCount, res.body.totalTouches], [81, 12, 48]);
    const read = await api.get(`/assessments/${res.body.code}/results`);
    assert.equal(read.body.assessmentType, "DEXTERITY");
    assert.deepEqual(read.body.resultSnapshot, {
      overallScore: 81,
      speedScore: 75,
      touchPrecision: 90,
      consistencyScore: 88,
      cycleCount: 12,
      totalTouches: 48,
      sequencesCompleted: 11,
      timeTo10Sequences: 24.5,
      averageFrequency: 1.6,
      sequenceAccuracy: 92,
    });
    assert.equal(read.body.results.touchPrecision, 90);
    assert.equal(read.body.results.duration, 30);
    assert.deepEqual(read.body.results.fingerScores, dexterityBody.fingerScores);
  });

  test("400 on each missing required field and on non-integer counts", async () => {
    for (const field of ["hand", "duration", "overallScore", "speedScore", "consistencyScore", "cycleCount", "totalTouches"]) {
      const body: Record<string, unknown> = { ...dexterityBody };
      delete body[field];
      const res = await api.post("/assessments/dexterity", body);
      assert.equal(res.status, 400, field);
      assert.equal(res.body.field, field);
    }
    const fractional = await api.post("/assessments/dexterity", { ...dexterityBody, totalTouches: 4.5 });
    assert.equal(fractional.body.field, "totalTouches");
    const negative = await api.post("/assessments/dexterity", { ...dexterityBody, cycleCount: -1 });
    assert.equal(negative.body.field, "cycleCount");
  });
});

describe("POST /assessments/pain-v2", () => {
  test("201 shape; maxSeverity is the worst entry and the snapshot's overallScore 100 × (1 − max/10)", async () => {
    const res = await api.post("/assessments/pain-v2", painBody);
    assert.equal(res.status, 201);
    assert.deepEqual(Object.keys(res.body).sort(), [
      "code",
      "dateCreated",
      "entryCount",
      "formattedCode",
      "id",
      "isComplete",
      "maxSeverity",
    ]);
    assert.equal(res.body.maxSeverity, 6);
    assert.equal(res.body.entryCount, 2);
    assert.equal(res.body.isComplete, true);
    assert.ok(Math.abs(Date.parse(res.body.dateCreated) - Date.now()) < 60_000);
    const read = await api.get(`/assessments/${res.body.code}/results`);
    assert.equal(read.body.assessmentType, "PAIN");
    assert.equal(read.body.resultSnapshot.overallScore, 40);
    assert.equal(read.body.resultSnapshot.maxSeverity, 6);
    assert.equal(read.body.resultSnapshot.mode, "DETAILED");
    assert.deepEqual(read.body.resultSnapshot.strategies, ["ICE", "REST"]);
    assert.deepEqual(read.body.results.entries, [
      { areaType: "DIGIT_JOINT", hand: "LEFT", digit: "INDEX", location: "PIP", severity: 6 },
      { areaType: "WRIST", hand: "RIGHT", digit: null, location: null, severity: 3 },
    ]);
    assert.deepEqual(read.body.results.medications, painBody.medications);
    assert.deepEqual(read.body.results.strategies, painBody.strategies);
    assert.equal(read.body.results.comments, painBody.comments);
  });

  test("no entries: stored without a worst rating or a score, never read as no pain", async () => {
    for (const body of [
      { mode: "QUICK", hand: "LEFT" },
      { mode: "QUICK", hand: "LEFT", entries: [], strategies: ["ICE"] },
    ]) {
      const res = await api.post("/assessments/pain-v2", body);
      assert.equal(res.status, 201);
      assert.equal(res.body.maxSeverity, null);
      assert.equal(res.body.entryCount, 0);
      const read = await api.get(`/assessments/${res.body.code}/results`);
      assert.equal(read.body.resultSnapshot.overallScore, null);
      assert.equal(read.body.resultSnapshot.maxSeverity, null);
      assert.equal(read.body.results.maxSeverity, null);
    }
  });

  test("400 when hand or mode is missing, or a severity is outside 0-10", async () => {
    assert.equal((await api.post("/assessments/pain-v2", { mode: "QUICK" })).body.field, "hand");
    assert.equal((await api.post("/assessments/pain-v2", { hand: "LEFT" })).body.field, "mode");
    const bad = await api.post("/assessments/pain-v2", { ...painBody, entries: [{ areaType: "PALM", hand: "LEFT", severity: 11 }] });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.field, "entries.0.severity");
  });
});

describe("POST /assessments/arthritis", () => {
  test("201 shape; computed values are stored unchanged and every input field reads back", async () => {
    const res = await api.post("/assessments/arthritis", arthritisBody);
    assert.equal(res.status, 201);
    assert.deepEqual(Object.keys(res.body).sort(), ["code", "compositeScore", "formattedCode", "id", "patternType", "progressionLevel"]);
    assert.deepEqual([res.body.compositeScore, res.body.progressionLevel, res.body.patternType], [64.5, 2, "OA_PATTERN"]);
    const read = await api.get(`/assessments/${res.body.code}/results`);
    assert.equal(read.body.assessmentType, "ARTHRITIS");
    assert.deepEqual(read.body.resultSnapshot, {
      compositeScore: 64.5,
      progressionLevel: 2,
      patternType: "OA_PATTERN",
      romDeficitScore: 30,
      painBurdenScore: 40,
      functionalScore: 55,
      stiffnessScore: 45,
      affectedJointCount: 3,
      clinicalFlags: ["bilateral involvement"],
    });
    for (const [key, value] of Object.entries(arthritisBody)) assert.deepEqual(read.body.results[key], value, key);
  });

  test("400 when hand is missing or morning stiffness is outside 0-10", async () => {
    assert.equal((await api.post("/assessments/arthritis", { compositeScore: 50 })).body.field, "hand");
    const bad = await api.post("/assessments/arthritis", { hand: "LEFT", morningStiffnessSeverity: 10.5 });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.field, "morningStiffnessSeverity");
  });
});

describe("ownership", () => {
  test("with a token: owned, never expires, and the day's score point is recorded", async () => {
    const database = await createTestDatabase();
    const own = await startServer({ env: idp.env, database });
    const ownApi = apiClient(own.origin);
    const token = await idp.token();
    const rom = await ownApi.post("/assessments/rom", romBody, { token });
    const dex = await ownApi.post("/assessments/dexterity", dexterityBody, { token });
    const pain = await ownApi.post("/assessments/pain-v2", painBody, { token });
    const arthritis = await ownApi.post("/assessments/arthritis", arthritisBody, { token });
    for (const res of [rom, dex, pain, arthritis]) assert.equal(res.status, 201);
    await own.stop();
    try {
      const ids = [rom, dex, pain, arthritis].map((r) => r.body.id);
      const points = await queryDatabase<Record<string, unknown>>(
        database,
        `SELECT a.id, a.expires_at, a.is_anonymous, c.kind::text AS kind, s.contact_id = a.owner_id AS same_owner, s.overall_score, s.rom_score,
                s.dexterity_score, s.pain_score, s.hand::text AS hand, s.day = (a.date_created AT TIME ZONE 'UTC')::date AS same_day
           FROM assessments a JOIN contacts c ON c.id = a.owner_id JOIN score_points s ON s.assessment_id = a.id
          WHERE a.id = ANY($1) ORDER BY a.id`,
        [ids],
      );
      assert.equal(points.length, 4);
      for (const p of points) {
        assert.equal(p.expires_at, null);
        assert.equal(p.is_anonymous, false);
        assert.equal(p.kind, "PATIENT");
        assert.equal(p.same_owner, true);
        assert.equal(p.same_day, true);
      }
      assert.deepEqual(
        points.map((p) => [p.hand, p.overall_score, p.rom_score, p.dexterity_score, p.pain_score]),
        [
          ["LEFT", 72, 72, null, null],
          ["RIGHT", 81, null, 81, null],
          ["BOTH", 40, null, null, 40],
          ["BOTH", 64.5, null, null, null],
        ],
      );
      const anonymousPoints = await queryDatabase(
        database,
        `SELECT count(*)::int AS n FROM score_points s JOIN contacts c ON c.id = s.contact_id WHERE c.kind = 'ANONYMOUS'`,
      );
      assert.equal(anonymousPoints[0]!.n, 0);
    } finally {
      await database.drop();
    }
  });

  test("by numeric id only the owner or care staff of a clinic the owner shares with can read a record", async () => {
    const token = await idp.token();
    const rom = await api.post("/assessments/rom", romBody, { token });
    const lookup = await api.get(`/lookup/${rom.body.code}`);
    assert.equal(lookup.body.isAnonymous, false);
    // By numeric id, the owner can read it; nobody else can.
    assert.equal((await api.get(`/assessments/${rom.body.id}/results`, { token })).status, 200);
    assert.equal((await api.get(`/assessments/${rom.body.id}/results`)).status, 404);
    assert.equal((await api.get(`/assessments/${rom.body.id}/results`, { token: await idp.token() })).status, 404);
    const staffSub = uniqueSub("staff");
    const staff = await idp.token({ sub: staffSub, roles: ["care_provider"] });
    assert.equal((await api.get(`/assessments/${rom.body.id}/results`, { token: staff })).status, 404, "before the owner shares");
    // A clinician of another clinic, the owner sharing with one that is not theirs: still nobody.
    const elsewhereSub = uniqueSub("elsewhere");
    await careTeam(api, idp, [elsewhereSub], "Another clinic");
    await (await careTeam(api, idp, [staffSub])).share(token);
    assert.equal((await api.get(`/assessments/${rom.body.id}/results`, { token: staff })).status, 200);
    const elsewhere = await idp.token({ sub: elsewhereSub, roles: ["care_provider"] });
    assert.equal((await api.get(`/assessments/${rom.body.id}/results`, { token: elsewhere })).status, 404, "another clinic's clinician");
  });

  test("an anonymous record is reachable by code only, never by its numeric id", async () => {
    const res = await api.post("/assessments/rom", romBody);
    // Every caller who could read an owned record by id is tried, not only the anonymous one a
    // missing token refuses anyway: care staff, the service admin, a patient.
    const callers = {
      anonymous: undefined,
      "care staff": await idp.token({ roles: ["care_provider"] }),
      admin: await idp.token({ roles: ["admin"] }),
      "a patient": await idp.token(),
    };
    for (const [who, token] of Object.entries(callers)) {
      assert.equal((await api.get(`/assessments/${res.body.id}/results`, { token })).status, 404, who);
      assert.equal((await api.get(`/assessments/${res.body.code}/results`, { token })).status, 200, who);
    }
  });

  test("GET /assessments/:id/results is 404 for an unknown code or id, 400 naming id for nonsense", async () => {
    for (const ref of ["ZZZ-ZZZ", "999999999"]) {
      const res = await api.get(`/assessments/${ref}/results`);
      assert.equal(res.status, 404, ref);
      assert.equal(typeof res.body.error, "string");
    }
    for (const ref of ["not-a-code", "1234567890"]) {
      const res = await api.get(`/assessments/${ref}/results`);
      assert.equal(res.status, 400, ref);
      assert.equal(res.body.field, "id");
    }
  });
});

test("a restart keeps the data: an assessment submitted before reads back after", async () => {
  const database = await createTestDatabase();
  try {
    const first = await startServer({ database });
    const created = await apiClient(first.origin).post("/assessments/pain-v2", painBody);
    assert.equal(created.status, 201);
    const before = (await apiClient(first.origin).get(`/assessments/${created.body.code}/results`)).body;
    assert.equal(await first.stop(), 0);
    const second = await startServer({ database });
    try {
      const afterRestart = await apiClient(second.origin).get(`/assessments/${created.body.code}/results`);
      assert.equal(afterRestart.status, 200);
      assert.deepEqual(afterRestart.body, before);
      assert.match(created.body.formattedCode, DASHED);
    } finally {
      await second.stop();
    }
  } finally {
    await database.drop();
  }
});
