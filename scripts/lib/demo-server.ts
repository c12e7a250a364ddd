// The production build on a throwaway embedded database holding a demo clinic, in development
// auth mode: what `npm run lighthouse` measures and `npm run screenshots` photographs.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureBuild, serverEntry } from "./build.mjs";

export interface DemoServer {
  origin: string;
  /** POSTs JSON to the API; the created resource's answer. */
  post<T = { code: string; formattedCode: string }>(path: string, body: unknown): Promise<T>;
  /** A session cookie header from the development sign-in as `persona`. */
  signIn(persona: "patient" | "care_provider" | "admin"): Promise<string>;
  stop(): Promise<void>;
}

export interface DemoOptions {
  port: number;
  /** Arguments of `npm run db:seed` (the demo clinic). */
  seed: string[];
  /** Runs with DATA_DIR set to the database's directory, before the server opens it. */
  prepare?: (dataDir: string) => Promise<void>;
}

/** This environment on the embedded database in `dataDir`, in development auth mode. */
function demoEnv(port: number, dataDir: string): NodeJS.ProcessEnv {
  const { DATABASE_URL: _database, AUTH0_DOMAIN: _identityProvider, ...inherited } = process.env;
  return {
    ...inherited,
    NODE_ENV: "production",
    PORT: String(port),
    HOSTNAME: "127.0.0.1",
    DATA_DIR: dataDir,
    NEXTAUTH_URL: `http://127.0.0.1:${port}`,
    ALLOW_DEV_AUTH: "true",
    RATE_LIMIT: "off",
    LOG_LEVEL: "warn",
  };
}

async function waitForHealth(origin: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error("the server exited early");
    if (
      await fetch(`${origin}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("the server did not start");
}

export async function startDemoServer({ port, seed, prepare }: DemoOptions): Promise<DemoServer> {
  ensureBuild();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), "hand-demo-"));
  const env = demoEnv(port, dataDir);
  const seeded = spawnSync(process.execPath, ["--import", "tsx", "scripts/seed.ts", ...seed], {
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (seeded.status !== 0) throw new Error("seeding the demo clinic failed");
  if (prepare) {
    const before = process.env.DATA_DIR;
    process.env.DATA_DIR = dataDir;
    try {
      await prepare(dataDir);
    } finally {
      process.env.DATA_DIR = before;
    }
  }
  const server: ChildProcess = spawn(process.execPath, [serverEntry(env.NEXT_DIST_DIR)], { env, stdio: ["ignore", "ignore", "inherit"] });
  await waitForHealth(origin, server);

  return {
    origin,
    async post<T>(path: string, body: unknown) {
      const response = await fetch(`${origin}/api${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`POST ${path} answered ${response.status}`);
      return (await response.json()) as T;
    },
    async signIn(persona) {
      const csrf = await fetch(`${origin}/api/auth/csrf`);
      const { csrfToken } = (await csrf.json()) as { csrfToken: string };
      const jar = csrf.headers.getSetCookie().map((c) => c.split(";")[0]);
      const signedIn = await fetch(`${origin}/api/auth/callback/development`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.join("; ") },
        body: new URLSearchParams({ csrfToken, persona, json: "true" }),
      });
      const session = signedIn.headers
        .getSetCookie()
        .map((c) => c.split(";")[0]!)
        .find((c) => c.includes("session-token"));
      if (!session) throw new Error(`the development sign-in gave no session (${signedIn.status})`);
      return [...jar, session].join("; ");
    },
    async stop() {
      if (server.exitCode === null) {
        server.kill("SIGTERM");
        await new Promise((resolve) => server.once("exit", resolve));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
