// Starts what the browser tests need: a real OpenID provider on loopback, then the app built
// and started the way people run it (`npm run build`, then the server `npm start` runs), twice from one build: once
// signing in through the provider, once in development auth mode. Each start gets a fresh
// embedded database; the data the scenarios need is made through the API.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AUDIENCE, CLIENT_ID, CLIENT_SECRET, ROLES_CLAIM, startIdentityProvider } from "./support/identity-provider";
import { APP_ORIGIN, APP_PORT, DEV_APP_ORIGIN, DEV_APP_PORT, IDP_PORT } from "./support/env";
import { seed } from "./support/seed";

const distDir = process.env.NEXT_DIST_DIR || ".next-e2e";

function baseEnv(port: number, dataDir: string): Record<string, string> {
  const keep = ["PATH", "HOME", "TMPDIR", "LANG"];
  const env: Record<string, string> = {};
  for (const key of keep) if (process.env[key]) env[key] = process.env[key]!;
  return {
    ...env,
    NEXT_DIST_DIR: distDir,
    NEXT_TELEMETRY_DISABLED: "1",
    PORT: String(port),
    HOSTNAME: "127.0.0.1",
    DATA_DIR: dataDir,
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
async function startApp(origin: string, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    env: { ...env, NODE_ENV: "production" } as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output = (output + chunk).slice(-20_000)));
  child.stderr!.on("data", (chunk) => (output = (output + chunk).slice(-20_000)));
  await waitForHealth(origin, child, () => output);
  return child;
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  const idp = await startIdentityProvider(IDP_PORT, [`${APP_ORIGIN}/api/auth/callback/auth0`]);

  if (!process.env.E2E_SKIP_BUILD) {
    const build = spawnSync("npm", ["run", "build"], {
      stdio: "inherit",
      env: { ...process.env, NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: "1" },
    });
    if (build.status !== 0) throw new Error("npm run build failed");
  }

  const dataDirs = [mkdtempSync(join(tmpdir(), "hand-e2e-")), mkdtempSync(join(tmpdir(), "hand-e2e-dev-"))];
  // Weeks of history can only be written before the app opens its embedded database.
  const history = spawnSync(process.execPath, ["--import", "tsx", "e2e/support/history-seed.ts", Date.now().toString(36)], {
    env: baseEnv(APP_PORT, dataDirs[0]!) as NodeJS.ProcessEnv,
    encoding: "utf8",
  });
  if (history.status !== 0) throw new Error(`the history seed failed:\n${history.stderr}`);
  const app = await startApp(APP_ORIGIN, {
    ...baseEnv(APP_PORT, dataDirs[0]!),
    AUTH0_DOMAIN: `127.0.0.1:${IDP_PORT}`,
    AUTH0_ISSUER_BASE_URL: idp.issuer,
    AUTH0_AUDIENCE: AUDIENCE,
    AUTH0_ROLES_CLAIM: ROLES_CLAIM,
    AUTH0_CLIENT_ID: CLIENT_ID,
    AUTH0_CLIENT_SECRET: CLIENT_SECRET,
  });
  const devApp = await startApp(DEV_APP_ORIGIN, { ...baseEnv(DEV_APP_PORT, dataDirs[1]!), ALLOW_DEV_AUTH: "true" });

  const seeded = { ...(await seed(APP_ORIGIN, idp)), history: JSON.parse(history.stdout) };
  process.env.E2E_SEED = JSON.stringify(seeded);
  process.env.E2E_IDP_JWK = JSON.stringify(idp.privateJwk);
  process.env.E2E_IDP_ISSUER = idp.issuer;

  return async () => {
    await Promise.all([stop(app), stop(devApp)]);
    await idp.close();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  };
}
