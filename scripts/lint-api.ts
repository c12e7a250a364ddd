// npm run lint:api: the OpenAPI document /api/openapi.json serves (generated here by the same
// function) through two linters nobody here wrote: Spectral with spectral:oas (.spectral.yaml)
// and Redocly with its strict recommended rules (redocly.yaml). Any error or warning fails.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildOpenApiDocument } from "@/lib/openapi/document";

const file = join("tmp", "api", "openapi.json");
mkdirSync(join("tmp", "api"), { recursive: true });
writeFileSync(file, JSON.stringify(buildOpenApiDocument(), null, 2));

const bin = (name: string) => join("node_modules", ".bin", name);
const runs: [string, string[]][] = [
  ["spectral", ["lint", "--ruleset", ".spectral.yaml", "--fail-severity", "warn", file]],
  ["redocly", ["lint", "--config", "redocly.yaml", "--lint-config", "error", file]],
];
let failed = false;
for (const [name, args] of runs) {
  console.log(`== ${name} ${args.join(" ")}`);
  const result = spawnSync(bin(name), args, {
    stdio: "inherit",
    env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
  });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
