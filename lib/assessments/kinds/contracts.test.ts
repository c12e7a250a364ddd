// Each kind's contract, boundary by boundary, as docs/api.md ("Assessments and lookup") documents
// it: every bound of a submission body and of a snapshot just inside (accepted) and just outside
// (refused, naming the member), the same verdict from the API reference's JSON Schema (ajv, which
// shares no code with zod), what a valid body becomes (the snapshot, the results tree and the
// answer), and what the reference tells a reader about each operation. rules.test.ts holds
// QuickDASH's own table.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { z } from "zod";
import { arthritisBody, dexterityBody, painBody, romBody } from "@/lib/assessments/examples";
import { KIND_CONTRACTS, kindSubmissionEndpoints } from "@/lib/assessments/kinds/contracts";
import { arthritisInput, arthritisSnapshot } from "@/lib/assessments/kinds/arthritis-contract";
import { dexterityInput, dexteritySnapshot } from "@/lib/assessments/kinds/dexterity-contract";
import { gripInput, gripNormKg, gripSnapshot } from "@/lib/assessments/kinds/grip-contract";
import type { SubmissionCaller, SubmittedRecord } from "@/lib/assessments/kinds/kind";
import { painInput, painSnapshot } from "@/lib/assessments/kinds/pain-contract";
import { prweInput, prweSnapshot } from "@/lib/assessments/kinds/prwe-contract";
import { quickdashInput } from "@/lib/assessments/kinds/quickdash-contract";
import { romInput, romSnapshot } from "@/lib/assessments/kinds/rom-contract";
import { INT4_MAX } from "@/lib/assessments/schemas";
import { buildOpenApiDocument } from "@/lib/openapi/document";

type Body = Record<string, unknown>;

/** Marks a member left out of the body. */
const ABSENT = Symbol("absent");

/** A copy of `body` with the member at a dotted path ("entries.0.severity") set, or left out. */
function withMember(body: Body, path: string, value: unknown): Body {
  const copy = structuredClone(body);
  const keys = path.split(".");
  const last = keys.pop()!;
  let node = copy as Record<string, unknown>;
  for (const key of keys) node = node[key] as Record<string, unknown>;
  if (value === ABSENT) delete node[last];
  else node[last] = value;
  return copy;
}

/** "accepted", or the dotted path of the first member refused. */
function verdict(schema: z.ZodType, body: unknown): string {
  const result = schema.safeParse(body);
  return result.success ? "accepted" : result.error.issues[0]!.path.join(".");
}

const many = <T>(n: number, item: T): T[] => Array.from({ length: n }, () => structuredClone(item));
const chars = (n: number) => "x".repeat(n);
const show = (value: unknown) =>
  value === ABSENT
    ? "absent"
    : typeof value === "string" && value.length > 20
      ? `${value.length} characters`
      : JSON.stringify(value)?.slice(0, 40);

/** One member's boundary: values just inside its documented range, and values just outside it. */
interface Bound {
  member: string;
  inside?: unknown[];
  outside?: unknown[];
}

/** The bodies a table makes from `base`: each with its expected verdict. */
function boundaryBodies(base: Body, bounds: Bound[]) {
  return [
    { body: base, expected: "accepted", label: "the example" },
    ...bounds.flatMap(({ member, inside = [], outside = [] }) => [
      ...inside.map((value) => ({ body: withMember(base, member, value), expected: "accepted", label: `${member} = ${show(value)}` })),
      ...outside.map((value) => ({ body: withMember(base, member, value), expected: member, label: `${member} = ${show(value)}` })),
    ]),
  ];
}

function assertBounds(schema: z.ZodType, base: Body, bounds: Bound[]) {
  for (const { body, expected, label } of boundaryBodies(base, bounds)) assert.equal(verdict(schema, body), expected, label);
}

// ---------- the submission bodies ----------

const PAIN_ENTRY = { areaType: "PALM", hand: "LEFT", severity: 4 };
const PAIN_MEDICATION = { medicationName: "Paracetamol" };

const PAIN_BOUNDS: Bound[] = [
  { member: "mode", inside: ["QUICK"], outside: [ABSENT, "FAST"] },
  { member: "hand", inside: ["LEFT", "BOTH"], outside: [ABSENT, "FOOT"] },
  { member: "painType", inside: [null, ABSENT, "SWELLING"], outside: ["CRAMP"] },
  { member: "timeOfDay", inside: [null, "NIGHT"], outside: ["NOON"] },
  { member: "entries", inside: [null, [], many(200, PAIN_ENTRY)], outside: [many(201, PAIN_ENTRY)] },
  { member: "entries.0.severity", inside: [0, 10], outside: [ABSENT, -0.1, 10.1] },
  { member: "entries.0.areaType", inside: ["WRIST"], outside: [ABSENT, "ELBOW"] },
  { member: "entries.0.hand", inside: ["BOTH"], outside: [ABSENT] },
  { member: "entries.0.digit", inside: [null, "THUMB"], outside: ["TOE"] },
  { member: "entries.0.location", inside: [null, "CMC"], outside: ["KNUCKLE"] },
  { member: "medications", inside: [many(50, PAIN_MEDICATION)], outside: [many(51, PAIN_MEDICATION)] },
  { member: "medications.0.medicationName", inside: ["A", chars(200)], outside: [ABSENT, "", chars(201), "a\u0007"] },
  { member: "medications.0.dose", inside: [null, chars(200)], outside: [chars(201)] },
  { member: "medications.0.effectivenessRating", inside: [null, 0, 10], outside: [-1, 10.5] },
  { member: "strategies", inside: [[], many(20, "ICE")], outside: [many(21, "ICE")] },
  { member: "strategies.0", inside: ["SPLINTING"], outside: ["NAP"] },
  { member: "comments", inside: [null, chars(4000)], outside: [chars(4001), "bell\u0007"] },
];

const ARTHRITIS_LIMITATION = { task: "WRITING", difficulty: "MILD" };
const ARTHRITIS_SYMPTOM = { digit: "RING" };
const ARTHRITIS_JOINT = { digit: "RING", location: "DIP" };
const scoreBound = (member: string): Bound => ({ member, inside: [null, 0, 100], outside: [-0.5, 100.5, "50"] });

const ARTHRITIS_BOUNDS: Bound[] = [
  { member: "hand", inside: ["LEFT", "RIGHT", "BOTH"], outside: [ABSENT, "NONE"] },
  { member: "morningStiffnessDuration", inside: [null, "OVER_60_MIN"], outside: ["ALL_DAY"] },
  { member: "morningStiffnessSeverity", inside: [null, 0, 10], outside: [-1, 11] },
  { member: "functionalLimitations", inside: [[], many(50, ARTHRITIS_LIMITATION)], outside: [many(51, ARTHRITIS_LIMITATION)] },
  { member: "functionalLimitations.0.task", inside: ["GRIPPING"], outside: [ABSENT, "JUGGLING"] },
  { member: "functionalLimitations.0.difficulty", inside: ["UNABLE"], outside: [ABSENT, "EXTREME"] },
  { member: "jointSymptoms", inside: [many(100, ARTHRITIS_SYMPTOM)], outside: [many(101, ARTHRITIS_SYMPTOM)] },
  { member: "jointSymptoms.0.id", inside: [null, chars(100)], outside: [chars(101)] },
  { member: "jointSymptoms.0.digit", inside: ["LITTLE"], outside: ["TOE"] },
  { member: "jointSymptoms.0.location", inside: ["TIP"], outside: ["KNUCKLE"] },
  ...["tenderness", "swelling", "warmth", "crepitus"].map((flag) => ({
    member: `jointSymptoms.0.${flag}`,
    inside: [null, false],
    outside: ["yes"],
  })),
  { member: "symptomSymmetry", inside: ["LEFT_ONLY"], outside: ["BOTH"] },
  { member: "symptomOnset", inside: ["FLARE_UPS"], outside: ["YESTERDAY"] },
  { member: "familyHistoryArthritis", inside: [false, null], outside: ["no"] },
  scoreBound("compositeScore"),
  { member: "progressionLevel", inside: [null, 0, 4], outside: [-1, 5, 2.5] },
  { member: "patternType", inside: ["RA_PATTERN", "UNDETERMINED"], outside: ["GOUT"] },
  scoreBound("romDeficitScore"),
  scoreBound("painBurdenScore"),
  scoreBound("functionalScore"),
  scoreBound("stiffnessScore"),
  { member: "affectedJointCount", inside: [null, 0, INT4_MAX], outside: [-1, 1.5, INT4_MAX + 1] },
  { member: "jointHealthMap", inside: [[], many(100, ARTHRITIS_JOINT)], outside: [many(101, ARTHRITIS_JOINT)] },
  { member: "jointHealthMap.0.digit", inside: ["THUMB"], outside: ["TOE"] },
  { member: "jointHealthMap.0.location", inside: ["MCP"], outside: ["KNUCKLE"] },
  scoreBound("jointHealthMap.0.healthScore"),
  scoreBound("jointHealthMap.0.romScore"),
  scoreBound("jointHealthMap.0.painScore"),
  { member: "jointHealthMap.0.hasSymptoms", inside: [false], outside: ["no"] },
  { member: "jointHealthMap.0.flags", inside: [[], many(50, "node")], outside: [many(51, "node")] },
  { member: "jointHealthMap.0.flags.0", inside: [chars(200)], outside: [chars(201)] },
  { member: "clinicalFlags", inside: [[], many(50, "flag")], outside: [many(51, "flag")] },
  { member: "clinicalFlags.0", inside: [chars(500)], outside: [chars(501)] },
  { member: "recommendation", inside: [null, chars(4000)], outside: [chars(4001)] },
  ...["sourceRomAssessmentId", "sourceDexterityAssessmentId", "sourcePainSessionId"].map((member) => ({
    member,
    inside: [null, 1, INT4_MAX],
    outside: [0, 1.5, INT4_MAX + 1],
  })),
];

const ROM_JOINT = { id: "ring_dip", finger: "RING", jointType: "DIP", minAngle: 0, maxAngle: 80, rom: 80 };
const angleBound = (member: string): Bound => ({ member, inside: [null, -360, 360], outside: [-360.5, 360.5] });
const spanBound = (member: string): Bound => ({ member, inside: [null, 0, 360], outside: [-1, 361] });
const countBound = (member: string, inside: unknown[] = [0, INT4_MAX]): Bound => ({ member, inside, outside: [-1, 2.5, INT4_MAX + 1] });

const ROM_BOUNDS: Bound[] = [
  { member: "hand", inside: ["LEFT", "RIGHT"], outside: [ABSENT, "BOTH"] },
  { member: "overallScore", inside: [0, 100], outside: [ABSENT, null, -1, 101] },
  scoreBound("wristScore"),
  scoreBound("fingerScore"),
  { member: "lightingQuality", inside: [null, "POOR"], outside: ["DARK"] },
  { member: "lightingMetrics.meanY", inside: [0, 255], outside: [-1, 256] },
  { member: "lightingMetrics.stdY", inside: [0, 255], outside: [256] },
  spanBound("wrist.unsigned_rom_deg"),
  ...["max_extension_deg", "min_extension_deg", "avg_extension_deg", "max_flexion_deg", "min_flexion_deg", "avg_flexion_deg"].map((angle) =>
    angleBound(`wrist.${angle}`),
  ),
  countBound("wrist.frames_total"),
  countBound("wrist.frames_valid"),
  { member: "wrist.percent_valid_frames", inside: [null, 0, 100], outside: [-1, 100.5] },
  { member: "joints", inside: [null, [], many(200, ROM_JOINT)], outside: [many(201, ROM_JOINT)] },
  { member: "joints.0.id", inside: [null, chars(100)], outside: [chars(101)] },
  { member: "joints.0.finger", inside: [chars(50)], outside: [chars(51)] },
  { member: "joints.0.jointType", inside: [chars(50)], outside: [chars(51)] },
  { member: "joints.0.avgAngle", inside: [-360, 360], outside: [-361, 361] },
  { member: "joints.0.normalRange", inside: [null, [-360, 360]], outside: [[0], [0, 90, 100]] },
  { member: "joints.0.normalRange.1", inside: [360], outside: [361] },
  scoreBound("joints.0.flexibilityScore"),
  countBound("joints.0.frameCount"),
];

const DEXTERITY_FINGER = { finger: "RING", accuracy: 80 };
const fingers = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`finger${i}`, DEXTERITY_FINGER]));

const DEXTERITY_BOUNDS: Bound[] = [
  { member: "hand", inside: ["LEFT"], outside: [ABSENT, "BOTH"] },
  { member: "duration", inside: [0, 3600], outside: [ABSENT, -1, 3600.5] },
  ...["overallScore", "speedScore", "consistencyScore"].map((member) => ({ member, inside: [0, 100], outside: [ABSENT, -1, 101] })),
  countBound("cycleCount"),
  countBound("totalTouches"),
  { member: "cycleCount", outside: [ABSENT] },
  { member: "totalTouches", outside: [ABSENT] },
  scoreBound("touchPrecision"),
  scoreBound("accuracyScore"),
  countBound("sequencesCompleted", [null, 0]),
  { member: "timeTo10Sequences", inside: [null, 0, 3600], outside: [-1, 3601] },
  { member: "averageFrequency", inside: [null, 0, 100], outside: [-0.1, 100.1] },
  scoreBound("sequenceAccuracy"),
  { member: "fingerScores", inside: [null, {}, fingers(20)], outside: [fingers(21)] },
  { member: "fingerScores.index.finger", inside: [chars(50)], outside: [chars(51)] },
  scoreBound("fingerScores.index.accuracy"),
  scoreBound("fingerScores.index.consistency"),
  scoreBound("fingerScores.index.score"),
  countBound("fingerScores.index.touchCount", [null, 0]),
  { member: "lightingQuality", inside: ["GOOD"], outside: ["BRIGHT"] },
  { member: "lightingMetrics", inside: [null, { meanY: 255, stdY: 0 }] },
];

const GRIP_BODY: Body = { hand: "RIGHT", trialsKg: [31.5, 33, 32], position: 2 };
const GRIP_BOUNDS: Bound[] = [
  { member: "hand", inside: ["LEFT"], outside: [ABSENT, "BOTH"] },
  {
    member: "trialsKg",
    inside: [
      [0, 0, 0],
      [100, 100, 100],
    ],
    outside: [ABSENT, [30, 31], [30, 31, 32, 33]],
  },
  { member: "trialsKg.1", inside: [0, 100], outside: [-0.1, 100.1, null] },
  { member: "position", inside: [ABSENT, 1, 5], outside: [0, 6, 2.5] },
];

const PRWE_BODY: Body = { hand: "LEFT", pain: [3, 5, 2, 6, 7], function: [4, 5, 3, 2, 1, 6, 3, 2, 4, 5] };
const PRWE_BOUNDS: Bound[] = [
  { member: "hand", inside: ["RIGHT"], outside: [ABSENT, "BOTH"] },
  {
    member: "pain",
    inside: [
      [0, 0, 0, 0, null],
      [10, 10, 10, 10, 10],
    ],
    outside: [ABSENT, [1, 2, 3, 4], [1, 2, 3, 4, 5, 6], [null, 1, 2, 3, null]],
  },
  { member: "pain.4", inside: [0, 10, null], outside: [-0.5, 10.5] },
  { member: "function", inside: [[null, 1, 1, 1, 1, 1, 1, 1, 1, 1]], outside: [ABSENT, many(9, 1), many(11, 1), many(10, null)] },
  { member: "function.9", inside: [0, 10, null], outside: [-1, 11] },
];

const QUICKDASH_BODY: Body = { hand: "RIGHT", responses: [2, 3, 1, 2, 4, 1, 2, 3, 1, 2, 5], work: [2, 2, 3, 1] };
const QUICKDASH_BOUNDS: Bound[] = [
  { member: "hand", inside: [ABSENT, "BOTH"], outside: ["FOOT"] },
  { member: "responses", inside: [[null, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]], outside: [ABSENT, many(10, 1), many(12, 1), many(11, null)] },
  { member: "responses.10", inside: [1, 5, null], outside: [0, 6, 2.5] },
  {
    member: "work",
    inside: [ABSENT, [1, 2, 3, 5]],
    outside: [
      [1, 2, 3],
      [1, 2, 3, 4, 5],
    ],
  },
  { member: "work.3", inside: [1, 5], outside: [null, 0, 6] },
  { member: "sportsMusic", inside: [[5, 5, 5, 5]], outside: [[5, 5, 5, 5, 5]] },
];

/** Each submission's schema, its example body (the reference's, for the kinds with one) and its table. */
const SUBMISSIONS = [
  { path: "/assessments/pain-v2", schema: painInput, base: painBody, bounds: PAIN_BOUNDS },
  { path: "/assessments/arthritis", schema: arthritisInput, base: arthritisBody, bounds: ARTHRITIS_BOUNDS },
  { path: "/assessments/rom", schema: romInput, base: romBody, bounds: ROM_BOUNDS },
  { path: "/assessments/dexterity", schema: dexterityInput, base: dexterityBody, bounds: DEXTERITY_BOUNDS },
  { path: "/assessments/grip", schema: gripInput, base: GRIP_BODY, bounds: GRIP_BOUNDS },
  { path: "/assessments/prwe", schema: prweInput, base: PRWE_BODY, bounds: PRWE_BOUNDS },
  { path: "/assessments/quickdash", schema: quickdashInput, base: QUICKDASH_BODY, bounds: QUICKDASH_BOUNDS },
] as const;

for (const { path, schema, base, bounds } of SUBMISSIONS) {
  test(`${path}: every documented bound of the body, just inside accepted and just outside refused naming the member`, () => {
    assertBounds(schema, base, bounds);
  });
}

// ---------- the API reference ----------

type JsonSchema = Record<string, unknown>;
interface Operation {
  summary: string;
  requestBody: { content: { "application/json": { schema: JsonSchema; example?: unknown } } };
  responses: Record<string, { description: string; content?: { "application/json": { schema: JsonSchema } } }>;
}

const REFERENCE = buildOpenApiDocument(Object.values(kindSubmissionEndpoints)) as unknown as {
  paths: Record<string, { post: Operation }>;
  components: { schemas: Record<string, JsonSchema> };
};

/** ajv over the reference's JSON Schema 2020-12, its components resolvable. */
function referenceValidator() {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  addFormats(ajv);
  const componentsId = "https://kinds.invalid/components.json";
  const local = (schema: unknown) =>
    JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', `"${componentsId}#/$defs/`)) as JsonSchema;
  ajv.addSchema({ $id: componentsId, $defs: local(REFERENCE.components.schemas) });
  return (schema: JsonSchema) => ajv.compile(local(schema));
}
const compile = referenceValidator();

test("the API reference accepts and refuses every boundary body as the service does", () => {
  for (const { path, schema, base, bounds } of SUBMISSIONS) {
    const documented = compile(REFERENCE.paths[path]!.post.requestBody.content["application/json"].schema);
    for (const { body, label } of boundaryBodies(base, bounds)) {
      assert.equal(documented(body), schema.safeParse(body).success, `${path}: ${label}`);
    }
  }
});

// ---------- the snapshots ----------

const NO_CALLER: SubmissionCaller = { age: null, sex: null, recent: () => null };
const CREATED = { dateCreated: new Date("2026-11-28T10:00:00.000Z") };
/** The answer's members after the record's id and code. */
const replyOf = (record: Pick<SubmittedRecord, "reply">) => record.reply(CREATED);

/** What the service makes of a valid body: parsed by its schema, then built. */
const built = {
  pain: (body: Body) => KIND_CONTRACTS.PAIN.submission.build(painInput.parse(body)),
  arthritis: (body: Body) => KIND_CONTRACTS.ARTHRITIS.submission.build(arthritisInput.parse(body)),
  rom: (body: Body) => KIND_CONTRACTS.ROM.submission.build(romInput.parse(body)),
  dexterity: (body: Body) => KIND_CONTRACTS.DEXTERITY.submission.build(dexterityInput.parse(body)),
  grip: (body: Body) => KIND_CONTRACTS.GRIP.submission.build(gripInput.parse(body), NO_CALLER),
  prwe: (body: Body) => KIND_CONTRACTS.PRWE.submission.build(prweInput.parse(body)),
  quickdash: (body: Body) => KIND_CONTRACTS.QUICKDASH.submission.build(quickdashInput.parse(body)),
};

const SNAPSHOTS = [
  {
    kind: "PAIN",
    schema: painSnapshot,
    base: built.pain(painBody).snapshot,
    bounds: [
      { member: "overallScore", inside: [null, 0, 100], outside: [-1, 100.5] },
      { member: "mode", inside: [null, "QUICK"], outside: ["FAST"] },
      { member: "maxSeverity", inside: [null, 0, 10], outside: [-0.5, 10.5] },
      { member: "painType", inside: [null], outside: ["CRAMP"] },
      { member: "timeOfDay", inside: [null], outside: ["NOON"] },
      { member: "entries", inside: [[]], outside: [many(201, PAIN_ENTRY)] },
      { member: "entries.0.severity", outside: [11] },
      { member: "strategies.0", outside: ["NAP"] },
      { member: "medications.0.medicationName", outside: [""] },
      { member: "comments", inside: [null], outside: [5] },
    ],
  },
  {
    kind: "ARTHRITIS",
    schema: arthritisSnapshot,
    base: built.arthritis(arthritisBody).snapshot,
    bounds: [
      ...["compositeScore", "romDeficitScore", "painBurdenScore", "functionalScore", "stiffnessScore"].map(scoreBound),
      { member: "progressionLevel", inside: [null, 0, 4], outside: [5, 1.5] },
      { member: "patternType", inside: [null, "MIXED"], outside: ["GOUT"] },
      { member: "affectedJointCount", inside: [null, 0], outside: [-1] },
      { member: "clinicalFlags", inside: [[]], outside: [many(51, "flag")] },
      { member: "clinicalFlags.0", outside: [chars(501)] },
    ],
  },
  {
    kind: "ROM",
    schema: romSnapshot,
    base: built.rom(romBody).snapshot,
    bounds: [
      ...["overallScore", "wristScore", "fingerScore"].map(scoreBound),
      angleBound("extensionDeg"),
      angleBound("flexionDeg"),
      { member: "lightingQuality", inside: [null, "FAIR"], outside: ["DARK"] },
    ],
  },
  {
    kind: "DEXTERITY",
    schema: dexteritySnapshot,
    base: built.dexterity(dexterityBody).snapshot,
    bounds: [
      ...["overallScore", "speedScore", "touchPrecision", "accuracyScore", "consistencyScore", "sequenceAccuracy"].map(scoreBound),
      countBound("cycleCount", [null, 0]),
      countBound("totalTouches", [null, 0]),
      countBound("sequencesCompleted", [null, 0]),
      { member: "timeTo10Sequences", inside: [null, 3600], outside: [3601] },
      { member: "averageFrequency", inside: [null, 100], outside: [100.5] },
    ],
  },
  {
    kind: "GRIP",
    schema: gripSnapshot,
    base: built.grip(GRIP_BODY).snapshot,
    bounds: [
      { member: "trialsKg", outside: [[30, 31]] },
      { member: "trialsKg.0", inside: [0, 100], outside: [100.5] },
      { member: "position", inside: [1, 5], outside: [0, 6, 1.5] },
      { member: "meanKg", inside: [0, 100], outside: [-1, 100.5] },
      { member: "bestKg", inside: [0, 100], outside: [-1, 100.5] },
      { member: "percentOfNorm", inside: [ABSENT, 0, 80, 150], outside: [-1] },
      { member: "percentOfOtherHand", inside: [ABSENT, 0, 80, 150], outside: [-1] },
    ],
  },
  {
    kind: "PRWE",
    schema: prweSnapshot,
    base: built.prwe(PRWE_BODY).snapshot,
    bounds: [
      { member: "painScore", inside: [0, 50], outside: [-1, 50.5] },
      { member: "functionScore", inside: [0, 50], outside: [-1, 50.5] },
      { member: "prweScore", inside: [0, 100], outside: [-1, 100.5] },
      { member: "answeredCount", inside: [13, 15], outside: [12, 16, 14.5] },
      { member: "overallScore", inside: [0, 100], outside: [-1, 100.5] },
      { member: "pain", outside: [[1, 2, 3, 4]] },
      { member: "function", outside: [many(11, 1)] },
    ],
  },
] satisfies { kind: string; schema: z.ZodType; base: Body; bounds: Bound[] }[];

test("each kind's snapshot: what its submission stores passes, and every typed member is refused out of its range", () => {
  for (const { kind, schema, base, bounds } of SNAPSHOTS) {
    for (const { body, expected, label } of boundaryBodies(base, bounds))
      assert.equal(verdict(schema, body), expected, `${kind}: ${label}`);
  }
});

test("each kind's snapshot and results tree is its own component of the reference, named after the kind", () => {
  const idOf = (schema: z.ZodType | null) => (schema ? z.globalRegistry.get(schema)?.id : null);
  assert.deepEqual(
    Object.entries(KIND_CONTRACTS).map(([type, contract]) => [type, idOf(contract.snapshot), idOf(contract.results)]),
    [
      ["ROM", "RomSnapshot", "RomResults"],
      ["DEXTERITY", "DexteritySnapshot", "DexterityResults"],
      ["PAIN", "PainSnapshot", "PainResults"],
      ["ARTHRITIS", "ArthritisSnapshot", "ArthritisResults"],
      ["THUMB", "RomSnapshot", null],
      ["QUICKDASH", "QuickDashSnapshot", null],
      ["GRIP", "GripSnapshot", null],
      ["PRWE", "PrweSnapshot", null],
    ],
  );
});

// ---------- what a valid body becomes ----------

test("pain: the worst entry is the session's, absent members are stored as null, and the answer counts the entries", () => {
  const record = built.pain(painBody);
  const entries = [
    { areaType: "DIGIT_JOINT", hand: "LEFT", digit: "INDEX", location: "PIP", severity: 6 },
    { areaType: "WRIST", hand: "RIGHT", digit: null, location: null, severity: 3 },
  ];
  assert.equal(record.hand, "BOTH");
  assert.deepEqual(record.snapshot, {
    overallScore: 40,
    mode: "DETAILED",
    maxSeverity: 6,
    painType: "DULL_ACHING",
    timeOfDay: "MORNING",
    entries,
    strategies: ["ICE", "REST"],
    medications: [{ medicationName: "Ibuprofen", dose: "200 mg", effectivenessRating: 7 }],
    comments: "worse after typing",
  });
  assert.deepEqual(record.results, { ...painBody, maxSeverity: 6, isComplete: true });
  assert.deepEqual(replyOf(record), { dateCreated: "2026-11-28T10:00:00.000Z", isComplete: true, maxSeverity: 6, entryCount: 2 });

  const bare = built.pain({ mode: "QUICK", hand: "LEFT", medications: [{ medicationName: "Ibuprofen" }] });
  assert.deepEqual(bare.snapshot, {
    overallScore: null,
    mode: "QUICK",
    maxSeverity: null,
    painType: null,
    timeOfDay: null,
    entries: [],
    strategies: [],
    medications: [{ medicationName: "Ibuprofen", dose: null, effectivenessRating: null }],
    comments: null,
  });
  assert.deepEqual(replyOf(bare), { dateCreated: "2026-11-28T10:00:00.000Z", isComplete: true, maxSeverity: null, entryCount: 0 });
});

test("arthritis: the client's computed values are stored unchanged, absent ones as null, and answered", () => {
  const record = built.arthritis(arthritisBody);
  assert.equal(record.hand, "BOTH");
  assert.deepEqual(record.snapshot, {
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
  assert.deepEqual(record.results, arthritisBody);
  assert.deepEqual(replyOf(record), { compositeScore: 64.5, progressionLevel: 2, patternType: "OA_PATTERN" });

  const bare = built.arthritis({ hand: "LEFT" });
  assert.deepEqual(bare.snapshot, {
    compositeScore: null,
    progressionLevel: null,
    patternType: null,
    romDeficitScore: null,
    painBurdenScore: null,
    functionalScore: null,
    stiffnessScore: null,
    affectedJointCount: null,
    clinicalFlags: [],
  });
  assert.deepEqual(replyOf(bare), { compositeScore: null, progressionLevel: null, patternType: null });
});

test("range of motion: the snapshot's extension and flexion are the wrist's maxima, and the one hand's results hold every joint", () => {
  const record = built.rom(romBody);
  assert.equal(record.hand, "LEFT");
  assert.deepEqual(record.snapshot, {
    overallScore: 72,
    wristScore: 80,
    fingerScore: 65,
    extensionDeg: 60,
    flexionDeg: 70,
    lightingQuality: "GOOD",
  });
  assert.deepEqual(record.results, {
    ...romBody,
    handResults: [{ hand: "LEFT", wristScore: 80, fingerScore: 65, jointResults: romBody.joints }],
  });
  assert.deepEqual(replyOf(record), { overallScore: 72, wristScore: 80, fingerScore: 65 });

  const bare = built.rom({ hand: "RIGHT", overallScore: 50 });
  assert.deepEqual(bare.snapshot, {
    overallScore: 50,
    wristScore: null,
    fingerScore: null,
    extensionDeg: null,
    flexionDeg: null,
    lightingQuality: null,
  });
  assert.deepEqual(replyOf(bare), { overallScore: 50, wristScore: null, fingerScore: null });
});

test("dexterity: accuracyScore is stored as touchPrecision unless touchPrecision is sent, and absent figures as null", () => {
  const record = built.dexterity(dexterityBody);
  assert.equal(record.hand, "RIGHT");
  assert.deepEqual(record.snapshot, {
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
  assert.deepEqual(record.results, { ...dexterityBody, touchPrecision: 90 });
  assert.deepEqual(replyOf(record), { overallScore: 81, cycleCount: 12, totalTouches: 48 });
  assert.equal(built.dexterity({ ...dexterityBody, touchPrecision: 70 }).snapshot.touchPrecision, 70);

  const required = { hand: "LEFT", duration: 30, overallScore: 60, speedScore: 50, consistencyScore: 40, cycleCount: 5, totalTouches: 20 };
  assert.deepEqual(built.dexterity(required).snapshot, {
    overallScore: 60,
    speedScore: 50,
    touchPrecision: null,
    consistencyScore: 40,
    cycleCount: 5,
    totalTouches: 20,
    sequencesCompleted: null,
    timeTo10Sequences: null,
    averageFrequency: null,
    sequenceAccuracy: null,
  });
});

test("PRWE: the record is the rated wrist's, and the answer carries the published scores", () => {
  const record = built.prwe(PRWE_BODY);
  assert.equal(record.hand, "LEFT");
  // Pain 3 + 5 + 2 + 6 + 7 = 23; function (4 + 5 + 3 + 2 + 1 + 6 + 3 + 2 + 4 + 5) / 2 = 17.5.
  assert.deepEqual(replyOf(record), { painScore: 23, functionScore: 17.5, prweScore: 40.5, answeredCount: 15, overallScore: 59.5 });
  assert.deepEqual(record.snapshot, { ...replyOf(record), pain: PRWE_BODY.pain, function: PRWE_BODY.function });
});

// ---------- the results trees ----------

/** Every member path a JSON Schema describes: "entries[].severity", "fingerScores{}.accuracy", "normalRange[1]". */
function memberPaths(schema: JsonSchema, defs: Record<string, JsonSchema>, prefix = ""): string[] {
  const ref = typeof schema.$ref === "string" ? defs[schema.$ref.replace("#/$defs/", "")] : undefined;
  if (ref) return memberPaths(ref, defs, prefix);
  const options = (schema.anyOf as JsonSchema[] | undefined) ?? [schema];
  const inner = (member: JsonSchema, path: string) => memberPaths(member, defs, path);
  return options.flatMap((option) => {
    const properties = Object.entries((option.properties ?? {}) as Record<string, JsonSchema>);
    const record = option.additionalProperties;
    const items = option.items as JsonSchema | undefined;
    const tuple = (option.prefixItems ?? []) as JsonSchema[];
    return [
      ...properties.flatMap(([key, member]) => [`${prefix}${key}`, ...inner(member, `${prefix}${key}.`)]),
      ...(record && typeof record === "object" ? inner(record as JsonSchema, `${prefix.slice(0, -1)}{}.`) : []),
      ...(items ? inner(items, `${prefix.slice(0, -1)}[].`) : []),
      ...tuple.map((_, i) => `${prefix.slice(0, -1)}[${i}]`),
    ];
  });
}

/** The member paths of a zod schema's JSON Schema, as read (output) or as sent (input). */
function pathsOf(schema: z.ZodType, io: "input" | "output"): string[] {
  const json = z.toJSONSchema(schema, { io }) as JsonSchema;
  return memberPaths(json, (json.$defs ?? {}) as Record<string, JsonSchema>);
}

test("each results tree reads back every member of its submission (docs/api.md: keyed exactly like the input)", () => {
  // Stored under another name: accuracyScore as touchPrecision, a range-of-motion submission's joints as its one hand's.
  const storedAs = (path: string) => path.replace(/^accuracyScore$/, "touchPrecision").replace(/^joints/, "handResults[].jointResults");
  for (const [type, contract] of Object.entries(KIND_CONTRACTS)) {
    if (!contract.results || !("submission" in contract)) continue;
    const body = contract.submission.endpoint.body!;
    const readBack = new Set(pathsOf(contract.results, "output"));
    const sent = pathsOf(body, "input").map(storedAs);
    assert.ok(sent.length > 5, type);
    assert.deepEqual(
      sent.filter((path) => !readBack.has(path)),
      [],
      `${type}: members sent but not read back`,
    );
  }
});

// ---------- what the reference tells a reader ----------

/** Every text a reader sees in an operation (summary, descriptions at any depth), with where it is. */
function descriptions(node: unknown, where: string): [string, unknown][] {
  if (Array.isArray(node)) return node.flatMap((item, i) => descriptions(item, `${where}[${i}]`));
  if (!node || typeof node !== "object") return [];
  return Object.entries(node).flatMap(([key, value]) => [
    ...(key === "description" || key === "summary" ? [[`${where}.${key}`, value] as [string, unknown]] : []),
    ...descriptions(value, `${where}.${key}`),
  ]);
}

/** The properties of a JSON Schema object, anyOf-with-null unwrapped. */
const propertiesOf = (schema: JsonSchema) => Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>);

test("each submission is a POST under /assessments with its own operation name, and its example is a valid body", () => {
  const endpoints = Object.values(kindSubmissionEndpoints);
  assert.equal(endpoints.length, 7);
  assert.equal(new Set(endpoints.map((e) => e.path)).size, endpoints.length);
  assert.equal(new Set(endpoints.map((e) => e.operationId)).size, endpoints.length);
  for (const endpoint of endpoints) {
    assert.equal(endpoint.method, "POST", endpoint.path);
    assert.match(endpoint.path, /^\/assessments\/[a-z]+(-v2)?$/);
    assert.match(endpoint.operationId, /^submit[A-Z][A-Za-z]+Assessment$/);
    assert.equal(verdict(endpoint.body!, endpoint.requestExample), "accepted", `${endpoint.path}'s example`);
    const documented = REFERENCE.paths[endpoint.path]!.post.requestBody.content["application/json"];
    assert.equal(compile(documented.schema)(documented.example), true, `${endpoint.path}'s example in the reference`);
  }
});

test("every summary and description the reference shows for a submission, a snapshot or a results tree says something", () => {
  const says = (texts: [string, unknown][]) => {
    for (const [where, text] of texts) assert.ok(typeof text === "string" && text.trim().length >= 6, `${where}: ${JSON.stringify(text)}`);
  };
  for (const endpoint of Object.values(kindSubmissionEndpoints)) {
    const texts = descriptions(REFERENCE.paths[endpoint.path]!.post, endpoint.path);
    assert.ok(texts.length > 4, endpoint.path);
    says(texts);
  }
  for (const [type, contract] of Object.entries(KIND_CONTRACTS)) {
    says(descriptions(z.toJSONSchema(contract.snapshot, { io: "output" }), `${type} snapshot`));
    if (contract.results) says(descriptions(z.toJSONSchema(contract.results, { io: "output" }), `${type} results`));
  }
});

test("a refused count of fingers or of unanswered items says what the limit is", () => {
  const message = (schema: z.ZodType, body: unknown) => schema.safeParse(body).error?.issues[0]?.message;
  assert.equal(message(dexterityInput, { ...dexterityBody, fingerScores: fingers(21) }), "at most 20 fingers");
  assert.equal(message(prweInput, { ...PRWE_BODY, pain: [null, null, 1, 1, 1] }), "at most one item of a subscale may be unanswered");
});

test("a description that states a range states the one the schema enforces", () => {
  const ranged: string[] = [];
  const check = (schema: JsonSchema, where: string) => {
    for (const [name, property] of propertiesOf(schema)) {
      const text = property.description;
      const range = typeof text === "string" ? /\b(\d+)-(\d+)\b/.exec(text) : null;
      if (!range) continue;
      const numeric = (property.items as JsonSchema | undefined) ?? property;
      const bounds = ((numeric.anyOf as JsonSchema[] | undefined) ?? [numeric]).find((option) => option.type !== "null")!;
      assert.deepEqual([bounds.minimum, bounds.maximum], [Number(range[1]), Number(range[2])], `${where}.${name}: ${text}`);
      ranged.push(`${where}.${name}`);
    }
  };
  for (const endpoint of Object.values(kindSubmissionEndpoints)) {
    const operation = REFERENCE.paths[endpoint.path]!.post;
    check(operation.requestBody.content["application/json"].schema, `${endpoint.path} body`);
    check(operation.responses["201"]!.content!["application/json"].schema, `${endpoint.path} 201`);
  }
  for (const contract of Object.values(KIND_CONTRACTS)) {
    const json = z.toJSONSchema(contract.snapshot, { io: "output" }) as { $ref: string; $defs: Record<string, JsonSchema> };
    check(json.$defs[json.$ref.replace("#/$defs/", "")]!, "snapshot");
  }
  assert.deepEqual(ranged.sort(), [
    "/assessments/grip body.position",
    "/assessments/grip body.trialsKg",
    "/assessments/pain-v2 201.maxSeverity",
    "/assessments/prwe 201.functionScore",
    "/assessments/prwe 201.painScore",
    "/assessments/prwe 201.prweScore",
    "/assessments/prwe body.function",
    "/assessments/prwe body.pain",
    "/assessments/quickdash 201.quickDashScore",
    "/assessments/quickdash body.responses",
    "/assessments/quickdash body.sportsMusic",
    "/assessments/quickdash body.work",
    "snapshot.functionScore",
    "snapshot.painScore",
    "snapshot.prweScore",
    "snapshot.quickDashScore",
  ]);
});

test("each submission's answer: the record's id and code, then exactly the members its reply carries, as documented", () => {
  const examples = {
    ROM: built.rom(romBody),
    DEXTERITY: built.dexterity(dexterityBody),
    PAIN: built.pain(painBody),
    ARTHRITIS: built.arthritis(arthritisBody),
    QUICKDASH: built.quickdash(QUICKDASH_BODY),
    GRIP: KIND_CONTRACTS.GRIP.submission.build(gripInput.parse(GRIP_BODY), { age: 42, sex: "female", recent: () => ({ meanKg: 40 }) }),
    PRWE: built.prwe(PRWE_BODY),
  };
  for (const [type, record] of Object.entries(examples)) {
    const endpoint = KIND_CONTRACTS[type as keyof typeof examples].submission.endpoint;
    const [created, invalid, ...rest] = endpoint.responses;
    const schema = created.schema as z.ZodObject;
    const answer = { id: 7, code: "ABC234", formattedCode: "ABC-234", ...replyOf(record) };
    assert.equal(created.status, 201, type);
    assert.match(created.description, /^Stored/, type);
    assert.deepEqual(Object.keys(schema.shape), Object.keys(answer), type);
    assert.equal(verdict(schema, answer), "accepted", type);
    assert.equal(compile(REFERENCE.paths[endpoint.path]!.post.responses["201"]!.content!["application/json"].schema)(answer), true, type);
    assert.equal(invalid.status, 400, type);
    assert.match(invalid.description, /out of range|outside \d+-\d+/, type);
    assert.equal(rest.at(-1)?.status, 409, type);
  }
});

test("a submission that reads the caller says so, and only the kinds the service scores keep no snapshot as sent", () => {
  for (const [type, contract] of Object.entries(KIND_CONTRACTS)) {
    if (!("submission" in contract)) {
      assert.equal(contract.storedAsSent, true, type);
      continue;
    }
    const { readsCaller = false, build } = contract.submission as { readsCaller?: boolean; build: (...args: never[]) => unknown };
    assert.equal(readsCaller, build.length > 1, type);
    assert.equal(contract.storedAsSent, contract.results !== null, type);
  }
});

test("grip norms: every five-year group from 20 to 75 and over has one for each sex and hand, the right hand's the stronger", () => {
  const LB = 0.45359237;
  for (const sex of ["female", "male"]) {
    for (let age = 20; age <= 80; age += 5) {
      const [right, left] = [gripNormKg("RIGHT", age, sex), gripNormKg("LEFT", age, sex)];
      assert.ok(right && left && right > left && left > 15 && right < 60, `${sex} ${age}: ${right} ${left}`);
      assert.equal(gripNormKg("RIGHT", age + 4, sex), right, `${sex} ${age + 4} is in the group of ${age}`);
    }
  }
  // Mathiowetz 1985, men: 121.0 lb at 20-24, 120.8 lb at 25-29; women of 75 and over: 49.6 lb right, 41.5 lb left.
  assert.deepEqual([gripNormKg("RIGHT", 24, "male"), gripNormKg("RIGHT", 25, "male")], [121.0 * LB, 120.8 * LB]);
  assert.deepEqual([gripNormKg("RIGHT", 99, "female"), gripNormKg("LEFT", 99, "female")], [49.6 * LB, 41.5 * LB]);
  assert.equal(gripNormKg("RIGHT", 19, "male"), null);
});

test("grip against the other hand: the latest mean of the opposite hand, never the same one; none without a positive one", () => {
  const asked: string[] = [];
  const caller = (meanKg: number | null): SubmissionCaller => ({
    age: null,
    sex: null,
    recent: (hand) => {
      asked.push(hand);
      return hand === "RIGHT" && meanKg !== null ? { meanKg } : null;
    },
  });
  const left = KIND_CONTRACTS.GRIP.submission.build(gripInput.parse({ ...GRIP_BODY, hand: "LEFT" }), caller(40)).snapshot;
  assert.deepEqual(asked, ["RIGHT"], "a left-hand grip is compared with the right hand");
  assert.equal(left.percentOfOtherHand, 80.4, "32.17 kg of 40");
  for (const meanKg of [null, 0]) {
    const alone = KIND_CONTRACTS.GRIP.submission.build(gripInput.parse({ ...GRIP_BODY, hand: "LEFT" }), caller(meanKg)).snapshot;
    assert.ok(!("percentOfOtherHand" in alone), `other hand ${meanKg}`);
  }
  asked.length = 0;
  KIND_CONTRACTS.GRIP.submission.build(gripInput.parse(GRIP_BODY), caller(40));
  assert.deepEqual(asked, ["LEFT"], "a right-hand grip is compared with the left hand");
});

test("a pain record without medications stores none; PRWE names the subscale with more than one item unanswered", () => {
  const { medications: _, ...withoutMedications } = painBody;
  assert.deepEqual(built.pain(withoutMedications).snapshot.medications, []);
  const twoUnanswered = { ...PRWE_BODY, function: [null, null, 3, 2, 1, 6, 3, 2, 4, 5] };
  const parsed = prweInput.safeParse(twoUnanswered);
  assert.equal(parsed.success, false);
  assert.deepEqual(
    parsed.error?.issues.map((issue) => [issue.path.join("."), issue.message]),
    [["function", "at most one item of a subscale may be unanswered"]],
  );
});
