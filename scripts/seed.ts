// npm run db:seed [-- --patients 10000 --assessments 20 --days 90 --clinics 2]: fills DATABASE_URL (or the
// embedded database) with a demo clinic. Applies pending migrations first.
import { parseArgs } from "node:util";
import { closeDatabase, databaseKind, withConnection } from "@/lib/db";
import { migrateDatabase } from "@/lib/migrations";
import { seedDemoClinic } from "@/lib/seed/demo-clinic";

const { values } = parseArgs({
  options: {
    patients: { type: "string", default: "0" },
    assessments: { type: "string", default: "20" },
    days: { type: "string", default: "90" },
    journal: { type: "string", default: "3" },
    clinics: { type: "string", default: "2" },
  },
});

function count(name: keyof typeof values, min: number): number {
  const value = Number(values[name]);
  if (!Number.isInteger(value) || value < min) {
    console.error(`--${name} must be a whole number of at least ${min}`);
    process.exit(2);
  }
  return value;
}

const options = {
  patients: count("patients", 0),
  assessmentsPerPatient: count("assessments", 0),
  days: count("days", 2),
  journalPerPatient: count("journal", 0),
  clinics: count("clinics", 1),
};

const started = performance.now();
const result = await withConnection(async (sql) => {
  await migrateDatabase(sql);
  return seedDemoClinic(sql, {
    ...options,
    progress: (done) => process.stdout.write(`\r${done}/${options.patients} patients`),
  });
});
process.stdout.write("\n");
console.log(
  `seeded ${databaseKind()} in ${((performance.now() - started) / 1000).toFixed(1)} s: ${result.patients} patients, ` +
    `${result.assessments} assessments, ${result.journalEntries} journal entries; ` +
    `care provider sub "${result.providerSub}", admin sub "${result.adminSub}"`,
);
await closeDatabase();
