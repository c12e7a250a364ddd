// Starts the real server (server.ts, production build) on a random port for integration tests.
import { spawn, type ChildProcess } from "node:child_process";
import { createTestDatabase, type TestDatabase } from "./database.ts";

export interface TestServer {
  /** e.g. http://127.0.0.1:41234 */
  origin: string;
  process: ChildProcess;
  database: TestDatabase;
  /** Every line the server printed so far. */
  output(): string;
  /**
   * Resolves with the output once it matches: a line logged while answering a request reaches
   * this process through a pipe, not necessarily before the response does.
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
    // The tests written before clinics give a care provider every patient; the care-team rule
    // (the default) is proven by access-matrix.test.ts and revoke-race.test.ts, which set it.
    PATIENT_ACCESS: "all-staff",
    LOG_LEVEL: "info",
  };
}

export async function startServer(options: StartOptions = {}): Promise<TestServer> {
  const ownDatabase = !options.database;
  const database = options.database ?? (await createTestDatabase());
  const env: Record<string, string> = { ...baseEnv(), ...database.env };
  for (const [key, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    env: env as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  // A test that fails before stopping its server must not leave it running: the test runner
  // ends the file when its tests are done (--test-force-exit) and this kills what remains.
  running.add(child);
  child.on("exit", () => running.delete(child));
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));

  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => {
        child.kill("SIGKILL");
        reject(new Error(`server did not start in time:\n${output}`));
      },
      options.startTimeoutMs ?? Number(process.env.TEST_START_TIMEOUT_MS || 90_000),
    );
    const check = () => {
      const match = /"port":(\d+),[^\n]*listening on/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout!.on("data", check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${output}`));
    });
  });

  let stopped: Promise<number | null> | undefined;
  return {
    origin: `http://127.0.0.1:${port}`,
    process: child,
    database,
    output: () => output,
    async waitForOutput(pattern, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      while (!pattern.test(output)) {
        if (Date.now() > deadline) throw new Error(`the server did not print ${pattern} within ${timeoutMs} ms; it printed:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return output;
    },
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
