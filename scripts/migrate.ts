// npm run db:migrate: applies pending migrations to DATABASE_URL (as DATABASE_MIGRATION_URL's role when set), or to the embedded database.
import { closeDatabase, databaseKind } from "@/lib/db";
import { migrateService } from "@/lib/migrations";

const applied = await migrateService();
console.log(
  applied.length
    ? `applied ${applied.length} migration(s) on ${databaseKind()}: ${applied.join(", ")}`
    : `no pending migrations on ${databaseKind()}`,
);
await closeDatabase();
