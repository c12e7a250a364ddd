// The database's enum of assessment kinds ("AssessmentType"), kept equal to the registry's stored
// names (lib/assessments/kinds): scripts/kinds.ts writes what a new kind needs (the value in
// prisma/schema.prisma and a migration adding it), and kind-enum.test.ts fails when the registry,
// the schema and the migrations disagree. A Postgres enum value cannot be added by the functions
// file (lib/db/functions.ts): every value is a migration, applied once and in order.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const ENUM_BLOCK = /enum AssessmentType \{([^}]*)\}/;

/** The values of `enum AssessmentType` in prisma/schema.prisma's text. */
export function schemaEnumValues(schema: string): string[] {
  const block = ENUM_BLOCK.exec(schema);
  if (!block) throw new Error("prisma/schema.prisma has no enum AssessmentType");
  return block[1]!
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => /^[A-Z][A-Z0-9_]*$/.test(line));
}

/** The schema's text with `enum AssessmentType` holding `values`. */
export function withSchemaEnumValues(schema: string, values: readonly string[]): string {
  return schema.replace(ENUM_BLOCK, `enum AssessmentType {\n${values.map((value) => `  ${value}\n`).join("")}}`);
}

/** The values the migrations under `dir` give "AssessmentType", in the order they are applied. */
export function migratedEnumValues(dir: string): string[] {
  const values: string[] = [];
  for (const folder of readdirSync(dir).sort()) {
    let sql: string;
    try {
      sql = readFileSync(join(dir, folder, "migration.sql"), "utf8");
    } catch {
      continue;
    }
    const created = /CREATE TYPE "AssessmentType" AS ENUM \(([^)]*)\)/.exec(sql);
    if (created) values.push(...[...created[1]!.matchAll(/'([^']+)'/g)].map((m) => m[1]!));
    for (const added of sql.matchAll(/ALTER TYPE "AssessmentType" ADD VALUE (?:IF NOT EXISTS )?'([^']+)'/g)) values.push(added[1]!);
  }
  return values;
}

/** The migration that adds `values` to the enum. */
export function addValuesMigration(values: readonly string[]): string {
  return (
    "-- Written by scripts/kinds.ts from the registry of kinds (lib/assessments/kinds).\n" +
    values.map((value) => `ALTER TYPE "AssessmentType" ADD VALUE IF NOT EXISTS '${value}';\n`).join("")
  );
}
