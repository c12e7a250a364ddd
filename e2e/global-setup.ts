// Starts what the browser tests need: a real OpenID provider on loopback, then the app built
// and started the way people run it (`npm run build`, then the server `npm start` runs), twice from one build: once
// signing in through the provider, once in development auth mode. Each start gets a fresh
// embedded database; the data the scenarios need is made through the API. Both run the
// care-team rule (a real deployment's default): the seed shares its patients with a clinic.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { signInEnv, startIdentityProvider } from "./support/identity-provider";
import { APP_ORIGIN, APP_PORT, DEV_APP_ORIGIN, DEV_APP_PORT, IDP_PORT, MAIL_APP_ORIGIN } from "./support/env";
import { baseEnv, distDir, startApp, stopApp } from "./support/app";
import { seed } from "./support/seed";

export default async function globalSetup(): Promise<() => Promise<void>> {
  // The clinic-invitation scenario signs in to a server of its own (with a mail stand-in) too.
  const idp = await startIdentityProvider(
    IDP_PORT,
    [APP_ORIGIN, MAIL_APP_ORIGIN].map((origin) => `${origin}/api/auth/callback/auth0`),
  );

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
    env: baseEnv(APP_PORT, { DATA_DIR: dataDirs[0]! }) as NodeJS.ProcessEnv,
    encoding: "utf8",
  });
  if (history.status !== 0) throw new Error(`the history seed failed:\n${history.stderr}`);
  const app = await startApp(APP_ORIGIN, {
    ...baseEnv(APP_PORT, { DATA_DIR: dataDirs[0]! }),
    ...signInEnv(idp.issuer),
  });
  const devApp = await startApp(DEV_APP_ORIGIN, { ...baseEnv(DEV_APP_PORT, { DATA_DIR: dataDirs[1]! }), ALLOW_DEV_AUTH: "true" });

  const written = JSON.parse(history.stdout);
  const seeded = await seed(APP_ORIGIN, idp, written.history, written.knownTruth);
  process.env.E2E_SEED = JSON.stringify(seeded);
  process.env.E2E_IDP_JWK = JSON.stringify(idp.privateJwk);
  process.env.E2E_IDP_ISSUER = idp.issuer;

  return async () => {
    await Promise.all([stopApp(app), stopApp(devApp)]);
    await idp.close();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  };
}
