// npm test shares one server of each kind among the files that ask for it (test/support/
// shared-server.ts): two planted files get the same server, each signs in with the run's identity
// provider, and the server is gone when the run ends; with TEST_SHARE_SERVERS=off each starts its
// own. And every file that still starts its own server says why, in one line.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { findTests } from "@/scripts/lib/test-files.mjs";

/** Runs scripts/test.mjs over two planted files; each writes the origin it was given and the status of its own read. */
function runPlanted(env: Record<string, string | undefined> = {}): { origin: string; status: number }[] {
  const folder = mkdtempSync(join(tmpdir(), "hand-shared-"));
  try {
    const support = join(process.cwd(), "test/support/shared-server.ts");
    const files = ["a", "b"].map((name) => {
      // .mts: an ES module wherever it lies (outside the project, .ts would be CommonJS).
      const file = join(folder, `${name}.test.mts`);
      writeFileSync(
        file,
        `import { writeFileSync } from "node:fs";
import { test } from "node:test";
import { sharedServerWithIdp } from ${JSON.stringify(support)};
test("reads its own profile", async () => {
  const { server, idp } = await sharedServerWithIdp();
  try {
    const response = await fetch(server.origin + "/api/patients/me", { headers: { authorization: "Bearer " + (await idp.token()) } });
    writeFileSync(${JSON.stringify(join(folder, `${name}.json`))}, JSON.stringify({ origin: server.origin, status: response.status }));
  } finally {
    await Promise.all([server.stop(), idp.close()]);
  }
});
`,
      );
      return file;
    });
    const run = spawnSync(process.execPath, ["scripts/test.mjs", ...files], {
      encoding: "utf8",
      // As in suite-timings.test.ts: the inner runner reports to stdout, and leaves this run's results file alone.
      env: { ...process.env, NODE_TEST_CONTEXT: undefined, TEST_RESULTS: undefined, TEST_SHARED_SERVERS: undefined, ...env },
    });
    assert.equal(run.status, 0, run.stdout + run.stderr);
    return ["a", "b"].map((name) => JSON.parse(readFileSync(join(folder, `${name}.json`), "utf8")));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

test("files asking for a shared server get the same one, the run's provider signs for it, and it ends with the run", async () => {
  const [a, b] = runPlanted();
  assert.equal(a!.origin, b!.origin);
  assert.deepEqual([a!.status, b!.status], [200, 200]);
  // contract: the server is stopped, nothing answers
  await assert.rejects(fetch(`${a!.origin}/api/health`), "the shared server stopped with the run");
});

test("with TEST_SHARE_SERVERS=off each file starts its own", () => {
  const [a, b] = runPlanted({ TEST_SHARE_SERVERS: "off" });
  assert.notEqual(a!.origin, b!.origin);
  assert.deepEqual([a!.status, b!.status], [200, 200]);
});

test("every test file that starts its own server says why in one line (// Own server: ...)", () => {
  const silent = findTests().filter((file) => {
    const source = readFileSync(file, "utf8");
    return /\bstartServer\(/.test(source) && !/^\s*\/\/ Own server: \S/m.test(source);
  });
  assert.deepEqual(silent, []);
});
