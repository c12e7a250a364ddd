// SERVE=api: the REST surface without Next. The API answers as in a full server; pages and the
// routes Next serves (web sessions) are a JSON 404, said once at start.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { romBody } from "@/lib/assessments/examples";
import { startServer, type TestServer } from "@/test/support/server";

let server: TestServer;

before(async () => {
  server = await startServer({ env: { SERVE: "api" } });
});
after(() => server.stop());

test("the API answers: health, a submission and its lookup", async () => {
  assert.equal((await fetch(`${server.origin}/api/health`)).status, 200);
  const created = await fetch(`${server.origin}/api/assessments/rom`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(romBody),
  });
  assert.equal(created.status, 201);
  const { code } = (await created.json()) as { code: string };
  const lookup = await fetch(`${server.origin}/api/lookup/${code}`);
  assert.equal(lookup.status, 200);
  assert.equal(((await lookup.json()) as { viewCount: number }).viewCount, 1);
});

test("pages and Next's own API routes are a JSON 404 naming the API-only mode", async () => {
  for (const path of ["/", "/signin", "/api/auth/session", "/api/proxy/patients"]) {
    const response = await fetch(`${server.origin}${path}`);
    assert.equal(response.status, 404, path);
    assert.match(response.headers.get("content-type") ?? "", /application\/json/, path);
    assert.match(((await response.json()) as { error: string }).error, /SERVE=api/, path);
  }
  assert.match(server.output(), /"serve":"api"[^\n]*listening on/);
});
