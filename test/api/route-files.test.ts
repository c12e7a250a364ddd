// The rules the API router relies on (lib/http/api-router.ts), checked on every route file under
// app/api: it exports only handle()-made handlers, one per method, each carrying the contract of
// its own path and method; it imports nothing from next/* and has no segment config. The files
// Next serves are the router's short list, and only those.
// Runs from source: it imports each route file by path, with the modules this file imports too.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, sep } from "node:path";
import { pathToFileURL } from "node:url";
import { test } from "node:test";
import { isPlainHandler } from "@/lib/http/route";
import { NEXT_SERVED } from "@/lib/http/api-router";
import { kindRouteFiles } from "@/lib/http/kind-route";

const API_DIR = join(process.cwd(), "app", "api");
const files = readdirSync(API_DIR, { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith("route.ts"))
  .map((file) => file.split(sep).join("/"))
  .sort();

/** app/api/lookup/[code]/claim/route.ts → /lookup/{code}/claim (a catch-all [...x] → {x}). */
const contractPath = (file: string) =>
  "/" +
  file
    .split("/")
    .slice(0, -1)
    .map((segment) => segment.replace(/^\[(?:\.\.\.)?(\w+)\]$/, "{$1}"))
    .join("/");

test("there are route files, and the Next-served ones exist", () => {
  assert.ok(files.length > 40, `${files.length} route files`);
  for (const file of NEXT_SERVED) assert.ok(files.includes(file), `${file} is on the list and exists`);
});

test("every kind submitted to its own path has the one-line route scripts/kinds.ts writes", () => {
  const routes = kindRouteFiles();
  assert.ok(
    routes.some(({ type }) => type === "PRWE"),
    "PRWE is submitted to its own path",
  );
  for (const { file, source } of routes) assert.equal(readFileSync(join(process.cwd(), file), "utf8"), source, file);
});

for (const file of files) {
  const nextServed = NEXT_SERVED.includes(file);
  test(`${file}: ${nextServed ? "served by Next (on the router's list)" : "only handle()-made handlers of its own contracts"}`, async () => {
    const source = readFileSync(join(API_DIR, file), "utf8");
    const exported = (await import(pathToFileURL(join(API_DIR, file)).href)) as Record<string, unknown>;
    if (nextServed) {
      assert.ok(
        Object.values(exported).every((value) => !isPlainHandler(value)),
        "a Next-served file has no handle()-made handler",
      );
      return;
    }
    assert.doesNotMatch(source, /from\s+["']next(\/|["'])/, "imports nothing from next/*");
    const exports = Object.keys(exported);
    assert.ok(exports.length > 0);
    for (const name of exports) {
      const handler = exported[name];
      assert.ok(isPlainHandler(handler), `export ${name} is a handle()-made handler (no segment config, no other exports)`);
      assert.equal(handler.endpoint.method, name, `export ${name} serves its contract's method`);
      assert.equal(handler.endpoint.path, contractPath(file), `export ${name} serves its contract's path`);
    }
  });
}
