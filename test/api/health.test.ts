// Own server: FRONTEND_URL and CORS origins of its own.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { apiClient, checked } from "@/test/support/http";
import { startServer, type TestServer } from "@/test/support/server";

let server: TestServer;
let api: ReturnType<typeof apiClient>;

before(async () => {
  server = await startServer({ env: { FRONTEND_URL: "https://app.example.com", CORS_ALLOWED_ORIGINS: "https://hosted.example.org" } });
  api = apiClient(server.origin);
});
after(() => server.stop());

test("GET /api/health answers status, an ISO 8601 UTC timestamp and the package version", async () => {
  const { status, body, headers } = await api.get("/health");
  assert.equal(status, 200);
  assert.equal(body.status, "ok");
  assert.match(body.timestamp, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  assert.ok(Math.abs(Date.parse(body.timestamp) - Date.now()) < 60_000);
  const { default: pkg } = await import("@/package.json", { with: { type: "json" } });
  assert.equal(body.version, pkg.version);
  assert.equal(headers.get("cache-control"), "no-store");
});

test("every response carries the server's own request id, whatever the client sent", async () => {
  const fresh = await api.get("/health");
  assert.match(fresh.headers.get("x-request-id")!, /^[0-9a-f-]{36}$/);
  const given = await api.get("/health", { headers: { "x-request-id": "trace-abc.123" } });
  assert.match(given.headers.get("x-request-id")!, /^[0-9a-f-]{36}$/);
  assert.notEqual(given.headers.get("x-request-id"), fresh.headers.get("x-request-id"));
  const hostile = await api.get("/health", { headers: { "x-request-id": "x".repeat(300) } });
  assert.match(hostile.headers.get("x-request-id")!, /^[0-9a-f-]{36}$/);
});

// Loopback origins get CORS only outside production (test/security/25-localhost-cors-in-production.test.ts).
for (const origin of ["https://app.example.com", "https://hosted.example.org"]) {
  test(`CORS allows ${origin}, and answers its preflight`, async () => {
    const simple = await api.get("/health", { headers: { origin } });
    assert.equal(simple.headers.get("access-control-allow-origin"), origin);
    const preflight = await fetch(`${server.origin}/api/assessments/rom`, {
      method: "OPTIONS",
      headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "authorization,content-type" },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get("access-control-allow-origin"), origin);
    assert.match(preflight.headers.get("access-control-allow-methods")!, /POST/);
    assert.match(preflight.headers.get("access-control-allow-headers")!, /Authorization/);
  });
}

test("other origins get no CORS headers", async () => {
  const simple = await api.get("/health", { headers: { origin: "https://evil.example.net" } });
  assert.equal(simple.status, 200);
  assert.equal(simple.headers.get("access-control-allow-origin"), null);
  const preflight = await fetch(`${server.origin}/api/health`, {
    method: "OPTIONS",
    headers: { origin: "https://evil.example.net", "access-control-request-method": "POST" },
  });
  assert.equal(preflight.headers.get("access-control-allow-origin"), null);
  assert.equal(preflight.headers.get("access-control-allow-methods"), null);
});

test("an /api path with no endpoint is a JSON 404, not a web page", async () => {
  for (const path of ["/api/nope", "/api/assessments/rom/extra", "/api/lookup"]) {
    // contract: paths no operation has
    const response = await fetch(`${server.origin}${path}`);
    assert.equal(response.status, 404, path);
    assert.match(response.headers.get("content-type") ?? "", /application\/json/, path);
    assert.match((await response.json()).error, /No API endpoint/, path);
  }
});

test("malformed JSON and wrong JSON types are 400 with the field, never 500", async () => {
  const malformed = await api.post("/assessments/pain", "{not json");
  assert.equal(malformed.status, 400);
  assert.equal(malformed.body.error, "Request body is not valid JSON");
  const wrongType = await api.post("/assessments/pain", { painRating: "seven" });
  assert.equal(wrongType.status, 400);
  assert.equal(wrongType.body.field, "painRating");
  assert.match(wrongType.body.error, /^painRating: Invalid input: expected number, received string$/, "a wrong type is not called missing");
  assert.doesNotMatch(wrongType.body.error, /seven/, "the value sent is not echoed");
  const notAnObject = await api.post("/assessments/pain", [1, 2, 3]);
  assert.equal(notAnObject.status, 400);
  const missing = await api.post("/assessments/pain", {});
  assert.equal(missing.status, 400);
  assert.equal(missing.body.field, "painRating");
  assert.match(missing.body.error, /painRating: is required/);
});

test("bodies over 1 MiB are 413, by Content-Length and while reading a chunked body", async () => {
  const big = JSON.stringify({ painRating: 5, comments: "x".repeat(1024 * 1024 + 10) });
  const declared = await api.post("/assessments/pain", big);
  assert.equal(declared.status, 413);
  const chunks = [Buffer.from('{"painRating":5,"comments":"'), Buffer.alloc(1024 * 1024 + 10, "y"), Buffer.from('"}')];
  const streamed = await fetch(`${server.origin}/api/assessments/pain`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: new ReadableStream({
      pull(controller) {
        const next = chunks.shift();
        if (next) controller.enqueue(next);
        else controller.close();
      },
    }),
    duplex: "half",
  } as RequestInit);
  assert.equal((await checked(server.origin, "POST", "/assessments/pain", streamed)).status, 413);
});

test("POST /api/assessments/pain (legacy) echoes the rating with a UUID, dateCreated and isComplete", async () => {
  const input = { painRating: 7, isTakingMedication: true, isElevating: false, isResting: true, comments: "after typing" };
  const { status, body } = await api.post("/assessments/pain", input);
  assert.equal(status, 201);
  assert.deepEqual(
    { ...body, id: undefined, dateCreated: undefined },
    { ...input, id: undefined, dateCreated: undefined, isComplete: true },
  );
  assert.match(body.id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  assert.ok(!Number.isNaN(Date.parse(body.dateCreated)));
  for (const painRating of [-1, 10.5, 11]) {
    const bad = await api.post("/assessments/pain", { painRating });
    assert.equal(bad.status, 400, String(painRating));
    assert.equal(bad.body.field, "painRating");
  }
});
