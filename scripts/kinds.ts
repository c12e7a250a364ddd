// Writes what the registry of kinds (lib/assessments/kinds) implies and the repository lacks:
// - every stored name a kind module declares and the schema lacks, added to `enum AssessmentType`
//   in prisma/schema.prisma and by a new migration (then the Prisma client is generated again);
// - the route file of every kind submitted to its own path (lib/http/kind-route.ts).
// Run it after adding a kind's registry lines: `npx tsx scripts/kinds.ts`.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { KIND_LIST } from "@/lib/assessments/kinds";
import { addValuesMigration, migratedEnumValues, schemaEnumValues, withSchemaEnumValues } from "@/lib/db/kind-enum";
import { kindRouteFiles } from "@/lib/http/kind-route";

for (const { file, source } of kindRouteFiles()) {
  const path = join(process.cwd(), file);
  if (existsSync(path)) continue;
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, source);
  console.log(`wrote ${file}`);
}

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
