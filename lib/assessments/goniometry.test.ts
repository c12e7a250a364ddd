import assert from "node:assert/strict";
import { test } from "node:test";
import {
  formatChange,
  goniometryTables,
  measurementsFromHistory,
  type MeasuredJoint,
  type Measurement,
} from "@/lib/assessments/goniometry";

const joint = (finger: string, jointType: string, rom: number | null, hand: string | null = null): MeasuredJoint => ({
  hand,
  finger,
  jointType,
  rom,
  normalRange: null,
});

const index = (mcp: number, pip: number, dip: number, hand: string | null = null) => [
  joint("INDEX", "MCP", mcp, hand),
  joint("INDEX", "PIP", pip, hand),
  joint("INDEX", "DIP", dip, hand),
];

test("rows are joints grouped by finger, columns dates oldest first; TAM is the sum of a finger's joints, with its change since the first", () => {
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
    { value: 171, change: null },
    { value: 200, change: 29 },
  ]);
  assert.deepEqual(indexFinger!.joints[0]!.cells, [
    { rom: 60, change: null, belowNormal: true },
    { rom: 70, change: 10, belowNormal: true },
  ]);
  assert.deepEqual(indexFinger!.joints[0]!.normal, [0, 90], "the kind's normal range when the record has none");
  // The thumb's IP was never measured: no TAM; its MCP first appears on 15 Oct, so no change yet.
  assert.deepEqual(thumb!.tam, [
    { value: null, change: null },
    { value: null, change: null },
  ]);
  assert.deepEqual(thumb!.joints[0]!.cells, [null, { rom: 40, change: null, belowNormal: true }]);
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
    { hand: "LEFT", finger: "INDEX", jointType: "MCP", rom: 80, normalRange: [0, 90] },
    { hand: "LEFT", finger: null, jointType: null, rom: null, normalRange: null },
  ]);
});
