// For tests that call services in-process: points this process at a fresh database and
// applies the migrations. Import before anything that reads the configuration.
import { createTestDatabase, type TestDatabase } from "./database.ts";

export async function useFreshDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase();
  delete process.env.DATABASE_URL;
  delete process.env.DATA_DIR;
  Object.assign(process.env, database.env);
  const { withConnection } = await import("@/lib/db");
  const { migrateDatabase } = await import("@/lib/migrations");
  await withConnection((sql) => migrateDatabase(sql));
  return database;
}

export async function dropDatabase(database: TestDatabase): Promise<void> {
  const { closeDatabase } = await import("@/lib/db");
  await closeDatabase();
  await database.drop();
}
