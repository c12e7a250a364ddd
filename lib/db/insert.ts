// INSERT statements from plain rows, for write paths where Prisma's nested creates cost too
// much (a submission stores up to five related tables per request). Table and column names
// come from this codebase, never from input; values are always parameters. A row is typed by
// its table: its columns are the Prisma model's fields in the database's snake_case (a column
// that does not exist, or a value of the wrong type, fails the type check).
import type { SqlRunner } from "@/lib/db";
import type * as Models from "@/lib/generated/prisma/client.ts";

/** The tables written with plain SQL, and their Prisma models. */
interface Tables {
  contacts: Models.Contact;
  assessments: Models.Assessment;
  score_points: Models.ScorePoint;
  idempotency_keys: Models.IdempotencyKey;
  rom_assessments: Models.RomAssessment;
  rom_hand_results: Models.RomHandResult;
  rom_joint_results: Models.RomJointResult;
  dexterity_assessments: Models.DexterityAssessment;
  dexterity_finger_results: Models.DexterityFingerResult;
  pain_sessions: Models.PainSession;
  pain_entries: Models.PainEntry;
  pain_medications: Models.PainMedication;
  pain_strategies: Models.PainStrategy;
  arthritis_evaluations: Models.ArthritisEvaluation;
  arthritis_functional_limitations: Models.ArthritisFunctionalLimitation;
  arthritis_joint_symptoms: Models.ArthritisJointSymptom;
  arthritis_joint_health: Models.ArthritisJointHealth;
}

export type Table = keyof Tables;

/** The Prisma model of a table's rows. */
export type TableModel<T extends Table> = Tables[T];

type Digit = "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9";

/** A Prisma field's column name, as the schema maps them: `timeTo10Sequences` → `time_to_10_sequences`. */
type Snake<S extends string, Previous extends string = ""> = S extends `${infer Head}${infer Tail}`
  ? `${Head extends Digit ? (Previous extends Digit | "" ? Head : `_${Head}`) : Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${Snake<Tail, Head>}`
  : "";

const columnNames = new Map<string, string>();

/** `Snake` at run time: the column of a Prisma field (worked out once per field). */
export function columnName(field: string): string {
  let column = columnNames.get(field);
  if (column === undefined) columnNames.set(field, (column = snakeCase(field)));
  return column;
}

function snakeCase(field: string): string {
  let column = "";
  for (let i = 0; i < field.length; i++) {
    const char = field[i]!;
    const previous = field[i - 1] ?? "";
    const digit = /[0-9]/;
    if (digit.test(char)) column += previous === "" || digit.test(previous) ? char : `_${char}`;
    else column += char === char.toLowerCase() ? char : `_${char.toLowerCase()}`;
  }
  return column;
}

/** What a column takes: a date also as text (a date column gets the day so no time zone moves it); jsonb anything. */
type ColumnValue<V> = [V] extends [Date | null] ? V | string : [V] extends [string | number | boolean | string[] | null] ? V : unknown;

/** Column name → value for a row of `T`; the id and the columns with defaults may be left out. */
export type Row<T extends Table = Table> = { [K in keyof Tables[T] & string as Snake<K>]?: ColumnValue<Tables[T][K]> };

const IDENTIFIER = /^[a-z][a-z0-9_]*$/;

function identifier(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`not a plain SQL identifier: ${name}`);
  return `"${name}"`;
}

const isJsonObject = (value: unknown) => value !== null && typeof value === "object" && !Array.isArray(value) && !(value instanceof Date);

/** A row of `T` with the rows of other tables that point at it (any depth). */
export interface RowNode<T extends Table = Table> {
  row: Row<T>;
  children?: ChildRows[];
}

/** Rows of `table` whose `foreignKey` holds the parent row's id. */
export type ChildRows = {
  [T in Table]: { table: T; foreignKey: keyof Row<T> & string; rows: RowNode<T>[] };
}[Table];

/** One INSERT of the statement: rows of a table, each with its values' marks ("j" JSON, "." any other), and the earlier INSERT whose id its foreign key takes. */
interface Part {
  table: Table;
  columns: string[];
  rows: string[];
  parent?: { index: number; foreignKey: string };
  /** The one row whose id the statement answers; none for a group of rows. */
  node?: RowNode;
}

interface Statement {
  text: string;
  /** The prepared statement's name; none past STATEMENTS_NAMED shapes. */
  name?: string;
}

/**
 * Statement texts by shape (tables, columns, row counts, links, which values are JSON), built
 * once and prepared under their name on each pooled connection: a submission's rows come in a
 * few shapes, and their text was built, and parsed and planned by PostgreSQL, on every request.
 */
const statements = new Map<string, Statement>();
const STATEMENTS_NAMED = 500;

/**
 * Inserts a row and every row below it in one statement, so in one round trip and atomically
 * without a transaction: each row is a data-modifying WITH query whose id its children's
 * foreign key reads (`(SELECT id FROM t0)`), except that a group of several childless rows is
 * one multi-row INSERT. A submission's five tables were seven round trips (BEGIN, an INSERT
 * per table, COMMIT), and the socket writes of those were a third of its CPU
 * (docs/performance.md). Returns the id of every row inserted on its own (all but those of a
 * group of several childless rows), by its node.
 */
export async function insertTree<T extends Table>(sql: SqlRunner, table: T, node: RowNode<T>): Promise<Map<RowNode, number>> {
  const parts: Part[] = [];
  const params: unknown[] = [];
  plan(parts, params, table, node, undefined);
  let shape = "";
  for (const part of parts) {
    shape += `${part.table}(${part.columns.join(",")})${part.parent ? `<${part.parent.index}.${part.parent.foreignKey}` : ""}${part.node ? "!" : ""}`;
    for (const marks of part.rows) shape += `;${marks}`;
    shape += "|";
  }
  let statement = statements.get(shape);
  if (!statement) {
    statement = { text: treeText(parts) };
    if (statements.size < STATEMENTS_NAMED) {
      statement.name = `insert_${statements.size}`;
      statements.set(shape, statement);
    }
  }
  const [result] = await sql.query<{ ids: number[] }>(statement.text, params, statement.name);
  const ids = result!.ids.map(Number);
  return new Map(parts.flatMap((part) => (part.node ? [part.node] : [])).map((row, index) => [row, ids[index]!]));
}

/** Adds the INSERTs of a row and its children to `parts` (jsonb goes as text, so both drivers pass it unchanged). */
function plan(parts: Part[], params: unknown[], table: Table, node: RowNode, parent: Part["parent"]): void {
  const index = parts.length;
  parts.push(rowsPart(params, table, [node.row], parent, node));
  for (const group of node.children ?? []) {
    const link = { index, foreignKey: group.foreignKey };
    const rows: RowNode[] = group.rows;
    if (rows.length > 1 && rows.every((child) => !child.children?.length))
      parts.push(
        rowsPart(
          params,
          group.table,
          rows.map((child) => child.row),
          link,
        ),
      );
    else for (const child of rows) plan(parts, params, group.table, child, link);
  }
}

/** Rows sharing their columns (the first row's) as one INSERT; their values go to `params`. */
function rowsPart(params: unknown[], table: Table, rows: Row[], parent: Part["parent"], node?: RowNode): Part {
  const columns = Object.keys(rows[0]!);
  const marks = rows.map((row) => {
    let marks = "";
    for (const column of columns) {
      const value = (row as Record<string, unknown>)[column];
      const json = isJsonObject(value);
      params.push(json ? JSON.stringify(value) : value);
      marks += json ? "j" : ".";
    }
    return marks;
  });
  return { table, columns, rows: marks, parent, node };
}

/** The statement of a plan: one WITH query per part, `::text::jsonb` where a mark says JSON; it answers the single rows' ids in order. */
function treeText(parts: Part[]): string {
  let n = 0;
  const queries = parts.map((part, index) => {
    const columns = [...part.columns, ...(part.parent ? [part.parent.foreignKey] : [])].map(identifier);
    const link = part.parent ? [`(SELECT id FROM t${part.parent.index})`] : [];
    const tuples = part.rows.map(
      (marks) => `(${[...[...marks].map((mark) => (mark === "j" ? `$${++n}::text::jsonb` : `$${++n}`)), ...link].join(", ")})`,
    );
    return `t${index} AS (INSERT INTO ${identifier(part.table)} (${columns.join(", ")}) VALUES ${tuples.join(", ")}${part.node ? " RETURNING id" : ""})`;
  });
  const ids = parts.flatMap((part, index) => (part.node ? [`(SELECT id FROM t${index})`] : []));
  return `WITH ${queries.join(", ")} SELECT ARRAY[${ids.join(", ")}] AS ids`;
}
