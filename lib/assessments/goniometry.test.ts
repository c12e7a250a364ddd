import assert from "node:assert/strict";
import { test } from "node:test";
import {
  formatChange,
  formatExtension,
  goniometryTables,
  jointAngleIssues,
  jointNotation,
  measurementsFromHistory,
  measurementsOf,
  type MeasuredJoint,
  type Measurement,
} from "@/lib/assessments/goniometry";

const joint = (finger: string, jointType: string, rom: number | null, hand: string | null = null): MeasuredJoint => ({
  hand,
  finger,
  jointType,
  minAngle: null,
  maxAngle: null,
  rom,
  normalRange: null,
});

/** A joint measured with its angles: `minAngle` the most extended position (negative is hyperextension), `maxAngle` the most flexed. */
const angled = (finger: string, jointType: string, minAngle: number, maxAngle: number, hand: string | null = null): MeasuredJoint => ({
  ...joint(finger, jointType, maxAngle - minAngle, hand),
  minAngle,
  maxAngle,
});

const arcOnly = (arc: number, change: number | null, belowNormal: boolean) => ({
  extension: null,
  flexion: null,
  arc,
  change,
  belowNormal,
});

const index = (mcp: number, pip: number, dip: number, hand: string | null = null) => [
  joint("INDEX", "MCP", mcp, hand),
  joint("INDEX", "PIP", pip, hand),
  joint("INDEX", "DIP", dip, hand),
];

test("rows are joints grouped by finger, columns dates oldest first; a joint sent without its angles counts its arc in the TAM, with its change since the first", () => {
  const measurements: Measurement[] = [
    { code: "BBBBBB", date: "2026-10-15T09:00:00Z", hand: "RIGHT", joints: [...index(70, 80, 50), joint("THUMB", "MCP", 40)] },
    { code: "AAAAAA", date: "2026-10-01T09:00:00Z", hand: "RIGHT", joints: index(60, 70.4, 40.6) },
  ];
  const [table, ...others] = goniometryTables(measurements);
  assert.equal(others.length, 0, "one hand measured: one table");
  assert.equal(table!.hand, "RIGHT");
  assert.deepEqual(
    table!.columns.map((c) => c.code),
    ["AAAAAA", "BBBBBB"],
  );
  assert.deepEqual(
    table!.fingers.map((f) => f.label),
    ["Thumb", "Index"],
  );
  const [thumb, indexFinger] = table!.fingers;
  assert.deepEqual(
    indexFinger!.joints.map((row) => row.joint),
    ["MCP", "PIP", "DIP"],
  );
  // By hand: 60 + 70 + 41 = 171 on 1 Oct (rounded per joint), 70 + 80 + 50 = 200 on 15 Oct: +29°.
  assert.deepEqual(indexFinger!.tam, [
    { value: 171, change: null, ofOtherHand: null },
    { value: 200, change: 29, ofOtherHand: null },
  ]);
  assert.deepEqual(indexFinger!.joints[0]!.cells, [arcOnly(60, null, true), arcOnly(70, 10, true)]);
  assert.deepEqual(indexFinger!.joints[0]!.normal, [0, 90], "the kind's normal range when the record has none");
  // The thumb's IP was never measured: no TAM; its MCP first appears on 15 Oct, so no change yet.
  assert.deepEqual(thumb!.tam, [
    { value: null, change: null, ofOtherHand: null },
    { value: null, change: null, ofOtherHand: null },
  ]);
  assert.deepEqual(thumb!.joints[0]!.cells, [null, arcOnly(40, null, true)]);
  assert.deepEqual(table!.wrist, [], "no wrist angles on these records: no wrist rows");
});

test("the other hand gets its own table; a joint's own hand wins over the record's; PINKY reads as the little finger", () => {
  const tables = goniometryTables([
    {
      code: "AAAAAA",
      date: "2026-10-01T09:00:00Z",
      hand: "BOTH",
      joints: [...index(85, 95, 75, "LEFT"), joint("PINKY", "MCP", 88, "RIGHT")],
    },
  ]);
  assert.deepEqual(
    tables.map((t) => t.hand),
    ["RIGHT", "LEFT"],
  );
  assert.equal(tables[0]!.fingers[0]!.label, "Little");
  assert.equal(tables[1]!.fingers[0]!.tam[0]!.value, 255);
  assert.equal(tables[1]!.fingers[0]!.joints[0]!.cells[0]!.belowNormal, false);
});

test("maxColumns keeps the first measurement and the latest ones", () => {
  const measurements = [1, 2, 3, 4, 5].map((day) => ({
    code: `C${day}`,
    date: `2026-10-0${day}T09:00:00Z`,
    hand: "LEFT",
    joints: index(50 + day, 60, 40),
  }));
  const [table] = goniometryTables(measurements, 3);
  assert.deepEqual(
    table!.columns.map((c) => c.code),
    ["C1", "C4", "C5"],
  );
  assert.equal(table!.fingers[0]!.joints[0]!.cells[2]!.change, 4);
});

test("no finger joints, no table; changes read with their sign", () => {
  assert.deepEqual(goniometryTables([{ code: "AAAAAA", date: "2026-10-01T09:00:00Z", hand: "RIGHT", joints: [] }]), []);
  assert.deepEqual([formatChange(null), formatChange(0), formatChange(12), formatChange(-5)], ["", "±0°", "+12°", "−5°"]);
});

test("the assessment history's results trees read as measurements, each joint with its hand", () => {
  const [m] = measurementsFromHistory([
    {
      code: "AAAAAA",
      dateCreated: "2026-10-01T09:00:00Z",
      hand: "LEFT",
      results: {
        handResults: [
          { hand: "LEFT", jointResults: [{ finger: "INDEX", jointType: "MCP", rom: 80, normalRange: [0, 90] }, { finger: 3 }] },
        ],
      },
    },
    { code: "BBBBBB", dateCreated: "2026-10-02T09:00:00Z", hand: null, results: null },
  ]);
  assert.deepEqual(m!.joints, [
    { hand: "LEFT", finger: "INDEX", jointType: "MCP", minAngle: null, maxAngle: null, rom: 80, normalRange: [0, 90] },
    { hand: "LEFT", finger: null, jointType: null, minAngle: null, maxAngle: null, rom: null, normalRange: null },
  ]);
});

test("TAM per ASSH: the sum of flexion less the extension deficits; hyperextension is not added, a lag is subtracted", () => {
  const [table] = goniometryTables([
    // MCP hyperextends 20° (arc 105), PIP 0-90, DIP 0-60: the arcs add to 255°, TAM is 85 + 90 + 60 = 235°.
    {
      code: "AAAAAA",
      date: "2026-10-01T09:00:00Z",
      hand: "RIGHT",
      joints: [angled("INDEX", "MCP", -20, 85), angled("INDEX", "PIP", 0, 90), angled("INDEX", "DIP", 0, 60)],
    },
    // MCP +10/85 (arc 95), PIP −25/70 (arc 45, a 25° lag), DIP 0/60: arcs 200°, TAM 85 + 70 + 60 − 25 = 190°.
    {
      code: "BBBBBB",
      date: "2026-10-15T09:00:00Z",
      hand: "RIGHT",
      joints: [angled("INDEX", "MCP", -10, 85), angled("INDEX", "PIP", 25, 70), angled("INDEX", "DIP", 0, 60)],
    },
  ]);
  const [mcp, pip, dip] = table!.fingers[0]!.joints;
  assert.deepEqual(
    table!.fingers[0]!.tam.map((t) => [t.value, t.change]),
    [
      [235, null],
      [190, -45],
    ],
  );
  assert.deepEqual(mcp!.cells[0], { extension: 20, flexion: 85, arc: 105, change: null, belowNormal: false });
  assert.deepEqual(pip!.cells[1], { extension: -25, flexion: 70, arc: 45, change: -45, belowNormal: true });
  assert.deepEqual(
    [mcp!.cells[1]!, pip!.cells[1]!, dip!.cells[1]!].map(jointNotation),
    ["+10/85", "−25/70", "0/60"],
    "ASSH notation: a lag negative, hyperextension positive",
  );
  assert.equal(jointNotation(arcOnly(45, null, false)), null, "no angles, no notation: the arc alone is shown");
  assert.deepEqual([formatExtension(0), formatExtension(10), formatExtension(-25)], ["0", "+10", "−25"]);
});

test("the wrist's extension and flexion are rows of the table, from each record's snapshot, with their change", () => {
  const [table] = goniometryTables(
    measurementsOf([
      {
        code: "AAAAAA",
        dateCreated: "2026-10-01T09:00:00Z",
        hand: "LEFT",
        resultSnapshot: { extensionDeg: 50.4, flexionDeg: 60 },
        results: { joints: [] },
      },
      { code: "BBBBBB", dateCreated: "2026-10-08T09:00:00Z", hand: "LEFT", resultSnapshot: { flexionDeg: 75 }, results: { joints: [] } },
      { code: "CCCCCC", dateCreated: "2026-10-09T09:00:00Z", hand: "LEFT", resultSnapshot: { overallScore: 70 }, results: { joints: [] } },
    ]),
  );
  assert.equal(table!.hand, "LEFT");
  assert.deepEqual(
    table!.columns.map((c) => c.code),
    ["AAAAAA", "BBBBBB"],
    "a record with neither wrist angles nor finger joints has no column",
  );
  assert.deepEqual(table!.wrist, [
    // 90% of the 0-70° extension and 0-80° flexion normal ranges: 63° and 72°.
    { motion: "extension", normal: [0, 70], cells: [{ value: 50, change: null, belowNormal: true }, null] },
    {
      motion: "flexion",
      normal: [0, 80],
      cells: [
        { value: 60, change: null, belowNormal: true },
        { value: 75, change: 15, belowNormal: false },
      ],
    },
  ]);
  assert.deepEqual(table!.fingers, []);
});

test("TAM as % of the other hand: its latest TAM by then, or its first when it was measured only later", () => {
  const right = (date: string, pipMin: number) => ({
    code: `R${date}`,
    date: `2026-10-${date}T09:00:00Z`,
    hand: "RIGHT",
    joints: [angled("INDEX", "MCP", 0, 80), angled("INDEX", "PIP", pipMin, 90), angled("INDEX", "DIP", 0, 60)],
  });
  const tables = goniometryTables([
    right("01", 30), // TAM 80 + 90 + 60 − 30 = 200
    right("20", 0), // TAM 230
    {
      code: "LEFT01",
      date: "2026-10-02T09:00:00Z",
      hand: "LEFT",
      joints: [angled("INDEX", "MCP", -15, 90), angled("INDEX", "PIP", 0, 100), angled("INDEX", "DIP", 0, 60)],
    }, // 250
    { code: "LEFT02", date: "2026-10-18T09:00:00Z", hand: "LEFT", joints: index(90, 100, 40) }, // 230
  ]);
  const [rightTable, leftTable] = tables;
  assert.deepEqual(
    rightTable!.fingers[0]!.tam.map((t) => [t.value, t.ofOtherHand]),
    [
      [200, 80], // 200 / 250: the left hand was first measured the next day
      [230, 100], // 230 / 230 (left, 18 Oct)
    ],
  );
  assert.deepEqual(
    leftTable!.fingers[0]!.tam.map((t) => [t.value, t.ofOtherHand]),
    [
      [250, 125], // 250 / 200 (right, 1 Oct)
      [230, 115], // 230 / 200: the right hand's latest by 18 Oct is still 1 Oct's
    ],
  );
});

test("a joint's rom must agree with its angles within 1°, and its maximum must not be below its minimum", () => {
  assert.deepEqual(jointAngleIssues({ minAngle: 10, maxAngle: 80, rom: 70 }), []);
  assert.deepEqual(jointAngleIssues({ minAngle: 10, maxAngle: 80, rom: 71 }), [], "1° apart: accepted (inclusive)");
  assert.deepEqual(jointAngleIssues({ minAngle: 10, maxAngle: 80, rom: null }), []);
  assert.deepEqual(jointAngleIssues({ maxAngle: 80, rom: 150 }), [], "without both angles nothing contradicts the rom");
  assert.deepEqual(
    jointAngleIssues({ minAngle: 10, maxAngle: 80, rom: 150 }).map((i) => i.field),
    ["rom"],
  );
  assert.deepEqual(
    jointAngleIssues({ minAngle: 10, maxAngle: 80, rom: 71.5 }).map((i) => i.field),
    ["rom"],
  );
  assert.deepEqual(
    jointAngleIssues({ minAngle: 80, maxAngle: 10, rom: 70 }).map((i) => i.field),
    ["maxAngle"],
  );
});
