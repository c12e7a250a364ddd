// prisma/functions.sql: the standings' SQL functions, kept in one file instead of one migration
// per change. Applied after the migrations (lib/migrations) with the thresholds of
// lib/assessments/kinds; when the rendered text differs from what the database runs (its hash is
// the function's comment), it is re-applied and every patient's standing recomputed, in one
// transaction.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { SqlRunner } from "@/lib/db";

const quoted = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** What the file's placeholders receive. */
export interface FunctionValues {
  /** lib/assessments/kinds/thresholds.ts standingThresholds(): each stored kind's measure rule, and what makes a result poor. */
  thresholds: Record<string, unknown>;
  /** The tests (read names) in display order. */
  testOrder: readonly string[];
}

/** The file with its placeholders filled. */
export function renderFunctions(
  values: FunctionValues,
  source = readFileSync(resolve(process.cwd(), "prisma", "functions.sql"), "utf8"),
): string {
  return source
    .replaceAll("'__THRESHOLDS__'", quoted(JSON.stringify(values.thresholds)))
    .replaceAll("__TEST_ORDER__", values.testOrder.map(quoted).join(", "));
}

/** Applies the rendered functions when they changed; returns whether they did. */
export async function applyFunctions(sql: SqlRunner, rendered: string): Promise<boolean> {
  const mark = `functions.sql sha256:${createHash("sha256").update(rendered).digest("hex")}`;
  const [current] = await sql.query<{ mark: string | null }>(
    `SELECT obj_description(p.oid, 'pg_proc') AS mark FROM pg_proc p WHERE p.proname = 'refresh_patient_standing'`,
  );
  if (current?.mark === mark) return false;
  await sql.exec("BEGIN");
  try {
    await sql.exec(rendered);
    await sql.exec(`COMMENT ON FUNCTION refresh_patient_standing(integer) IS ${quoted(mark)}`);
    await sql.exec(`SELECT refresh_patient_standing(id) FROM contacts WHERE kind = 'PATIENT'`);
    await sql.exec("COMMIT");
  } catch (error) {
    await sql.exec("ROLLBACK");
    throw new Error(`prisma/functions.sql failed: ${(error as Error).message}`);
  }
  return true;
}
