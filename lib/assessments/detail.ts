// The detail tables of each assessment type, described once: which table holds a results tree,
// which column holds each member (and under which name it reads back), and which tables hold
// its lists. The same description writes the rows of a submission (submit.ts) and reads the
// results tree back (read.ts), so a member added here is stored and returned, and one left out
// is neither. A results tree has the shape GET /assessments/:id/results answers with.
//
// Fields are named as the Prisma model names them (checked against the generated types); the SQL
// column is the field's snake_case name, as prisma/schema.prisma maps every one of them.
import { db } from "@/lib/db";
import { columnName, type ChildRows, type Row, type RowNode, type Table, type TableModel } from "@/lib/db/insert";
import type { AssessmentType } from "@/lib/generated/prisma/client.ts";

type Tree = Record<string, unknown>;
type FieldOf<T extends Table> = keyof TableModel<T> & string;

/**
 * One member of a results tree and the column(s) it is stored in:
 * - a field name: the member of that name, in that field's column;
 * - `{ key, field, orElse }`: member `key` in `field`'s column, `orElse` stored when it is absent (else null);
 * - `{ key, group }`: an object whose members (group keys) are spread over columns; it reads back
 *   as null when every one of them is null;
 * - `{ key, range }`: a `[min, max]` pair in two columns; null when both are null.
 */
type Member<T extends Table> =
  | FieldOf<T>
  | { key: string; field: FieldOf<T>; orElse?: unknown }
  | { key: string; group: Readonly<Record<string, FieldOf<T>>> }
  | { key: string; range: readonly [FieldOf<T>, FieldOf<T>] };

interface Level<T extends Table> {
  table: T;
  members: readonly Member<T>[];
  children?: readonly List[];
}

/**
 * A list member of the tree, stored as rows of `table` that point at their parent's row through
 * `foreignKey`, and read back through the parent model's Prisma relation `relation`. Rows are
 * read in `order`: "position" stores each item's index in the list, "id" the insertion order.
 * `as` reads the rows other than as a list of objects: `{ keyedBy }` an object keyed by that
 * field's value, `{ valueOf }` a list of that one field's values.
 */
type List = {
  [T in Table]: Level<T> & {
    key: string;
    relation: string;
    foreignKey: FieldOf<T>;
    order: "position" | "id";
    as?: { keyedBy: FieldOf<T> } | { valueOf: FieldOf<T> };
  };
}[Table];

/** A type's detail: its top table (one row per assessment, linked by assessment_id) and the Prisma model that reads it. */
type Detail = {
  [T in Table]: Level<T> & { model: "romAssessment" | "dexterityAssessment" | "painSession" | "arthritisEvaluation" };
}[Table];

const WRIST = {
  unsigned_rom_deg: "unsignedRomDeg",
  max_extension_deg: "maxExtensionDeg",
  min_extension_deg: "minExtensionDeg",
  avg_extension_deg: "avgExtensionDeg",
  max_flexion_deg: "maxFlexionDeg",
  min_flexion_deg: "minFlexionDeg",
  avg_flexion_deg: "avgFlexionDeg",
  frames_total: "framesTotal",
  frames_valid: "framesValid",
  percent_valid_frames: "percentValidFrames",
} as const;

/** The stored detail of each submitted type (thumb movements are stored as a snapshot only). */
export const DETAILS = {
  ROM: {
    table: "rom_assessments",
    model: "romAssessment",
    members: ["hand", "overallScore", "wristScore", "fingerScore", "lightingQuality", "lightingMetrics", { key: "wrist", group: WRIST }],
    children: [
      {
        key: "handResults",
        table: "rom_hand_results",
        relation: "handResults",
        foreignKey: "romAssessmentId",
        order: "id",
        members: ["hand", "wristScore", "fingerScore"],
        children: [
          {
            key: "jointResults",
            table: "rom_joint_results",
            relation: "jointResults",
            foreignKey: "handResultId",
            order: "position",
            members: [
              { key: "id", field: "jointId" },
              "finger",
              "jointType",
              "minAngle",
              "maxAngle",
              "avgAngle",
              "rom",
              { key: "normalRange", range: ["normalRangeMin", "normalRangeMax"] },
              "flexibilityScore",
              "frameCount",
            ],
          },
        ],
      },
    ],
  },
  FINGER_TAPPING: {
    table: "dexterity_assessments",
    model: "dexterityAssessment",
    members: [
      "hand",
      "duration",
      "overallScore",
      "speedScore",
      "touchPrecision",
      "consistencyScore",
      "cycleCount",
      "totalTouches",
      "sequencesCompleted",
      "timeTo10Sequences",
      "averageFrequency",
      "sequenceAccuracy",
      "lightingQuality",
      "lightingMetrics",
    ],
    children: [
      {
        key: "fingerScores",
        table: "dexterity_finger_results",
        relation: "fingerResults",
        foreignKey: "dexterityAssessmentId",
        order: "id",
        as: { keyedBy: "fingerKey" },
        members: ["finger", "accuracy", "consistency", "score", "touchCount"],
      },
    ],
  },
  PAIN: {
    table: "pain_sessions",
    model: "painSession",
    members: ["mode", "hand", "painType", "timeOfDay", "maxSeverity", "comments", "isComplete"],
    children: [
      {
        key: "entries",
        table: "pain_entries",
        relation: "entries",
        foreignKey: "painSessionId",
        order: "position",
        members: ["areaType", "hand", "digit", "location", "severity"],
      },
      {
        key: "medications",
        table: "pain_medications",
        relation: "medications",
        foreignKey: "painSessionId",
        order: "position",
        members: ["medicationName", "dose", "effectivenessRating"],
      },
      {
        key: "strategies",
        table: "pain_strategies",
        relation: "strategies",
        foreignKey: "painSessionId",
        order: "position",
        as: { valueOf: "strategy" },
        members: [],
      },
    ],
  },
  ARTHRITIS: {
    table: "arthritis_evaluations",
    model: "arthritisEvaluation",
    members: [
      "hand",
      "morningStiffnessDuration",
      "morningStiffnessSeverity",
      "symptomSymmetry",
      "symptomOnset",
      "familyHistoryArthritis",
      "compositeScore",
      "progressionLevel",
      "patternType",
      "romDeficitScore",
      "painBurdenScore",
      "functionalScore",
      "stiffnessScore",
      "affectedJointCount",
      { key: "clinicalFlags", field: "clinicalFlags", orElse: [] },
      "recommendation",
      "sourceRomAssessmentId",
      "sourceDexterityAssessmentId",
      "sourcePainSessionId",
    ],
    children: [
      {
        key: "functionalLimitations",
        table: "arthritis_functional_limitations",
        relation: "functionalLimitations",
        foreignKey: "evaluationId",
        order: "position",
        members: ["task", "difficulty"],
      },
      {
        key: "jointSymptoms",
        table: "arthritis_joint_symptoms",
        relation: "jointSymptoms",
        foreignKey: "evaluationId",
        order: "position",
        members: [{ key: "id", field: "jointId" }, "digit", "location", "tenderness", "swelling", "warmth", "crepitus"],
      },
      {
        key: "jointHealthMap",
        table: "arthritis_joint_health",
        relation: "jointHealth",
        foreignKey: "evaluationId",
        order: "position",
        members: ["digit", "location", "healthScore", "romScore", "painScore", "hasSymptoms", { key: "flags", field: "flags", orElse: [] }],
      },
    ],
  },
} as const satisfies Partial<Record<AssessmentType, Detail>>;

export type DetailType = keyof typeof DETAILS;

/** Whether records of this type keep their results tree in detail tables. */
export function hasDetails(type: AssessmentType): type is DetailType {
  return Object.hasOwn(DETAILS, type);
}

// ---------- writing ----------

/** The description as the code below walks it (every typed Level is one of these). */
type AnyMember =
  | string
  | { key: string; field: string; orElse?: unknown }
  | { key: string; group: Readonly<Record<string, string>> }
  | { key: string; range: readonly [string, string] };
interface AnyLevel {
  table: Table;
  members: readonly AnyMember[];
  children?: readonly AnyList[];
}
interface AnyList extends AnyLevel {
  key: string;
  relation: string;
  foreignKey: string;
  order: "position" | "id";
  as?: { keyedBy: string } | { valueOf: string };
}
type Fields = Record<string, unknown>;

const keyOf = (member: AnyMember) => (typeof member === "string" ? member : member.key);

/** Field name → value of one tree member. */
function memberFields(member: AnyMember, value: unknown): Fields {
  if (typeof member === "string") return { [member]: value ?? null };
  if ("field" in member) return { [member.field]: value ?? member.orElse ?? null };
  if ("group" in member) {
    const object = (value ?? {}) as Tree;
    return Object.fromEntries(Object.entries(member.group).map(([key, field]) => [field, object[key] ?? null]));
  }
  const [min, max] = (value ?? [null, null]) as [unknown, unknown];
  return { [member.range[0]]: min, [member.range[1]]: max };
}

const toColumns = (fields: Fields) => Object.fromEntries(Object.entries(fields).map(([field, value]) => [columnName(field), value]));

/** A list member's items, each with the fields the list form itself stores (the item's key, or the item). */
function listItems(list: AnyList, value: unknown): { tree: Tree; fields: Fields }[] {
  if (list.as && "keyedBy" in list.as) {
    const { keyedBy } = list.as;
    return Object.entries((value ?? {}) as Record<string, Tree>).map(([key, tree]) => ({ tree, fields: { [keyedBy]: key } }));
  }
  const items = (value ?? []) as unknown[];
  if (list.as && "valueOf" in list.as) {
    const { valueOf } = list.as;
    return items.map((item) => ({ tree: {}, fields: { [valueOf]: item } }));
  }
  return items.map((item) => ({ tree: item as Tree, fields: {} }));
}

function rowNode(level: AnyLevel, tree: Tree, extra: Fields): RowNode {
  const fields: Fields = {};
  for (const member of level.members) Object.assign(fields, memberFields(member, tree[keyOf(member)]));
  return {
    row: toColumns({ ...fields, ...extra }) as Row,
    children: (level.children ?? []).map(
      (list) =>
        ({
          table: list.table,
          foreignKey: columnName(list.foreignKey),
          rows: listItems(list, tree[list.key]).map(({ tree: item, fields: listFields }, position) =>
            rowNode(list, item, list.order === "position" ? { position, ...listFields } : listFields),
          ),
        }) as ChildRows,
    ),
  };
}

/** The rows a results tree of `type` is stored as, below its assessment's row: the top table's row and the rows below it. */
export function detailRows(type: DetailType, tree: Tree): ChildRows {
  const detail: AnyLevel = DETAILS[type];
  return { table: detail.table, foreignKey: "assessment_id", rows: [rowNode(detail, tree, {})] } as ChildRows;
}

// ---------- reading ----------

type Include = Record<string, { orderBy: Record<string, "asc">; include?: Include }>;

function includeOf(level: AnyLevel): Include | undefined {
  if (!level.children?.length) return undefined;
  return Object.fromEntries(level.children.map((list) => [list.relation, { orderBy: { [list.order]: "asc" }, include: includeOf(list) }]));
}

function memberValue(member: AnyMember, row: Fields): unknown {
  if (typeof member === "string") return row[member];
  if ("field" in member) return row[member.field];
  if ("group" in member) {
    const entries = Object.entries(member.group).map(([key, field]) => [key, row[field]] as const);
    return entries.some(([, value]) => value !== null) ? Object.fromEntries(entries) : null;
  }
  const [min, max] = [row[member.range[0]], row[member.range[1]]];
  return min === null && max === null ? null : [min, max];
}

function treeOf(level: AnyLevel, row: Fields): Tree {
  const tree: Tree = {};
  for (const member of level.members) tree[keyOf(member)] = memberValue(member, row);
  for (const list of level.children ?? []) {
    const rows = row[list.relation] as Fields[];
    if (list.as && "keyedBy" in list.as) {
      const { keyedBy } = list.as;
      tree[list.key] = Object.fromEntries(rows.map((child) => [child[keyedBy], treeOf(list, child)]));
    } else if (list.as && "valueOf" in list.as) {
      const { valueOf } = list.as;
      tree[list.key] = rows.map((child) => child[valueOf]);
    } else {
      tree[list.key] = rows.map((child) => treeOf(list, child));
    }
  }
  return tree;
}

/** What is used of a detail type's Prisma model: its rows with the included relations, as field maps. */
interface DetailModel {
  findMany(args: { where: { assessmentId: { in: number[] } }; include?: Include }): Promise<Fields[]>;
}

/** The results trees of those of `ids` that have a detail row of `type`, by assessment id. One query. */
export async function readDetails(type: DetailType, ids: number[]): Promise<Map<number, Tree>> {
  const detail = DETAILS[type];
  const model = db()[detail.model] as unknown as DetailModel;
  const rows = await model.findMany({ where: { assessmentId: { in: ids } }, include: includeOf(detail) });
  return new Map(rows.map((row) => [row.assessmentId as number, treeOf(detail, row)]));
}
