// Issue 23, row 9 (API-only mode): with an identity provider for API tokens (AUTH0_DOMAIN) but
// none of the web sign-in variables, every page answered 500: the public pages a patient opens
// from an e-mail (/, /a/CODE, /r/CODE) were down. They are served now, with sign-in disabled,
// the sign-in page saying so, and the start-up log naming the mode.
// Own server: web sign-in unconfigured: the API-only mode is its subject.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { romBody } from "@/lib/assessments/examples";
import { apiClient } from "@/test/support/http";
import { startIdentityProvider, type IdentityProvider } from "@/test/support/identity-provider";
import { startServer, type TestServer } from "@/test/support/server";

let idp: IdentityProvider;
let server: TestServer;

before(async () => {
  idp = await startIdentityProvider();
  server = await startServer({
    env: { ...idp.env, AUTH0_CLIENT_ID: undefined, AUTH0_CLIENT_SECRET: undefined, NEXTAUTH_URL: undefined, NEXTAUTH_SECRET: undefined },
    startTimeoutMs: 240_000,
  });
});
after(async () => {
  await server?.stop();
  await idp?.close();
});

test("the public pages are served and sign-in is disabled, said at start", async () => {
  const api = apiClient(server.origin);
  const { code, formattedCode } = (await api.post("/assessments/rom", romBody)).body;
  const report = (await api.post("/reports", { title: "Shared", assessmentCodes: [code] })).body;
  for (const path of ["/", `/a/${formattedCode ?? code}`, `/r/${report.formattedCode}`]) {
    // contract: pages, not the API
    const page = await fetch(`${server.origin}${path}`);
    assert.equal(page.status, 200, path);
    assert.doesNotMatch(await page.text(), /href="\/signin/, `${path} offers no sign-in`);
  }
  const signin = await fetch(`${server.origin}/signin`);
  assert.equal(signin.status, 200);
  assert.match(await signin.text(), /sign-in is not available on this server/i);
  assert.match(server.output(), /web sign-in is disabled/i);
});
