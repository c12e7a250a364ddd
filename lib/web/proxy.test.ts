// The development sign-in and the same-origin proxy over HTTP against the real server: the
// session picks who the API sees, nobody signed in means 401 on guarded routes, and method,
// query and body arrive at the API unchanged.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { devSignIn } from "@/test/support/dev-sign-in";
import { sharedServer, type SharedServer } from "@/test/support/shared-server";

let server: SharedServer;

before(async () => {
  server = await sharedServer();
});
after(() => server.stop());

test("without a session, guarded routes are 401 and open routes work", async () => {
  const me = await fetch(`${server.origin}/api/proxy/patients/me`);
  assert.equal(me.status, 401);
  const health = await fetch(`${server.origin}/api/proxy/health`);
  assert.equal(health.status, 200);
  assert.equal(((await health.json()) as { status: string }).status, "ok");
});

test("the chosen persona is who the API sees, with that role only", async () => {
  const provider = await devSignIn(server.origin, "care_provider");
  const list = await fetch(`${server.origin}/api/proxy/patients?limit=5`, { headers: { cookie: provider } });
  assert.equal(list.status, 200);

  const patient = await devSignIn(server.origin, "patient");
  assert.equal((await fetch(`${server.origin}/api/proxy/patients`, { headers: { cookie: patient } })).status, 403);
  const me = await fetch(`${server.origin}/api/proxy/patients/me`, { headers: { cookie: patient } });
  assert.equal(me.status, 200);
  assert.equal(((await me.json()) as { name: string }).name, "Development Patient");
});

test("query and body are forwarded; the API's errors come back unchanged", async () => {
  const badLimit = await fetch(`${server.origin}/api/proxy/patients/me/scores?limit=-1`, {
    headers: { cookie: await devSignIn(server.origin, "patient") },
  });
  assert.equal(badLimit.status, 400);
  const lead = await fetch(`${server.origin}/api/proxy/leads/developer`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: "Robin", email: "robin@" }),
  });
  assert.equal(lead.status, 400);
  assert.equal(((await lead.json()) as { field: string }).field, "email");
});

test("the proxy does not reach itself or the sign-in routes, nor leave /api", async () => {
  for (const path of ["auth/session", "proxy/health", "..%2F..%2Fsignin"]) {
    assert.equal((await fetch(`${server.origin}/api/proxy/${path}`)).status, 404, path);
  }
});
