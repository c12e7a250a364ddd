// Round 3, row 10: production ran TypeScript through tsx, a compiler in the production dependency
// set and in every server process. `npm start` now runs the build's compiled JavaScript with plain
// node, and a production install (`npm ci --omit=dev`) holds no TypeScript runner. The test runs
// `npm start` itself and inspects the processes it starts.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { test } from "node:test";
import { serverEntry } from "@/scripts/lib/build.mjs";
import { createTestDatabase } from "@/test/support/database";
import { apiClient } from "@/test/support/http";
import { freePort } from "@/test/support/server";

test("the production dependency set holds no TypeScript runner or compiler", () => {
  const manifest = JSON.parse(readFileSync("package.json", "utf8")) as { dependencies: Record<string, string> };
  for (const tool of ["tsx", "esbuild", "typescript", "ts-node"]) {
    assert.equal(manifest.dependencies[tool], undefined, `${tool} is a production dependency`);
  }
});

/** The processes below `root`, each with its command line and environment (Linux /proc). */
function descendants(root: number): { pid: number; commandLine: string[]; env: string[] }[] {
  const parentOf = new Map<number, number>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // The parent is the 4th field of stat, after the command in parentheses.
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      parentOf.set(Number(name), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // The process ended while the list was read.
    }
  }
  const below = (pid: number): boolean => {
    const parent = parentOf.get(pid);
    return parent !== undefined && parent !== 0 && (parent === root || below(parent));
  };
  return [...parentOf.keys()].filter(below).flatMap((pid) => {
    try {
      const read = (file: string) => readFileSync(`/proc/${pid}/${file}`, "utf8").split("\0").filter(Boolean);
      return [{ pid, commandLine: read("cmdline"), env: read("environ") }];
    } catch {
      return [];
    }
  });
}

test("npm start's server is plain node running the compiled server, and it serves", async () => {
  assert.ok(existsSync("/proc/self/stat"), "reads the process table from /proc (Linux)");
  const database = await createTestDatabase();
  const port = await freePort();
  const env: Record<string, string | undefined> = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    ...database.env,
    PORT: String(port),
    HOSTNAME: "127.0.0.1",
    ALLOW_DEV_AUTH: "true",
    RATE_LIMIT: "off",
    NEXT_TELEMETRY_DISABLED: "1",
  };
  const npm = spawn("npm", ["start"], { env: env as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  npm.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  npm.stderr.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => npm.on("exit", (code) => resolve(code)));
  try {
    const origin = `http://127.0.0.1:${port}`;
    let status = 0;
    for (let attempt = 0; attempt < 180 && status !== 200 && npm.exitCode === null; attempt++) {
      // contract: polled until the server listens; the answer is checked once it does, below
      status = await fetch(`${origin}/api/health`)
        .then((answer) => answer.status)
        .catch(() => 0);
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    assert.equal(status, 200, `npm start serves /api/health:\n${output}`);
    assert.equal((await apiClient(origin).get("/health")).status, 200);

    const processes = descendants(npm.pid!);
    const servers = processes.filter(({ commandLine }) => commandLine.includes(serverEntry()));
    assert.equal(servers.length, 1, JSON.stringify(processes.map((p) => p.commandLine)));
    const [server] = servers;
    assert.match(serverEntry(), /\.mjs$/);
    assert.deepEqual(server!.commandLine.slice(1), [serverEntry()], "plain node with the compiled server, no loader");
    assert.ok(!server!.commandLine.some((part) => /tsx|ts-node/.test(part)), server!.commandLine.join(" "));
    assert.ok(server!.env.includes("NODE_ENV=production"), "production mode");
    for (const { commandLine } of processes) assert.ok(!commandLine.some((part) => /\btsx\b/.test(part)), commandLine.join(" "));

    // SIGTERM to the start script (node, not npm's shell) reaches the server, and everything exits.
    const starter = processes.find(({ commandLine }) => commandLine.includes("scripts/start.mjs"));
    assert.ok(starter, "the start script runs under npm");
    process.kill(starter.pid, "SIGTERM");
    assert.equal(await exited, 0, output);
    assert.ok(!existsSync(`/proc/${server!.pid}/cmdline`) || readFileSync(`/proc/${server!.pid}/stat`, "utf8").includes(") Z "));
  } finally {
    const left = descendants(npm.pid!).map(({ pid }) => pid);
    if (npm.exitCode === null) npm.kill("SIGKILL");
    for (const pid of left) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // Already gone.
      }
    }
    // The embedded database's files are the server's until it is gone.
    for (let wait = 0; wait < 100 && left.some((pid) => existsSync(`/proc/${pid}/cmdline`)); wait++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    // A killed server's last writes can land while its files are removed: once more after a second.
    await database.drop().catch(async () => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await database.drop();
    });
  }
});
