// Upstreams gone or stalled, where the other suites do not already cover it: a mail API that
// accepts the connection and never answers, and a payment provider where nothing listens.
// (Covered elsewhere: biomechanics slow/unreachable/dropped → 502 in biomechanics.test.ts; the
// model failing or slower than LLM_TIMEOUT_MS → template fallback in patients.test.ts and
// reports.test.ts; mail refused → 500 in lookup.test.ts and leads.test.ts; Stripe errors → 502
// in billing.test.ts.) Each answer is the documented error, and nothing hangs.
// Own server: mail, Stripe and model upstreams that stall or refuse.
import assert from "node:assert/strict";
import { createServer, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { after, before, test } from "node:test";
import { romBody } from "@/lib/assessments/examples";
import { apiClient, checked } from "@/test/support/http";
import { startIdentityProvider, uniqueSub, type IdentityProvider } from "@/test/support/identity-provider";
import { startServer, type TestServer } from "@/test/support/server";
import { PRICE_CORE, PRICE_PLUS, STRIPE_TEST_KEY, STRIPE_WEBHOOK_SECRET } from "@/test/support/stripe";

let stalled: Server;
const stalledSockets = new Set<Socket>();
let idp: IdentityProvider;
let server: TestServer;
let api: ReturnType<typeof apiClient>;

before(async () => {
  // Accepts connections and never answers: a stalled upstream.
  stalled = createServer((socket) => {
    stalledSockets.add(socket);
    socket.on("close", () => stalledSockets.delete(socket));
  });
  await new Promise<void>((resolve) => stalled.listen(0, "127.0.0.1", resolve));
  const stalledUrl = `http://127.0.0.1:${(stalled.address() as AddressInfo).port}`;
  idp = await startIdentityProvider();
  server = await startServer({
    env: {
      ...idp.env,
      RESEND_API_KEY: "re_test_key",
      RESEND_BASE_URL: stalledUrl,
      // Port 1: nothing listens there, connections are refused.
      STRIPE_SECRET_KEY: STRIPE_TEST_KEY,
      STRIPE_WEBHOOK_SECRET,
      STRIPE_PRICE_CORE: PRICE_CORE,
      STRIPE_PRICE_PLUS: PRICE_PLUS,
      STRIPE_API_BASE_URL: "http://127.0.0.1:1",
      LOG_LEVEL: "warn",
    },
  });
  api = apiClient(server.origin);
});
after(async () => {
  await server?.stop();
  for (const socket of stalledSockets) socket.destroy();
  await new Promise((resolve) => stalled?.close(resolve));
  await idp?.close();
});

/**
 * The mail time limit operations.md promises (10 s), written here rather than imported: a test
 * that read the constant it guards would follow it to any value.
 */
const DOCUMENTED_MAIL_TIMEOUT_MS = 10_000;

/** Fails when the service has not answered well after the upstream's time limit. */
const notHanging = (limitMs: number) => ({ signal: AbortSignal.timeout(limitMs) });

test("a mail API that never answers: e-mailing a code is the documented 500 { error } after the mail time limit, not a hang", async () => {
  const created = await api.post("/assessments/rom", romBody);
  assert.equal(created.status, 201);
  const { signal } = notHanging(DOCUMENTED_MAIL_TIMEOUT_MS + 15_000);
  const path = `/lookup/${created.body.code}/email`;
  const response = await checked(
    server.origin,
    "POST",
    path,
    await fetch(`${server.origin}/api${path}`, {
      method: "POST",
      signal,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "patient@example.com" }),
    }),
  );
  assert.equal(response.status, 500);
  assert.equal(typeof (response.body as { error?: unknown }).error, "string");
  // The service itself is unaffected.
  assert.equal((await api.get("/health")).status, 200);
});

test("a payment provider where nothing listens: checkout and the subscription read are 502 { error }, not a hang", async () => {
  const token = await idp.token({ sub: uniqueSub("payer"), roles: ["patient"], email: "payer@example.com" });
  const checkout = await api.post("/billing/checkout", { plan: "core" }, { token });
  assert.equal(checkout.status, 502);
  assert.equal(typeof checkout.body.error, "string");
  const portal = await api.post("/billing/portal", undefined, { token });
  assert.ok([400, 502].includes(portal.status), `portal → ${portal.status}`);
});
