import assert from "node:assert/strict";
import { test } from "node:test";
import { DETAILS, detailRows } from "@/lib/assessments/detail";
import { columnName, type RowNode } from "@/lib/db/insert";
import { loadSchemaModel } from "@/scripts/lib/prisma-model";

interface Described {
  table: string;
  members: readonly (string | { field?: string; group?: Record<string, string>; range?: readonly string[] })[];
  children?: readonly (Described & { foreignKey: string; order: string; as?: { keyedBy: string } | { valueOf: string } })[];
}

/** Table → the Prisma fields the description stores in it. */
function describedFields(level: Described, out = new Map<string, Set<string>>()): Map<string, Set<string>> {
  const fields = out.get(level.table) ?? new Set<string>();
  out.set(level.table, fields);
  for (const member of level.members) {
    if (typeof member === "string") fields.add(member);
    else for (const field of [member.field, ...Object.values(member.group ?? {}), ...(member.range ?? [])]) if (field) fields.add(field);
  }
  for (const list of level.children ?? []) {
    const own = describedFields(list, out).get(list.table)!;
    own.add(list.foreignKey);
    if (list.order === "position") own.add("position");
    if (list.as) own.add("keyedBy" in list.as ? list.as.keyedBy : list.as.valueOf);
  }
  return out;
}

test("every field the description stores is a column of its table, under the schema's name for it", () => {
  const columns = new Map(loadSchemaModel().tables.map((table) => [table.name, new Set(table.columns.map((column) => column.name))]));
  for (const detail of Object.values(DETAILS)) {
    for (const [table, fields] of describedFields(detail)) {
      assert.ok(columns.has(table), `${table} is not a table of prisma/schema.prisma`);
      for (const field of fields) assert.ok(columns.get(table)!.has(columnName(field)), `${table}.${columnName(field)} (field ${field})`);
    }
  }
});

test("field names map to the schema's snake_case columns, digits included", () => {
  assert.equal(columnName("timeTo10Sequences"), "time_to_10_sequences");
  assert.equal(columnName("sourceRomAssessmentId"), "source_rom_assessment_id");
  assert.equal(columnName("rom"), "rom");
});

/** A stored row, column → value. */
const columnsOf = (node: RowNode) => node.row as Record<string, unknown>;

test("a ROM tree is stored as its row below the assessment's, one hand row and positioned joint rows", () => {
  const { table, foreignKey, rows } = detailRows("ROM", {
    hand: "LEFT",
    overallScore: 70,
    wrist: { max_flexion_deg: 60 },
    handResults: [{ hand: "LEFT", wristScore: 5, jointResults: [{ id: "a", normalRange: [0, 90] }, { rom: 3 }] }],
    undeclared: "never stored",
  });
  assert.equal(rows.length, 1);
  const node = rows[0] as RowNode;
  const row = columnsOf(node);
  assert.equal(table, "rom_assessments");
  assert.equal(foreignKey, "assessment_id");
  assert.equal(row.max_flexion_deg, 60);
  assert.equal(row.max_extension_deg, null);
  assert.equal(row.lighting_quality, null);
  assert.ok(!Object.values(row).includes("never stored"));
  const [hands] = node.children!;
  assert.equal(hands!.table, "rom_hand_results");
  assert.equal(hands!.foreignKey, "rom_assessment_id");
  const [hand] = hands!.rows as RowNode[];
  assert.deepEqual(hand!.row, { hand: "LEFT", wrist_score: 5, finger_score: null });
  const joints = (hand!.children![0]!.rows as RowNode[]).map(columnsOf);
  assert.deepEqual(
    joints.map((row) => [row.position, row.joint_id, row.normal_range_min, row.normal_range_max, row.rom]),
    [
      [0, "a", 0, 90, null],
      [1, null, null, null, 3],
    ],
  );
});

test("dexterity finger scores are stored keyed, pain strategies as one value a row", () => {
  const dexterity = detailRows("FINGER_TAPPING", { fingerScores: { index: { score: 9 } } }).rows[0] as RowNode;
  assert.deepEqual((dexterity.children![0]!.rows as RowNode[])[0]!.row, {
    finger: null,
    accuracy: null,
    consistency: null,
    score: 9,
    touch_count: null,
    finger_key: "index",
  });
  const pain = detailRows("PAIN", { strategies: ["REST", "ICE"] }).rows[0] as RowNode;
  const strategies = pain.children!.find((list) => list.table === "pain_strategies")!;
  assert.deepEqual(
    (strategies.rows as RowNode[]).map((row) => row.row),
    [
      { position: 0, strategy: "REST" },
      { position: 1, strategy: "ICE" },
    ],
  );
});
