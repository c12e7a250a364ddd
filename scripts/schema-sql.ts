// Prints the SQL that creates the whole schema of prisma/schema.prisma, in Prisma Migrate's
// style. Prisma's schema-engine binary cannot be downloaded on these machines, so this is how a
// new migration is drafted: diff this output against the previous one and write the change as
// prisma/migrations/<timestamp>_<name>/migration.sql. The drift test checks the result.
import { createSql, loadSchemaModel } from "./lib/prisma-model.ts";

process.stdout.write(createSql(loadSchemaModel()));
