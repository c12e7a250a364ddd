// Runs `prisma generate` after install. Generation does not use Prisma's schema-engine binary,
// but the CLI insists that one exists; on machines where it cannot be downloaded any existing
// file satisfies the check (see ARCHITECTURE.md, "Data").
import { spawnSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const env = { ...process.env };
if (!env.PRISMA_SCHEMA_ENGINE_BINARY || !existsSync(env.PRISMA_SCHEMA_ENGINE_BINARY)) {
  const placeholder = join(tmpdir(), "prisma-schema-engine-placeholder");
  writeFileSync(placeholder, "");
  env.PRISMA_SCHEMA_ENGINE_BINARY = placeholder;
}
const result = spawnSync("npx", ["prisma", "generate"], { stdio: "inherit", env });
process.exit(result.status ?? 1);
