// After install: generate the Prisma client, then build the application, so that a fresh
// clone's `npm install && npm start` serves at once. HAND_SKIP_BUILD=1 skips the build (it is
// then made by the first `npm start` or `npm test`).
import { spawnSync } from "node:child_process";
import { ensureBuild } from "./lib/build.mjs";

const generated = spawnSync(process.execPath, ["scripts/prisma-generate.mjs"], { stdio: "inherit" });
if (generated.status !== 0) process.exit(generated.status ?? 1);
if (process.env.HAND_SKIP_BUILD !== "1") ensureBuild();
