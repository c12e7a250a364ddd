// npm run db:migrate: applies pending migrations to DATABASE_URL (as DATABASE_MIGRATION_URL's role when set), or to the embedded database.
import { closeDatabase, databaseKind } from "@/lib/db";
import { CLINICS_MIGRATION, clinicUpgradeNotice } from "@/lib/clinics/upgrade";
import { migrateService } from "@/lib/migrations";

const applied = await migrateService();
console.log(
  applied.length
    ? `applied ${applied.length} migration(s) on ${databaseKind()}: ${applied.join(", ")}`
    : `no pending migrations on ${databaseKind()}`,
);
const upgrade = applied.includes(CLINICS_MIGRATION) ? await clinicUpgradeNotice() : null;
if (upgrade) console.log(upgrade.message, JSON.stringify(upgrade.fields));
await closeDatabase();
