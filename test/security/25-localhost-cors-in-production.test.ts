// Issue 23, row 9 (CORS): a production server granted credentialed CORS to http://localhost:3000
// and :3002, so any page served on a visitor's own machine (a local dev server, a malicious
// desktop app's web view) could call the API with their cookies. Loopback origins now get CORS
// only outside production.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { startServer, type TestServer } from "@/test/support/server";

const PUBLIC = "https://hands.example";

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

test("in production localhost origins get no CORS; the configured frontend does", async () => {
  for (const origin of ["http://localhost:3000", "http://localhost:3002", "http://127.0.0.1:3000"]) {
    const response = await preflight(origin);
    assert.equal(response.headers.get("access-control-allow-origin"), null, origin);
    const plain = await fetch(`${server.origin}/api/health`, { headers: { origin } });
    assert.equal(plain.headers.get("access-control-allow-origin"), null, origin);
  }
  assert.equal((await preflight(PUBLIC)).headers.get("access-control-allow-origin"), PUBLIC);
});
