// Starts the real server (the compiled server.ts of the production build, as `npm start` runs
// it) on a random port for integration tests.
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { serverEntry } from "../../scripts/lib/build.mjs";
import { createTestDatabase, type TestDatabase } from "./database.ts";
import { RetainedLog } from "./log-tail.ts";

export interface TestServer {
  /** e.g. http://127.0.0.1:41234 */
  origin: string;
  process: ChildProcess;
  database: TestDatabase;
  /** What the server printed so far: its first 64 KiB and its last 256 KiB (log-tail.ts). */
  output(): string;
  /**
   * Resolves with the output once it matches (within one line): a line logged while answering a
   * request reaches this process through a pipe, not necessarily before the response does.
   */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** Sends a signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface StartOptions {
  env?: Record<string, string | undefined>;
  /** Share a database with another server; otherwise a fresh one is made and dropped. */
  database?: TestDatabase;
  startTimeoutMs?: number;
  /** Options for node before the server's entry point (a benchmark's --cpu-prof, say). */
  nodeArgs?: string[];
}

const running = new Set<ChildProcess>();
process.on("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

/** Only what a server needs from the test runner's environment: tests stay hermetic. */
function baseEnv(): Record<string, string> {
  const keep = ["PATH", "HOME", "TMPDIR", "NEXT_DIST_DIR", "LANG"];
  const env: Record<string, string> = {};
  for (const key of keep) if (process.env[key]) env[key] = process.env[key]!;
  return {
    ...env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    PORT: "0",
    HOSTNAME: "127.0.0.1",
    ALLOW_DEV_AUTH: "true",
    RATE_LIMIT: "off",
    LOG_LEVEL: "info",
    // Each route's module loads on its first request, not all of them at start (next.config.ts):
    // 0.6 CPU-seconds less per start, and the suite starts about 150 servers.
    NEXT_PRELOAD_ENTRIES: "off",
  };
}

/**
 * A port free right now, for a server whose public origin (FRONTEND_URL) must be its own: links
 * in answers are built from FRONTEND_URL, never from the request's Host.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Variables that make a server listen on a free port with that origin as its FRONTEND_URL. */
export async function ownOriginEnv(): Promise<Record<string, string>> {
  const port = await freePort();
  return { PORT: String(port), FRONTEND_URL: `http://127.0.0.1:${port}` };
}

export async function startServer(options: StartOptions = {}): Promise<TestServer> {
  const ownDatabase = !options.database;
  const database = options.database ?? (await createTestDatabase());
  const env: Record<string, string> = { ...baseEnv(), ...database.env };
  for (const [key, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), serverEntry(env.NEXT_DIST_DIR)], {
    env: env as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  // A test that fails before stopping its server must not leave it running: the test runner
  // ends the file when its tests are done (--test-force-exit) and this kills what remains.
  running.add(child);
  child.on("exit", () => running.delete(child));
  const log = new RetainedLog();
  // Asked for before the first chunk can arrive, so the listening line cannot be missed.
  const listening = log.nextLine(/"port":(\d+),[^\n]*listening on/);
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => log.push(chunk, "stdout"));
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => log.push(chunk, "stderr"));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));

  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => {
        child.kill("SIGKILL");
        reject(new Error(`server did not start in time:\n${log.text()}`));
      },
      options.startTimeoutMs ?? Number(process.env.TEST_START_TIMEOUT_MS || 90_000),
    );
    void listening.then((line) => {
      clearTimeout(timer);
      resolve(Number(/"port":(\d+)/.exec(line)![1]));
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${log.text()}`));
    });
  });

  let stopped: Promise<number | null> | undefined;
  return {
    origin: `http://127.0.0.1:${port}`,
    process: child,
    database,
    output: () => log.text(),
    waitForOutput: (pattern, timeoutMs = 5_000) => log.waitFor(pattern, timeoutMs),
    stop(signal = "SIGTERM") {
      stopped ??= (async () => {
        if (child.exitCode === null && child.signalCode === null) child.kill(signal);
        const code = await exited;
        if (ownDatabase) await database.drop();
        return code;
      })();
      return stopped;
    },
  };
}
