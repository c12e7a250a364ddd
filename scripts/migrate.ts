// npm run db:migrate: applies pending migrations to DATABASE_URL, or to the embedded database.
import { closeDatabase, databaseKind, withConnection } from "@/lib/db";
import { migrateDatabase } from "@/lib/migrations";

const applied = await withConnection((sql) => migrateDatabase(sql));
console.log(
  applied.length
    ? `applied ${applied.length} migration(s) on ${databaseKind()}: ${applied.join(", ")}`
    : `no pending migrations on ${databaseKind()}`,
);
await closeDatabase();
