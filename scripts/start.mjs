// npm start: build what is missing or out of date (scripts/lib/build.mjs), then run the compiled
// server in production mode with plain node.
import { spawn } from "node:child_process";
import { ensureBuild, serverEntry } from "./lib/build.mjs";

ensureBuild();
const child = spawn(process.execPath, [serverEntry()], {
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
});
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
