// The API router's matching, without a server: which route file a path reaches, with which
// params, in Next's order of precedence.
import assert from "node:assert/strict";
import { sep } from "node:path";
import { test } from "node:test";
import { apiSegments, compileRoutes, findRoute } from "@/lib/http/api-router";

const files = [
  "route.ts",
  "lookup/[code]/route.ts",
  "lookup/anonymous/route.ts",
  "lookup/[code]/claim/route.ts",
  "fhir/[...path]/route.ts",
  "fhir/Patient/[id]/route.ts",
  "fhir/Patient/[id]/$everything/route.ts",
  "docs/[[...slug]]/route.ts",
  "(group)/grouped/route.ts",
  "proxy/[...path]/route.ts",
  "auth/[...nextauth]/route.ts",
  "lookup/README.md",
].map((file) => file.split("/").join(sep));
const routes = compileRoutes("/app/api", files);

function reach(url: string) {
  const parts = apiSegments(url);
  if (!parts) return null;
  const found = findRoute(routes, parts);
  return found && { file: found.route.file.replace("/app/api/", ""), params: found.params, next: found.route.next };
}

test("static segments beat [params], which beat [...catch-alls]", () => {
  assert.deepEqual(reach("/api/lookup/anonymous"), { file: "lookup/anonymous/route.ts", params: {}, next: false });
  assert.deepEqual(reach("/api/lookup/ABC234"), { file: "lookup/[code]/route.ts", params: { code: "ABC234" }, next: false });
  assert.deepEqual(reach("/api/lookup/ABC234/claim"), { file: "lookup/[code]/claim/route.ts", params: { code: "ABC234" }, next: false });
  assert.deepEqual(reach("/api/fhir/Patient/7"), { file: "fhir/Patient/[id]/route.ts", params: { id: "7" }, next: false });
  assert.deepEqual(reach("/api/fhir/Patient/7/$everything"), {
    file: "fhir/Patient/[id]/$everything/route.ts",
    params: { id: "7" },
    next: false,
  });
  assert.deepEqual(reach("/api/fhir/Encounter/7/_history"), {
    file: "fhir/[...path]/route.ts",
    params: { path: ["Encounter", "7", "_history"] },
    next: false,
  });
});

test("an optional catch-all matches with and without segments; (group) folders add nothing", () => {
  assert.deepEqual(reach("/api/docs")?.params, {});
  assert.deepEqual(reach("/api/docs/a/b")?.params, { slug: ["a", "b"] });
  assert.equal(reach("/api/grouped")?.file, "(group)/grouped/route.ts");
});

test("no route: one segment too many or too few, or a path outside /api", () => {
  assert.equal(reach("/api/lookup/ABC234/claim/extra"), null);
  assert.equal(reach("/api/nothing-here"), null);
  assert.equal(apiSegments("/lookup/ABC234"), null, "pages are Next's");
});

test("params are percent-decoded; the query string is not part of the path", () => {
  assert.deepEqual(reach("/api/lookup/ABC%2D234?x=1")?.params, { code: "ABC-234" });
  assert.deepEqual(reach("/api/lookup/%E2%9C%93")?.params, { code: "✓" });
});

test("trailing slashes, empty segments and broken encoding are left to Next (it redirects or refuses)", () => {
  assert.equal(apiSegments("/api/lookup/ABC234/"), null);
  assert.equal(apiSegments("/api//lookup"), null);
  assert.equal(apiSegments("/api/lookup/%E0%A4%A"), null);
});

test("next-auth and the same-origin proxy are marked as Next's to serve", () => {
  assert.equal(reach("/api/proxy/lookup/ABC234")?.next, true);
  assert.equal(reach("/api/auth/session")?.next, true);
  assert.equal(reach("/api/lookup/ABC234")?.next, false);
});

test("the compiled server's route.mjs files route alike, and Next's own routes still go to Next", () => {
  const compiled = compileRoutes(
    "/dist/app/api",
    ["lookup/[code]/route.mjs", "lookup/[code]/route.mjs.map", "fhir/[...path]/route.mjs"].map((file) => file.split("/").join(sep)),
  );
  const reachCompiled = (url: string) => {
    const found = findRoute(compiled, apiSegments(url)!);
    return found && { file: found.route.file.replace("/dist/app/api/", ""), next: found.route.next };
  };
  assert.deepEqual(reachCompiled("/api/lookup/ABC234"), { file: "lookup/[code]/route.mjs", next: false });
  assert.deepEqual(reachCompiled("/api/auth/session"), { file: "auth/[...nextauth]/route.ts", next: true });
  assert.deepEqual(reachCompiled("/api/proxy/patients"), { file: "proxy/[...path]/route.ts", next: true });
  assert.equal(reachCompiled("/api/nothing"), null);
});
