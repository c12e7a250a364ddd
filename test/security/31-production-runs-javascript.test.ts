// Round 3, row 10: production ran TypeScript through tsx, a compiler in the production dependency
// set and in every server process. `npm start` now runs the build's compiled JavaScript with plain
// node, and a production install (`npm ci --omit=dev`) holds no TypeScript runner.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, test } from "node:test";
import { serverEntry } from "@/scripts/lib/build.mjs";
import { apiClient } from "@/test/support/http";
import { startServer, type TestServer } from "@/test/support/server";

let server: TestServer;

before(async () => {
  server = await startServer();
});
after(async () => {
  await server?.stop();
});

test("the production dependency set holds no TypeScript runner or compiler", () => {
  const manifest = JSON.parse(readFileSync("package.json", "utf8")) as { dependencies: Record<string, string> };
  for (const tool of ["tsx", "esbuild", "typescript", "ts-node"]) {
    assert.equal(manifest.dependencies[tool], undefined, `${tool} is a production dependency`);
  }
});

test("npm start's server is plain node running the compiled server, and it serves", async () => {
  const start = readFileSync("scripts/start.mjs", "utf8");
  assert.match(start, /spawn\(process\.execPath, \[serverEntry\(\)\]/, "npm start runs serverEntry() with no loader");
  assert.match(serverEntry(), /\.mjs$/);
  const commandLine = readFileSync(`/proc/${server.process.pid}/cmdline`, "utf8").split("\0").filter(Boolean);
  assert.deepEqual(commandLine.slice(1), [serverEntry()], "the test server runs as npm start does");
  assert.ok(!commandLine.some((part) => /tsx/.test(part)), commandLine.join(" "));
  assert.equal((await apiClient(server.origin).get("/health")).status, 200);
});
