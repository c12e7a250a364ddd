// Row 8 of the abuse review: with AUTH0_DOMAIN set and AUTH0_AUDIENCE unset, any token of the
// tenant (other applications' ID tokens) was accepted, and tokens without `exp` never expired.
// The server now refuses to start with a domain and no audience, tokens must carry `exp` and
// `sub`, and web sign-in's variables are checked together at start.
// Own server: servers that must refuse to start (the token tests use the shared server).
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { apiClient } from "@/test/support/http";
import type { IdentityProvider } from "@/test/support/identity-provider";
import { sharedServerWithIdp, type SharedServer } from "@/test/support/shared-server";
import { startServer } from "@/test/support/server";

let idp: IdentityProvider;
let server: SharedServer;

before(async () => {
  ({ server, idp } = await sharedServerWithIdp());
});
after(async () => {
  await server?.stop();
  await idp?.close();
});

test("AUTH0_DOMAIN without AUTH0_AUDIENCE refuses to start, naming the variable", async () => {
  await assert.rejects(startServer({ env: { ...idp.env, AUTH0_AUDIENCE: undefined }, startTimeoutMs: 60_000 }), /AUTH0_AUDIENCE/);
});

test("a token without exp is refused (401)", async () => {
  const token = await idp.token({ omit: ["exp"] });
  const response = await apiClient(server.origin).get("/patients/me", { token });
  assert.equal(response.status, 401);
  assert.match(response.body.error, /exp/);
});

test("a token without sub is refused (401)", async () => {
  const token = await idp.token({ omit: ["sub"] });
  assert.equal((await apiClient(server.origin).get("/patients/me", { token })).status, 401);
});

test("a token for another audience is refused (401)", async () => {
  const token = await idp.token({ audience: "https://another-app.example" });
  assert.equal((await apiClient(server.origin).get("/patients/me", { token })).status, 401);
});

test("web sign-in half configured (client id without secret or session secret) refuses to start, naming what is missing", async () => {
  const started = startServer({
    env: { ...idp.env, AUTH0_CLIENT_ID: "web-app", AUTH0_CLIENT_SECRET: undefined, NEXTAUTH_SECRET: undefined },
    startTimeoutMs: 60_000,
  });
  await assert.rejects(started, (error: Error) => /AUTH0_CLIENT_SECRET/.test(error.message) && /NEXTAUTH_SECRET/.test(error.message));
});
