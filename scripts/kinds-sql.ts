// Brings the database's enum of kinds up to the registry (lib/assessments/kinds): every stored
// name a kind module declares and the schema lacks is added to `enum AssessmentType` in
// prisma/schema.prisma and by a new migration, then the Prisma client is generated again. Run it
// after adding a kind's registry line: `npx tsx scripts/kinds-sql.ts`.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { KIND_LIST } from "@/lib/assessments/kinds";
import { addValuesMigration, migratedEnumValues, schemaEnumValues, withSchemaEnumValues } from "@/lib/db/kind-enum";

const schemaFile = join(process.cwd(), "prisma", "schema.prisma");
const migrations = join(process.cwd(), "prisma", "migrations");
const schema = readFileSync(schemaFile, "utf8");
const stored = KIND_LIST.map((kind) => kind.stored as string);
const migrated = new Set(migratedEnumValues(migrations));
const missing = stored.filter((name) => !migrated.has(name));

if (missing.length > 0) {
  const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
  const folder = join(migrations, `${stamp}_${missing.join("_").toLowerCase()}_kind`);
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, "migration.sql"), addValuesMigration(missing));
  console.log(`wrote ${folder}/migration.sql`);
}
const values = schemaEnumValues(schema);
const schemaMissing = stored.filter((name) => !values.includes(name));
if (schemaMissing.length > 0) {
  writeFileSync(schemaFile, withSchemaEnumValues(schema, [...values, ...schemaMissing]));
  console.log(`added ${schemaMissing.join(", ")} to enum AssessmentType in prisma/schema.prisma`);
  process.exit(spawnSync("node", ["scripts/prisma-generate.mjs"], { stdio: "inherit" }).status ?? 1);
}
