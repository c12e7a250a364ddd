// npm run db:purge-expired: deletes anonymous records past their 90-day lifetime once, as the
// running service does on its schedule (lib/lookup/purge.ts). Running it again deletes nothing new.
// Options: --batch-size=<n> (default 500).
import { closeDatabase, databaseKind } from "@/lib/db";
import { purgeExpired } from "@/lib/lookup/purge";

const sizeArgument = process.argv.find((arg) => arg.startsWith("--batch-size="));
const batchSize = sizeArgument ? Number(sizeArgument.split("=")[1]) : 500;
if (!Number.isInteger(batchSize) || batchSize < 1) {
  console.error("--batch-size must be a positive integer");
  process.exit(2);
}

const result = await purgeExpired(batchSize);
if (result) {
  console.log(
    `purged ${result.records} expired anonymous record(s) and ${result.contacts} anonymous contact(s) in ${result.batches} batch(es) on ${databaseKind()}`,
  );
} else {
  console.log("another instance is purging right now; nothing done");
}
await closeDatabase();
