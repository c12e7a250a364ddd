// Round 3, row 3: /signin?callbackUrl=/.//evil.example/phish answered a signed-in browser with
// "307 location: //evil.example/phish" (a dot segment normalised away leaves a scheme-relative
// URL). The callback is now a same-origin path that no reader can take for another origin, or
// the dashboard (lib/web/callback-url.ts has the full table of hostile forms).
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { devSignIn } from "@/test/support/dev-sign-in";
import { sharedServer, type SharedServer } from "@/test/support/shared-server";

let server: SharedServer;
let session: string;

before(async () => {
  server = await sharedServer();
  session = await devSignIn(server.origin, "patient");
});
after(() => server?.stop());

/** Where /signin sends the signed-in browser for `callbackUrl`. */
async function redirectFor(callbackUrl: string): Promise<string> {
  const response = await fetch(`${server.origin}/signin?callbackUrl=${encodeURIComponent(callbackUrl)}`, {
    headers: { cookie: session },
    redirect: "manual",
  });
  assert.equal(response.status, 307, `status for ${JSON.stringify(callbackUrl)}`);
  return response.headers.get("location")!;
}

for (const hostile of [
  "/.//evil.example/phish",
  "//evil.example/phish",
  "/\\evil.example/phish",
  "/%2F%2Fevil.example",
  "/\t/evil.example",
]) {
  test(`a signed-in browser is not sent off-site by ${JSON.stringify(hostile)}`, async () => {
    const location = await redirectFor(hostile);
    assert.equal(new URL(location, server.origin).origin, server.origin, `location ${location}`);
    assert.match(location, /^(\/dashboard|https?:\/\/127\.0\.0\.1:\d+\/dashboard)$/);
  });
}

test("a same-site callback is still honoured", async () => {
  const location = await redirectFor("/a/ABC-DEF?tab=results");
  assert.equal(new URL(location, server.origin).pathname + new URL(location, server.origin).search, "/a/ABC-DEF?tab=results");
});
