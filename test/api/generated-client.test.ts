// A client generated from the served document, as a native-app developer would make one:
// openapi-typescript turns /api/openapi.json into types, test/client/flow.ts calls the API with
// openapi-fetch through them (submit ROM, look it up, claim it, a report of two codes, its PDF,
// the patient's scores; a QuickDASH whose snapshot it narrows by assessmentType). The flow must type-check in strict mode without a single cast, and
// then work against the real server.
// Runs from source: it imports test/client/flow.ts by path, once the types are generated.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { after, before, test } from "node:test";
import { pathToFileURL } from "node:url";
import openapiTS, { astToString } from "openapi-typescript";
import { apiClient } from "@/test/support/http";
import { uniqueSub, type IdentityProvider } from "@/test/support/identity-provider";
import { sharedServerWithIdp, type SharedServer } from "@/test/support/shared-server";

const CLIENT_DIR = join("test", "client");

let server: SharedServer;
let idp: IdentityProvider;

before(async () => {
  ({ server, idp } = await sharedServerWithIdp());
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
  assert.match(types, /AssessmentType: "ROM" \| "DEXTERITY" \| "PAIN" \| "ARTHRITIS" \| "THUMB" \| "QUICKDASH" \| "GRIP" \| "PRWE";/);
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

test("a lookup's snapshot is one kind's only once assessmentType says which: read unnarrowed, it does not type-check", () => {
  const dir = join(CLIENT_DIR, "generated");
  writeFileSync(
    join(dir, "unnarrowed.ts"),
    [
      'import type { paths } from "./api.js";',
      'type Lookup = paths["/lookup/{code}"]["get"]["responses"][200]["content"]["application/json"];',
      "export const disability = (record: Lookup): number => record.resultSnapshot.quickDashScore;",
      'export const narrowed = (record: Lookup): number | null => (record.assessmentType === "QUICKDASH" ? record.resultSnapshot.quickDashScore : null);',
      "",
    ].join("\n"),
  );
  const options = JSON.parse(readFileSync(join(CLIENT_DIR, "tsconfig.json"), "utf8")) as { compilerOptions: object };
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: options.compilerOptions, files: ["unnarrowed.ts"] }));
  const tsc = spawnSync(process.execPath, [join("node_modules", "typescript", "bin", "tsc"), "-p", join(dir, "tsconfig.json")], {
    encoding: "utf8",
  });
  const errors = tsc.stdout.split("\n").filter((line) => line.includes("error TS"));
  assert.equal(errors.length, 1, tsc.stdout);
  // Line 3 reads the member unnarrowed (not every kind has it: absent from a closed snapshot, unknown in an open one); line 4, narrowed, compiles.
  assert.match(
    errors[0]!,
    /unnarrowed\.ts\(3,\d+\): error (TS2339: Property 'quickDashScore' does not exist|TS2322: Type 'unknown' is not assignable to type 'number')/,
  );
});

test("the flow works against the server: submit, look up, claim, report of two, PDF, scores", async () => {
  const token = await idp.token({ sub: uniqueSub("native-app") });
  // Loaded by path: the flow's types exist only once this test has generated them.
  const flow: { runFlow(baseUrl: string, token: string): Promise<Record<string, unknown>> } = await import(
    pathToFileURL(resolve(CLIENT_DIR, "flow.ts")).href
  );
  const result = await flow.runFlow(`${server.origin}/api`, token);
  assert.equal(result.lookedUpType, "ROM");
  assert.equal(result.lookedUpFigure, "wrist 80");
  // (2+3+1+4+2+3+2+1+5+2)/10 = 2.5 → (2.5 − 1) × 25 = 37.5
  assert.equal(result.questionnaireFigure, "QuickDASH 37.50 over 10 items");
  assert.match(String(result.claimedCode), /^[A-Z0-9]{3}-[A-Z0-9]{3}$/);
  assert.equal(result.reportCount, 2);
  assert.ok(Number(result.pdfBytes) > 1000, `${result.pdfBytes} bytes of PDF`);
  assert.equal(result.scoreTotal, 1, "both results fall on today");
  assert.equal(result.scoreCount, 1);
});
