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

/** `Snake` at run time: the column of a Prisma field. */
export function columnName(field: string): string {
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

interface Statement {
  text: string;
  /** The prepared statement's name; none past STATEMENTS_NAMED shapes. */
  name?: string;
}

/**
 * Statement texts by shape (table, columns, row count, which values are JSON), built once and
 * prepared under their name on each pooled connection: a submission's inserts come in a few
 * shapes, and their text was built, and parsed and planned by PostgreSQL, on every request.
 */
const statements = new Map<string, Statement>();
const STATEMENTS_NAMED = 500;

/** Inserts rows that share their columns (the first row's) in one statement; the new ids in order. */
export async function insertRows<T extends Table>(sql: SqlRunner, table: T, rows: Row<T>[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const columns = Object.keys(rows[0]!);
  const params: unknown[] = [];
  // jsonb goes as text so both drivers pass it unchanged; the shape marks where ("j").
  let shape = `${table}(${columns.join(",")})`;
  for (const row of rows) {
    shape += ";";
    for (const column of columns) {
      const value = (row as Record<string, unknown>)[column];
      const json = isJsonObject(value);
      params.push(json ? JSON.stringify(value) : value);
      shape += json ? "j" : ".";
    }
  }
  let statement = statements.get(shape);
  if (!statement) {
    statement = { text: insertText(table, columns, shape) };
    if (statements.size < STATEMENTS_NAMED) {
      statement.name = `insert_${statements.size}`;
      statements.set(shape, statement);
    }
  }
  const inserted = await sql.query<{ id: number }>(statement.text, params, statement.name);
  return inserted.map((row) => Number(row.id));
}

/** The INSERT text for a shape: one tuple of placeholders per row, `::text::jsonb` where the shape says JSON. */
function insertText(table: Table, columns: string[], shape: string): string {
  let n = 0;
  const tuples = shape
    .slice(shape.indexOf(";") + 1)
    .split(";")
    .map((marks) => `(${[...marks].map((mark) => (mark === "j" ? `$${++n}::text::jsonb` : `$${++n}`)).join(", ")})`);
  return `INSERT INTO ${identifier(table)} (${columns.map(identifier).join(", ")}) VALUES ${tuples.join(", ")} RETURNING id`;
}

export async function insertRow<T extends Table>(sql: SqlRunner, table: T, row: Row<T>): Promise<number> {
  const [id] = await insertRows(sql, table, [row]);
  return id!;
}

/** A row of `T` with the rows of other tables that point at it (any depth). */
export interface RowNode<T extends Table = Table> {
  row: Row<T>;
  children?: ChildRows[];
}

/** Rows of `table` whose `foreignKey` holds the parent row's id. */
export type ChildRows = {
  [T in Table]: { table: T; foreignKey: keyof Row<T> & string; rows: RowNode<T>[] };
}[Table];

/** Inserts a row and its children top-down; each group of childless rows is one statement. Returns the row's id. */
export async function insertTree<T extends Table>(sql: SqlRunner, table: T, node: RowNode<T>): Promise<number> {
  const id = await insertRow(sql, table, node.row);
  for (const group of node.children ?? []) {
    const linked: RowNode[] = group.rows.map((child: RowNode) => ({ ...child, row: { ...child.row, [group.foreignKey]: id } }));
    if (linked.every((child) => !child.children?.length)) {
      await insertRows(
        sql,
        group.table,
        linked.map((child) => child.row),
      );
    } else {
      for (const child of linked) await insertTree(sql, group.table, child);
    }
  }
  return id;
}
