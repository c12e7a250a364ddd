// Builds the Next application when the build is missing or older than its sources, so that
// `npm start` and `npm test` work on a fresh clone with no other step.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const SOURCES = [
  "app",
  "components",
  "lib",
  "public",
  "next.config.ts",
  "postcss.config.mjs",
  "package-lock.json",
  "tsconfig.json",
  "server.ts",
];
const SKIP = new Set(["node_modules", "generated"]);

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    // Tests are not part of the build: editing one must not trigger a rebuild.
    if (!SKIP.has(entry) && !entry.endsWith(".test.ts")) newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

export function ensureBuild() {
  const distDir = process.env.NEXT_DIST_DIR || ".next";
  const buildId = join(distDir, "BUILD_ID");
  const builtAt = existsSync(buildId) ? statSync(buildId).mtimeMs : 0;
  if (builtAt && builtAt >= Math.max(...SOURCES.map(newestMtime))) return;
  console.log(`building the application into ${distDir} ...`);
  const result = spawnSync("npx", ["next", "build"], {
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
