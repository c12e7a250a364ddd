// Bearer tokens against a loopback identity provider (real key set over HTTP, tokens signed here).
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { startIdentityProvider, type IdentityProvider } from "@/test/support/identity-provider";

let idp: IdentityProvider;
let tokens: typeof import("@/lib/auth/tokens");
let ApiError: typeof import("@/lib/api/errors").ApiError;
let config: ReturnType<typeof import("@/lib/env").env>;

before(async () => {
  idp = await startIdentityProvider();
  Object.assign(process.env, idp.env);
  tokens = await import("@/lib/auth/tokens");
  ({ ApiError } = await import("@/lib/api/errors"));
  config = (await import("@/lib/env")).env();
});
after(() => idp.close());

async function refusal(promise: Promise<unknown>): Promise<[number, string]> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof ApiError, String(error));
    return [error.status, error.message];
  }
  assert.fail("expected the token to be refused");
}

test("the issuer is AUTH0_ISSUER_BASE_URL with exactly one trailing slash, else https://<AUTH0_DOMAIN>/", () => {
  const saved = { base: config.AUTH0_ISSUER_BASE_URL, domain: config.AUTH0_DOMAIN };
  try {
    for (const [base, expected] of [
      ["https://id.example.com", "https://id.example.com/"],
      ["https://id.example.com/", "https://id.example.com/"],
      ["https://id.example.com///", "https://id.example.com/"],
      ["https://id.example.com/tenant/", "https://id.example.com/tenant/"],
    ]) {
      config.AUTH0_ISSUER_BASE_URL = base;
      assert.equal(tokens.issuer(), expected);
    }
    config.AUTH0_ISSUER_BASE_URL = undefined;
    config.AUTH0_DOMAIN = "tenant.eu.auth0.com";
    assert.equal(tokens.issuer(), "https://tenant.eu.auth0.com/");
  } finally {
    config.AUTH0_ISSUER_BASE_URL = saved.base;
    config.AUTH0_DOMAIN = saved.domain;
  }
});

test("the bearer token is read from 'Bearer <token>' in any case; anything else is no token", () => {
  assert.equal(tokens.bearerToken("Bearer abc.def"), "abc.def");
  assert.equal(tokens.bearerToken("bearer abc"), "abc");
  assert.equal(tokens.bearerToken("BEARER   abc  "), "abc");
  for (const header of [null, "", "Bearer", "Bearer ", "Bearer a b", "Basic abc", "xBearer abc", "Bearerabc", " Bearer abc"]) {
    assert.equal(tokens.bearerToken(header), null, String(header));
  }
});

test("a valid token gives the subject, e-mail, name and the known roles it names", async () => {
  const token = await idp.token({
    sub: "test|tok",
    email: "tok@example.com",
    name: "Tok",
    roles: ["patient", "superuser", "admin", "Admin"],
  });
  assert.deepEqual(await tokens.verifyToken(token), {
    sub: "test|tok",
    email: "tok@example.com",
    name: "Tok",
    roles: ["patient", "admin"],
  });
});

test("absent e-mail and name are null; no roles claim means no roles", async () => {
  const token = await idp.token({ sub: "test|bare", roles: [] });
  assert.deepEqual(await tokens.verifyToken(token), { sub: "test|bare", email: null, name: null, roles: [] });
  const saved = config.AUTH0_ROLES_CLAIM;
  config.AUTH0_ROLES_CLAIM = "https://other.example/roles";
  try {
    assert.deepEqual((await tokens.verifyToken(await idp.token({ roles: ["admin"] }))).roles, []);
  } finally {
    config.AUTH0_ROLES_CLAIM = saved;
  }
});

test("tokens without exp or sub are refused with 401", async () => {
  const [status, message] = await refusal(tokens.verifyToken(await idp.token({ omit: ["exp"] })));
  assert.equal(status, 401);
  assert.match(message, /^Invalid token: .*exp/);
  const [noSub] = await refusal(tokens.verifyToken(await idp.token({ omit: ["sub"] })));
  assert.equal(noSub, 401);
  assert.deepEqual(await refusal(tokens.verifyToken(await idp.token({ sub: "" }))), [401, "Token has no subject (sub)"]);
  const [other, otherMessage] = await refusal(tokens.verifyToken("a.b.c"));
  assert.equal(other, 401);
  assert.match(otherMessage, /^Invalid token: /);
});

test("an unreachable key set is 503 with its own message", async () => {
  const saved = config.AUTH0_ISSUER_BASE_URL;
  config.AUTH0_ISSUER_BASE_URL = "http://127.0.0.1:9/";
  try {
    const token = await idp.token({ issuer: "http://127.0.0.1:9/" });
    assert.deepEqual(await refusal(tokens.verifyToken(token)), [503, "Identity provider key set is unreachable; try again shortly"]);
  } finally {
    config.AUTH0_ISSUER_BASE_URL = saved;
  }
  // Back on the working issuer, its own key set is used again.
  assert.equal((await tokens.verifyToken(await idp.token({ sub: "test|back" }))).sub, "test|back");
});

test("a verified token is remembered by its hash, never in clear, and refused once it expires", async (t) => {
  const token = await idp.token({ sub: "test|remembered", expiresIn: 60 });
  assert.equal((await tokens.verifyToken(token)).sub, "test|remembered");
  assert.equal((await tokens.verifyToken(token)).sub, "test|remembered", "the same token again");
  const remembered = (globalThis as unknown as { __handJwks: { verified: Map<string, unknown> } }).__handJwks.verified;
  assert.ok(remembered.size >= 1);
  assert.ok(!JSON.stringify([...remembered]).includes(token), "the store holds no token");
  t.mock.timers.enable({ apis: ["Date"], now: Date.now() + 61_000 });
  const [status, message] = await refusal(tokens.verifyToken(token));
  assert.equal(status, 401);
  assert.match(message, /exp/);
});

test("the development mock users are the spec's", () => {
  assert.deepEqual(tokens.DEV_REQUIRED_USER, {
    sub: "dev|local-user",
    email: "dev@localhost",
    name: "Development User",
    roles: ["patient", "care_provider"],
  });
  assert.deepEqual(tokens.DEV_OPTIONAL_USER, {
    sub: "dev|local-user",
    email: "dev@localhost",
    name: "Development User",
    roles: ["patient"],
  });
  assert.equal(tokens.MISSING_TOKEN, "Missing or malformed Authorization header (expected: Bearer <token>)");
});
