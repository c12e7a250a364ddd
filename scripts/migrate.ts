// npm run db:migrate: applies pending migrations to DATABASE_URL, or to the embedded database.
import { closeDatabase, databaseKind, withConnection } from "@/lib/db";
import { runMigrations } from "@/lib/db/migrate";

const applied = await withConnection((sql) => runMigrations(sql));
console.log(
  applied.length
    ? `applied ${applied.length} migration(s) on ${databaseKind()}: ${applied.join(", ")}`
    : `no pending migrations on ${databaseKind()}`,
);
await closeDatabase();
