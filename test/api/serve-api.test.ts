// SERVE=api: the REST surface without Next. The API answers as in a full server; pages and the
// routes Next serves (web sessions) are a JSON 404, said once at start.
// Own server: SERVE=api, the API without Next.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { romBody } from "@/lib/assessments/examples";
import { checked } from "@/test/support/http";
import { startServer, type TestServer } from "@/test/support/server";

let server: TestServer;

before(async () => {
  server = await startServer({ env: { SERVE: "api" } });
});
after(() => server.stop());

test("the API answers: health, a submission and its lookup", async () => {
  assert.equal((await checked(server.origin, "GET", "/health", await fetch(`${server.origin}/api/health`))).status, 200);
  const created = await fetch(`${server.origin}/api/assessments/rom`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(romBody),
  });
  const made = await checked<{ code: string }>(server.origin, "POST", "/assessments/rom", created);
  assert.equal(made.status, 201);
  const { code } = made.body;
  const lookup = await fetch(`${server.origin}/api/lookup/${code}`);
  const read = await checked<{ viewCount: number }>(server.origin, "GET", `/lookup/${code}`, lookup);
  assert.equal(read.status, 200);
  assert.equal(read.body.viewCount, 1);
});

test("pages and Next's own API routes are a JSON 404 naming the API-only mode", async () => {
  for (const path of ["/", "/signin", "/api/auth/session", "/api/proxy/patients"]) {
    // contract: pages and Next's routes, which this mode does not serve
    const response = await fetch(`${server.origin}${path}`);
    assert.equal(response.status, 404, path);
    assert.match(response.headers.get("content-type") ?? "", /application\/json/, path);
    assert.match(((await response.json()) as { error: string }).error, /SERVE=api/, path);
  }
  assert.match(server.output(), /"serve":"api"[^\n]*listening on/);
});
