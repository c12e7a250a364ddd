// A client generated from the served document, as a native-app developer would make one:
// openapi-typescript turns /api/openapi.json into types, test/client/flow.ts calls the API with
// openapi-fetch through them (submit ROM, look it up, claim it, a report of two codes, its PDF,
// the patient's scores). The flow must type-check in strict mode without a single cast, and
// then work against the real server.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { after, before, test } from "node:test";
import { pathToFileURL } from "node:url";
import openapiTS, { astToString } from "openapi-typescript";
import { apiClient } from "@/test/support/http";
import { startIdentityProvider, uniqueSub, type IdentityProvider } from "@/test/support/identity-provider";
import { startServer, type TestServer } from "@/test/support/server";

const CLIENT_DIR = join("test", "client");

let server: TestServer;
let idp: IdentityProvider;

before(async () => {
  idp = await startIdentityProvider();
  server = await startServer({ env: idp.env });
  const document = (await apiClient(server.origin).get("/openapi.json")).body;
  const types = astToString(await openapiTS(document));
  mkdirSync(join(CLIENT_DIR, "generated"), { recursive: true });
  writeFileSync(join(CLIENT_DIR, "generated", "api.d.ts"), types);
});

after(async () => {
  await server?.stop();
  await idp?.close();
});

test("the generated types say integer, boolean and the wire enumerations", () => {
  const types = readFileSync(join(CLIENT_DIR, "generated", "api.d.ts"), "utf8");
  assert.match(types, /limit\?: number;/);
  assert.match(types, /attention\?: boolean;/);
  assert.match(types, /AssessmentType: "ROM" \| "DEXTERITY" \| "PAIN" \| "ARTHRITIS" \| "THUMB" \| "QUICKDASH";/);
  assert.match(types, /normalRange\?: number\[\] \| null;/);
});

test("the flow type-checks in strict mode against the generated types, with no casts", () => {
  const code = readFileSync(join(CLIENT_DIR, "flow.ts"), "utf8").replace(/\/\/.*$/gm, "");
  assert.doesNotMatch(
    code,
    /\sas\s|(?<![\w.])<\w+>\s*[\w(]|\bany\b|[\w)\]]!(?!=)|@ts-/,
    "no casts, no non-null assertions, no any, no @ts- comments",
  );
  const tsc = spawnSync(process.execPath, [join("node_modules", "typescript", "bin", "tsc"), "-p", join(CLIENT_DIR, "tsconfig.json")], {
    encoding: "utf8",
  });
  assert.equal(tsc.status, 0, tsc.stdout + tsc.stderr);
});

test("the flow works against the server: submit, look up, claim, report of two, PDF, scores", async () => {
  const token = await idp.token({ sub: uniqueSub("native-app") });
  // Loaded by path: the flow's types exist only once this test has generated them.
  const flow: { runFlow(baseUrl: string, token: string): Promise<Record<string, unknown>> } = await import(
    pathToFileURL(resolve(CLIENT_DIR, "flow.ts")).href
  );
  const result = await flow.runFlow(`${server.origin}/api`, token);
  assert.equal(result.lookedUpType, "ROM");
  assert.match(String(result.claimedCode), /^[A-Z0-9]{3}-[A-Z0-9]{3}$/);
  assert.equal(result.reportCount, 2);
  assert.ok(Number(result.pdfBytes) > 1000, `${result.pdfBytes} bytes of PDF`);
  assert.equal(result.scoreTotal, 1, "both results fall on today");
  assert.equal(result.scoreCount, 1);
});
