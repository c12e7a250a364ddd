// The biomechanics proxy: every path of the specification's table reaches its upstream path
// with the body unchanged, upstream JSON comes back unchanged, and every upstream failure is a
// 502 (never a hang, never a 500).
// Own server: each server has another biomechanics upstream: working, unset, unreachable.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { apiClient, checked } from "@/test/support/http";
import { startServer, type TestServer } from "@/test/support/server";
import { sendJson, startStandIn, type StandIn, type StandInHandler } from "@/test/support/stand-in";

/** The specification's table, restated here on purpose: the test checks the code against it. */
const TABLE: [string, string][] = [
  ["/biomechanics/wrist/deviation", "/v1/wrist/deviation"],
  ["/biomechanics/wrist/deviation/neutral-pose", "/v1/wrist/deviation/neutral-pose"],
  ["/biomechanics/wrist/extension-flexion", "/v1/wrist/extensionflexion"],
  ["/biomechanics/wrist/extension-flexion/neutral-pose", "/v1/wrist/extensionflexion/neutral-pose"],
  ["/biomechanics/wrist/rotation", "/v1/wrist/rotation"],
  ["/biomechanics/wrist/rotation/neutral-pose", "/v1/wrist/rotation/neutral-pose"],
  ["/biomechanics/thumb/abduction", "/v1/thumb/abduction"],
  ["/biomechanics/thumb/circumduction", "/v1/thumb/circumduction"],
  ["/biomechanics/thumb/extension-flexion", "/v1/thumb/extensionflexion"],
];

const echo: StandInHandler = (request, res) => sendJson(res, 200, { upstreamPath: request.path, bytes: request.body.length });

let upstream: StandIn;
let server: TestServer;
let unconfigured: TestServer;
let unreachable: TestServer;
let api: ReturnType<typeof apiClient>;

before(async () => {
  upstream = await startStandIn(echo);
  const nobody = await startStandIn(echo);
  await nobody.close();
  // One after the other: starting servers is CPU-heavy, and the machine may be busy.
  // A trailing slash on the base address must not double the slash.
  server = await startServer({ env: { PYTHON_API_URL: `${upstream.url}/`, BIOMECHANICS_TIMEOUT_MS: "1000" } });
  unconfigured = await startServer({ env: { PYTHON_API_URL: undefined } });
  unreachable = await startServer({ env: { PYTHON_API_URL: nobody.url } });
  api = apiClient(server.origin);
});
after(async () => {
  await Promise.all([server?.stop(), unconfigured?.stop(), unreachable?.stop()]);
  await upstream?.close();
});

function reset(handler: StandInHandler = echo): void {
  upstream.setHandler(handler);
  upstream.requests.length = 0;
}

for (const [path, upstreamPath] of TABLE) {
  test(`POST /api${path} forwards the body unchanged to ${upstreamPath} and returns the answer unchanged`, async () => {
    const answer = `{ "angles":[12.5, -3.25], "path":"${upstreamPath}",\n "nested": {"ok": true} }`;
    reset((request, res) => {
      res.statusCode = 200;
      res.setHeader("content-type", "application/json");
      res.end(request.path === upstreamPath ? answer : "{}");
    });
    // Odd spacing and key order: the upstream must see exactly these bytes.
    const sent = `{"frames": [ {"t":0,"landmarks":[[0.1,0.2,0.3]]} ],  "hand":"LEFT", "path": "${path}"}`;
    const response = await fetch(`${server.origin}/api${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: sent,
    });
    assert.equal(response.status, 200);
    assert.match(response.headers.get("content-type")!, /^application\/json/);
    await checked(server.origin, "POST", path, response.clone());
    assert.equal(await response.text(), answer);
    assert.equal(upstream.requests.length, 1);
    const [forwarded] = upstream.requests;
    assert.equal(forwarded!.method, "POST");
    assert.equal(forwarded!.path, upstreamPath);
    assert.equal(forwarded!.body, sent);
    assert.match(forwarded!.headers["content-type"]!, /^application\/json/);
  });
}

test("an upstream 2xx status other than 200 is passed on with its JSON", async () => {
  reset((_request, res) => sendJson(res, 201, { created: true }));
  const { status, body } = await api.post("/biomechanics/thumb/abduction", { frames: [] });
  assert.equal(status, 201);
  assert.deepEqual(body, { created: true });
});

for (const upstreamStatus of [400, 404, 422, 500, 503]) {
  test(`an upstream ${upstreamStatus} is a 502 with an error message`, async () => {
    reset((_request, res) => sendJson(res, upstreamStatus, { detail: "upstream says no" }));
    const { status, body } = await api.post("/biomechanics/wrist/rotation", { frames: [] });
    assert.equal(status, 502);
    assert.equal(body.error, `Biomechanics analysis service answered ${upstreamStatus}`);
    assert.equal(body.detail, undefined);
  });
}

test("an upstream answer that is not JSON is a 502", async () => {
  for (const [contentType, text] of [
    ["text/html", "<html>oops</html>"],
    ["application/json", "{truncated"],
    ["application/json", ""],
  ]) {
    reset((_request, res) => {
      res.setHeader("content-type", contentType!);
      res.end(text);
    });
    const { status, body } = await api.post("/biomechanics/wrist/deviation", { frames: [] });
    assert.equal(status, 502, `${contentType} ${JSON.stringify(text)}`);
    assert.match(body.error, /other than JSON/);
  }
});

test("an upstream slower than BIOMECHANICS_TIMEOUT_MS is a 502, not a hang", async () => {
  reset(async (_request, res) => {
    await new Promise((resolve) => setTimeout(resolve, 3000));
    if (!res.destroyed) sendJson(res, 200, { late: true });
  });
  const { status, body } = await api.post("/biomechanics/wrist/deviation", { frames: [] });
  assert.equal(status, 502);
  assert.equal(body.error, "Biomechanics analysis service did not answer within 1 s");
});

test("an upstream that drops the connection is a 502 (unreachable)", async () => {
  reset((_request, res) => {
    res.socket?.destroy();
  });
  const { status, body } = await api.post("/biomechanics/wrist/deviation", { frames: [] });
  assert.equal(status, 502);
  assert.equal(body.error, "Biomechanics analysis service is unreachable");
});

test("an upstream address where nothing listens is a 502 (unreachable)", async () => {
  const { status, body } = await apiClient(unreachable.origin).post("/biomechanics/thumb/circumduction", { frames: [] });
  assert.equal(status, 502);
  assert.equal(body.error, "Biomechanics analysis service is unreachable");
});

test("without PYTHON_API_URL every path is a 502 saying so", async () => {
  for (const [path] of TABLE) {
    const { status, body } = await apiClient(unconfigured.origin).post(path, { frames: [] });
    assert.equal(status, 502, path);
    assert.equal(body.error, "Biomechanics analysis service is not configured");
  }
});

test("bodies up to 8 MiB are forwarded; larger ones are 413 and never reach the upstream", async () => {
  reset();
  const limit = 8 * 1024 * 1024;
  const wrap = (size: number) => `{"frames":"${"x".repeat(size - 13)}"}`;
  const fits = wrap(limit);
  assert.equal(Buffer.byteLength(fits), limit);
  const ok = await api.post("/biomechanics/wrist/extension-flexion", fits);
  assert.equal(ok.status, 200);
  assert.equal(ok.body.bytes, limit);

  reset();
  const tooLarge = await api.post("/biomechanics/wrist/extension-flexion", wrap(limit + 1));
  assert.equal(tooLarge.status, 413);
  assert.equal(upstream.requests.length, 0);
});

test("a malformed JSON body is a 400 and never reaches the upstream", async () => {
  reset();
  const { status, body } = await api.post("/biomechanics/wrist/deviation", "{frames: [");
  assert.equal(status, 400);
  assert.equal(body.error, "Request body is not valid JSON");
  assert.equal(upstream.requests.length, 0);
});

test("a path outside the table is a 404 and never reaches the upstream; GET is not a method here", async () => {
  reset();
  // Probes of what the API does not have: no documented operation to check them against.
  const unknown = await api.post("/biomechanics/wrist/pronation", { frames: [] }, { unchecked: true });
  assert.equal(unknown.status, 404);
  assert.match(unknown.body.error, /No API endpoint at this path/);
  const get = await api.get("/biomechanics/wrist/deviation", { unchecked: true });
  assert.equal(get.status, 405);
  assert.equal(get.headers.get("allow"), "POST, OPTIONS");
  assert.equal(upstream.requests.length, 0);
});
