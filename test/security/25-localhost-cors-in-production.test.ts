// Issue 23, row 9 (CORS): a production server granted credentialed CORS to http://localhost:3000
// and :3002, so any page served on a visitor's own machine (a local dev server, a malicious
// desktop app's web view) could call the API with their cookies. Issue 38, row 10: refusing them
// CORS altogether broke what the spec permits, a client on those ports. In production they now get
// CORS without credentials: a client that sends its own bearer token works; cookies never ride.
// Own server: FRONTEND_URL of its own.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { checked } from "@/test/support/http";
import { startServer, type TestServer } from "@/test/support/server";

const PUBLIC = "https://hands.example";
const SPEC_LOCAL = ["http://localhost:3000", "http://localhost:3002"];

let server: TestServer;

before(async () => {
  server = await startServer({ env: { FRONTEND_URL: PUBLIC }, startTimeoutMs: 240_000 });
});
after(async () => {
  await server?.stop();
});

const preflight = (origin: string) =>
  fetch(`${server.origin}/api/patients/me`, {
    method: "OPTIONS",
    headers: { origin, "access-control-request-method": "GET", "access-control-request-headers": "authorization" },
  });

test("in production the spec's localhost origins get CORS for bearer tokens, never with credentials", async () => {
  for (const origin of SPEC_LOCAL) {
    const response = await preflight(origin);
    assert.equal(response.headers.get("access-control-allow-origin"), origin, origin);
    assert.match(response.headers.get("access-control-allow-headers") ?? "", /\bAuthorization\b/i, origin);
    assert.equal(response.headers.get("access-control-allow-credentials"), null, `${origin}: no credentials`);
    const plain = await checked(server.origin, "GET", "/health", await fetch(`${server.origin}/api/health`, { headers: { origin } }));
    assert.equal(plain.headers.get("access-control-allow-origin"), origin, origin);
    assert.equal(plain.headers.get("access-control-allow-credentials"), null, `${origin}: no credentials`);
  }
});

test("other loopback origins get no CORS; the configured frontend gets it with credentials", async () => {
  for (const origin of ["http://127.0.0.1:3000", "http://localhost:8080"]) {
    assert.equal((await preflight(origin)).headers.get("access-control-allow-origin"), null, origin);
  }
  const frontend = await preflight(PUBLIC);
  assert.equal(frontend.headers.get("access-control-allow-origin"), PUBLIC);
  assert.equal(frontend.headers.get("access-control-allow-credentials"), "true");
});
