// The database's enum of kinds against the registry: a kind whose stored name is missing from
// prisma/schema.prisma or from the migrations (scripts/kinds.ts writes both) fails here, as
// does an enum value no kind declares. The standings' SQL names no kind: its per-kind figures
// are rendered from the registry (lib/assessments/kinds/thresholds.ts).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { KIND_LIST } from "@/lib/assessments/kinds";
import { addValuesMigration, migratedEnumValues, schemaEnumValues, withSchemaEnumValues } from "@/lib/db/kind-enum";

const root = process.cwd();
const stored = KIND_LIST.map((kind) => kind.stored as string).sort();

test("the schema's enum AssessmentType holds exactly the registry's stored names", () => {
  assert.deepEqual(schemaEnumValues(readFileSync(join(root, "prisma", "schema.prisma"), "utf8")).sort(), stored);
});

test("the migrations create exactly the registry's stored names, each once", () => {
  const migrated = migratedEnumValues(join(root, "prisma", "migrations"));
  assert.deepEqual([...migrated].sort(), stored);
});

test("no SQL the service applies after the migrations names a kind", () => {
  const functions = readFileSync(join(root, "prisma", "functions.sql"), "utf8").replace(/--.*$/gm, "");
  for (const name of [...KIND_LIST.map((kind) => kind.stored as string), ...KIND_LIST.map((kind) => kind.type)]) {
    assert.doesNotMatch(functions, new RegExp(`'${name}'`), name);
  }
});

test("the script's pieces: a new value goes at the end of the enum and into an idempotent migration", () => {
  const schema = "model A {\n  id Int\n}\n\nenum AssessmentType {\n  ROM\n  PAIN\n}\n\nenum Hand {\n  LEFT\n}\n";
  const grown = withSchemaEnumValues(schema, [...schemaEnumValues(schema), "NEW_KIND"]);
  assert.deepEqual(schemaEnumValues(grown), ["ROM", "PAIN", "NEW_KIND"]);
  assert.match(grown, /enum Hand \{\n {2}LEFT\n\}/);
  assert.match(addValuesMigration(["NEW_KIND"]), /^ALTER TYPE "AssessmentType" ADD VALUE IF NOT EXISTS 'NEW_KIND';$/m);
});
