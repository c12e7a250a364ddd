// Starting the app the way `npm start` runs it, from the e2e build: the global setup starts the
// two servers every scenario shares; a scenario that needs a server of its own (the database
// going away) starts one with the same helpers.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serverEntry } from "../../scripts/lib/build.mjs";
import { startResend, type ResendStandIn } from "../../test/support/resend";

export const distDir = process.env.NEXT_DIST_DIR || ".next-e2e";

export function baseEnv(port: number, database: Record<string, string>): Record<string, string> {
  const keep = ["PATH", "HOME", "TMPDIR", "LANG"];
  const env: Record<string, string> = {};
  for (const key of keep) if (process.env[key]) env[key] = process.env[key]!;
  return {
    ...env,
    ...database,
    NEXT_DIST_DIR: distDir,
    NEXT_TELEMETRY_DISABLED: "1",
    PORT: String(port),
    HOSTNAME: "127.0.0.1",
    FRONTEND_URL: `http://127.0.0.1:${port}`,
    NEXTAUTH_URL: `http://127.0.0.1:${port}`,
    NEXTAUTH_SECRET: "e2e-session-secret-0123456789abcdef",
    RATE_LIMIT: "off",
    LOG_LEVEL: "warn",
  };
}

async function waitForHealth(origin: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 6 * 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app at ${origin} exited early:\n${output()}`);
    try {
      const response = await fetch(`${origin}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the app at ${origin} did not start:\n${output()}`);
}

/**
 * What `npm start` runs once the build is there: the custom server in production mode. (Not
 * `npm start` itself: its staleness check would build again whenever a source file changed
 * during the build, as happens in a working tree shared with an editor.)
 */
export async function startApp(origin: string, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, [serverEntry(distDir)], {
    env: { ...env, NODE_ENV: "production" } as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output = (output + chunk).slice(-20_000)));
  child.stderr!.on("data", (chunk) => (output = (output + chunk).slice(-20_000)));
  await waitForHealth(origin, child, () => output);
  return child;
}

export function stopApp(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

/**
 * A server of the scenario's own on `port`, on a fresh embedded database, whose e-mail goes to a
 * Resend stand-in the scenario reads; `stop` removes all three.
 */
export async function startMailApp(port: number, env: Record<string, string>): Promise<{ resend: ResendStandIn; stop(): Promise<void> }> {
  const resend = await startResend();
  const dataDir = mkdtempSync(join(tmpdir(), "hand-e2e-mail-"));
  const stop = async (app?: ChildProcess) => {
    if (app) await stopApp(app);
    await resend.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const app = await startApp(`http://127.0.0.1:${port}`, { ...baseEnv(port, { DATA_DIR: dataDir }), ...resend.env, ...env });
    return { resend, stop: () => stop(app) };
  } catch (error) {
    await stop();
    throw error;
  }
}
