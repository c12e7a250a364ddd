// INSERT statements from plain rows, for write paths where Prisma's nested creates cost too
// much (a submission stores up to five related tables per request). Table and column names
// come from this codebase, never from input; values are always parameters.
import type { SqlRunner } from "@/lib/db";

/** Column name → value. Plain objects are stored as jsonb; arrays go to array columns. */
export type Row = Record<string, unknown>;

const IDENTIFIER = /^[a-z][a-z0-9_]*$/;

function identifier(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`not a plain SQL identifier: ${name}`);
  return `"${name}"`;
}

const isJsonObject = (value: unknown) => value !== null && typeof value === "object" && !Array.isArray(value) && !(value instanceof Date);

/** Placeholder and parameter for one value; jsonb goes as text so both drivers pass it unchanged. */
function parameter(value: unknown, params: unknown[]): string {
  if (isJsonObject(value)) {
    params.push(JSON.stringify(value));
    return `$${params.length}::text::jsonb`;
  }
  params.push(value);
  return `$${params.length}`;
}

/** Inserts rows that share their columns (the first row's) in one statement; the new ids in order. */
export async function insertRows(sql: SqlRunner, table: string, rows: Row[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const columns = Object.keys(rows[0]!);
  const params: unknown[] = [];
  const tuples = rows.map((row) => `(${columns.map((column) => parameter(row[column], params)).join(", ")})`);
  const inserted = await sql.query<{ id: number }>(
    `INSERT INTO ${identifier(table)} (${columns.map(identifier).join(", ")}) VALUES ${tuples.join(", ")} RETURNING id`,
    params,
  );
  return inserted.map((row) => Number(row.id));
}

export async function insertRow(sql: SqlRunner, table: string, row: Row): Promise<number> {
  const [id] = await insertRows(sql, table, [row]);
  return id!;
}

/** A row with the rows of other tables that point at it (any depth). */
export interface RowNode {
  row: Row;
  children?: ChildRows[];
}

/** Rows of `table` whose `foreignKey` holds the parent row's id. */
export interface ChildRows {
  table: string;
  foreignKey: string;
  rows: RowNode[];
}

/** Inserts a row and its children top-down; each group of childless rows is one statement. Returns the row's id. */
export async function insertTree(sql: SqlRunner, table: string, node: RowNode): Promise<number> {
  const id = await insertRow(sql, table, node.row);
  for (const group of node.children ?? []) {
    const linked = group.rows.map((child) => ({ ...child, row: { ...child.row, [group.foreignKey]: id } }));
    if (linked.every((child) => !child.children?.length)) {
      await insertRows(sql, group.table, linked.map((child) => child.row));
    } else {
      for (const child of linked) await insertTree(sql, group.table, child);
    }
  }
  return id;
}
