// Row 14 of the abuse review: `overallScore: 1e200` on a signed-in POST /lookup/anonymous was a
// 500 (numeric overflow in the score history), and 1e16 or -5 were stored and shown in
// histories, the provider list and the PDF ("Overall Infinity / 100"). Now every number of every
// submission body is finite and within its documented range, or the request is a 400 naming the
// field, and nothing is stored.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { arthritisBody, dexterityBody, painBody, romBody } from "@/lib/assessments/examples";
import { apiClient } from "@/test/support/http";
import type { IdentityProvider } from "@/test/support/identity-provider";
import { sharedServerWithIdp, type SharedServer } from "@/test/support/shared-server";

let idp: IdentityProvider;
let server: SharedServer;
let api: ReturnType<typeof apiClient>;
let token: string;

before(async () => {
  ({ server, idp } = await sharedServerWithIdp());
  api = apiClient(server.origin);
  token = await idp.token();
});

after(async () => {
  await server?.stop();
  await idp?.close();
});

/** The signed-in caller's stored records and score days: what a stored attack would show up in. */
async function history() {
  const assessments = await api.get("/patients/me/assessments", { token });
  const scores = await api.get("/patients/me/scores", { token });
  assert.equal(assessments.status, 200);
  assert.equal(scores.status, 200);
  return { assessments: assessments.body.total, scoreDays: scores.body.total };
}

const HOSTILE = [1e200, 1e16, -5, "NaN", "Infinity", "1e999"];

/** [path, a valid body, the field to spoil (dotted), values it must refuse]. */
const CASES: [string, Record<string, unknown>, string, unknown[]][] = [
  ["/lookup/anonymous", { assessmentType: "ROM", resultSnapshot: { overallScore: 70 } }, "resultSnapshot.overallScore", HOSTILE],
  ["/lookup/anonymous", { assessmentType: "THUMB", resultSnapshot: { wristScore: 70 } }, "resultSnapshot.wristScore", HOSTILE],
  [
    "/lookup/anonymous",
    { assessmentType: "ROM", resultSnapshot: { extensionDeg: 50 } },
    "resultSnapshot.extensionDeg",
    [1e200, 1e16, -1000],
  ],
  ["/lookup/anonymous", { assessmentType: "DEXTERITY", resultSnapshot: { overallScore: 70 } }, "resultSnapshot.overallScore", HOSTILE],
  [
    "/lookup/anonymous",
    { assessmentType: "FINGER_TAPPING", resultSnapshot: { totalTouches: 40 } },
    "resultSnapshot.totalTouches",
    [1e200, 1e16, -5, 2.5, "NaN"],
  ],
  [
    "/lookup/anonymous",
    { assessmentType: "DEXTERITY", resultSnapshot: { averageFrequency: 2 } },
    "resultSnapshot.averageFrequency",
    [1e200, 1e16, -5],
  ],
  [
    "/lookup/anonymous",
    { assessmentType: "PAIN", resultSnapshot: { maxSeverity: 4 } },
    "resultSnapshot.maxSeverity",
    [1e200, 11, -5, "NaN"],
  ],
  [
    "/lookup/anonymous",
    { assessmentType: "PAIN", resultSnapshot: { medications: [{ medicationName: "Ibuprofen", effectivenessRating: 5 }] } },
    "resultSnapshot.medications.0.effectivenessRating",
    [1e16, -5],
  ],
  ["/lookup/anonymous", { assessmentType: "ARTHRITIS", resultSnapshot: { compositeScore: 60 } }, "resultSnapshot.compositeScore", HOSTILE],
  [
    "/lookup/anonymous",
    { assessmentType: "ARTHRITIS", resultSnapshot: { progressionLevel: 2 } },
    "resultSnapshot.progressionLevel",
    [1e200, 5, -5, 1.5],
  ],
  [
    "/lookup/anonymous",
    { assessmentType: "ARTHRITIS", resultSnapshot: { affectedJointCount: 2 } },
    "resultSnapshot.affectedJointCount",
    [1e16, -5],
  ],
  ["/lookup/anonymous", { assessmentType: "ROM", resultSnapshot: { appBuild: 7 } }, "resultSnapshot.appBuild", [1e200, -1e300]],
  ["/assessments/rom", romBody, "overallScore", HOSTILE],
  ["/assessments/rom", romBody, "wrist.max_extension_deg", [1e200, 1e16, -1000]],
  ["/assessments/rom", romBody, "wrist.unsigned_rom_deg", [1e200, -5]],
  ["/assessments/rom", romBody, "joints.0.minAngle", [1e200, 1e16, -1000]],
  ["/assessments/rom", romBody, "joints.1.rom", [1e200, -5]],
  ["/assessments/rom", romBody, "joints.0.normalRange.1", [1e200, 1e16]],
  ["/assessments/rom", romBody, "lightingMetrics.meanY", [1e200, 1e16, -5]],
  ["/assessments/dexterity", dexterityBody, "duration", [1e200, 1e16, -5]],
  ["/assessments/dexterity", dexterityBody, "timeTo10Sequences", [1e200, 1e16, -5]],
  ["/assessments/dexterity", dexterityBody, "averageFrequency", [1e200, 1e16, -5]],
  ["/assessments/dexterity", dexterityBody, "sequenceAccuracy", [1e200, 1e16, -5]],
  ["/assessments/dexterity", dexterityBody, "cycleCount", [1e16, -5, 1.5]],
  ["/assessments/dexterity", dexterityBody, "fingerScores.index.touchCount", [1e16, -5]],
  ["/assessments/pain-v2", painBody, "entries.0.severity", [1e200, 11, -5, "NaN"]],
  ["/assessments/pain-v2", painBody, "medications.0.effectivenessRating", [1e16, -5]],
  ["/assessments/arthritis", arthritisBody, "compositeScore", HOSTILE],
  ["/assessments/arthritis", arthritisBody, "morningStiffnessSeverity", [1e200, -5]],
  ["/assessments/arthritis", arthritisBody, "jointHealthMap.0.healthScore", [1e16, -5]],
  ["/assessments/arthritis", arthritisBody, "sourceRomAssessmentId", [1e16, -5]],
  ["/assessments/pain", { painRating: 3 }, "painRating", [1e200, 1e16, -5, "NaN"]],
];

function withValue(body: Record<string, unknown>, dotted: string, value: unknown): Record<string, unknown> {
  const copy = structuredClone(body);
  const path = dotted.split(".");
  let node: any = copy;
  for (const key of path.slice(0, -1)) node = node[key];
  node[path.at(-1)!] = value;
  return copy;
}

test("every out-of-range, infinite or non-numeric number is a 400 naming its field, signed in or not; nothing is stored", async () => {
  const before = await history();
  for (const [path, body, field, values] of CASES) {
    for (const value of values) {
      for (const options of [{ token }, {}]) {
        const res = await api.post(path, withValue(body, field, value), options);
        const what = `${path} ${field}=${JSON.stringify(value)}${options.token ? " (signed in)" : ""}`;
        assert.equal(res.status, 400, `${what}: ${res.status} ${JSON.stringify(res.body)}`);
        assert.equal(res.body.field, field, what);
      }
    }
  }
  assert.deepEqual(await history(), before);
});

test("the same bodies within range are stored (the cases above spoil valid bodies)", async () => {
  const before = await history();
  for (const [path, body] of CASES.filter(([path]) => path !== "/assessments/pain")) {
    const res = await api.post(path, body, { token });
    assert.ok(res.status === 200 || res.status === 201, `${path}: ${res.status} ${JSON.stringify(res.body)}`);
  }
  const stored = await history();
  assert.equal(stored.assessments, before.assessments + CASES.length - 1);
});
