// Brings a database up to date: the migrations, then the standings' functions with the
// thresholds of the assessment kinds (prisma/functions.sql). Every start, script and test
// database goes through here. It lives apart from lib/db, which knows nothing of the kinds.
import { KIND_LIST } from "@/lib/assessments/kinds";
import { standingThresholds } from "@/lib/assessments/kinds/thresholds";
import type { SqlRunner } from "@/lib/db";
import { renderFunctions } from "@/lib/db/functions";
import { migrate, readMigrations, runMigrations } from "@/lib/db/migrate";

/** Applies pending migrations and changed functions; returns the migrations applied. */
export function migrateDatabase(sql: SqlRunner): Promise<string[]> {
  return runMigrations(sql, readMigrations(), standingFunctions());
}

/** The service's start and `npm run db:migrate`: as the schema owner, then the service role's grants (lib/db/migrate.ts). */
export function migrateService(): Promise<string[]> {
  return migrate(standingFunctions());
}

function standingFunctions(): string {
  return renderFunctions({ thresholds: standingThresholds(), testOrder: KIND_LIST.map((kind) => kind.type) });
}
