// After install: generate the Prisma client, then build the application, so that a fresh
// clone's `npm install && npm start` serves at once. HAND_SKIP_BUILD=1 skips the build (it is
// then made by the first `npm start` or `npm test`). A production install (`npm ci --omit=dev`)
// has neither the Prisma CLI nor the build tools: it keeps the client and the builds made
// before it, as they are.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { ensureBuild } from "./lib/build.mjs";

if (!existsSync("node_modules/prisma")) {
  if (!existsSync("lib/generated/prisma")) {
    console.error("the Prisma client is not generated and the Prisma CLI (a development dependency) is not installed: run `npm install`");
    process.exit(1);
  }
} else {
  const generated = spawnSync(process.execPath, ["scripts/prisma-generate.mjs"], { stdio: "inherit" });
  if (generated.status !== 0) process.exit(generated.status ?? 1);
}
if (process.env.HAND_SKIP_BUILD !== "1") ensureBuild();
