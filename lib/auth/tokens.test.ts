// Bearer tokens against a loopback identity provider (real key set over HTTP, tokens signed here).
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, test } from "node:test";
import { decodeJwt } from "jose";
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

test('refusals carry RFC 6750\'s challenge: no token the realm alone, a refused token error="invalid_token"', async () => {
  assert.deepEqual(tokens.missingToken().headers, { "www-authenticate": 'Bearer realm="hand-assessment"' });
  for (const token of ["a.b.c", await idp.token({ sub: "" }), await idp.token({ expiresIn: -60 })]) {
    try {
      await tokens.verifyToken(token);
      assert.fail("expected a refusal");
    } catch (error) {
      assert.ok(error instanceof ApiError);
      assert.equal(error.status, 401);
      assert.deepEqual(error.headers, { "www-authenticate": 'Bearer realm="hand-assessment", error="invalid_token"' });
    }
  }
});

test("an empty e-mail or name claim is null; the e-mail is verified only when the provider says true; SMART scopes make a grant", async () => {
  const blank = await tokens.verifyToken(await idp.token({ sub: "test|blank", claims: { email: "", name: "" } }));
  assert.deepEqual([blank.email, blank.name], [null, null]);
  const vouched = await tokens.verifyToken(await idp.token({ sub: "test|vouched", email: "v@example.com", emailVerified: true }));
  assert.equal(vouched.emailVerified, true);
  const unsure = await tokens.verifyToken(
    await idp.token({ sub: "test|unsure", email: "u@example.com", claims: { email_verified: "true" } }),
  );
  assert.ok(!("emailVerified" in unsure), "a string is not the provider vouching");
  const app = await tokens.verifyToken(
    await idp.token({ sub: "test|app", scope: "openid patient/Observation.rs", claims: { patient: "7" } }),
  );
  assert.deepEqual(
    app.smart?.scopes.map((scope) => [scope.level, scope.type, scope.read, scope.search]),
    [["patient", "Observation", true, true]],
  );
  assert.ok(!("smart" in vouched), "a token without SMART scopes has no grant");
});

test("an error page from the key set is 503, as an unreachable one is", async () => {
  const failing = createServer((_req, res) => res.writeHead(500).end("upstream down"));
  await new Promise<void>((resolve) => failing.listen(0, "127.0.0.1", resolve));
  const issuerUrl = `http://127.0.0.1:${(failing.address() as AddressInfo).port}/`;
  const saved = config.AUTH0_ISSUER_BASE_URL;
  config.AUTH0_ISSUER_BASE_URL = issuerUrl;
  try {
    assert.deepEqual(await refusal(tokens.verifyToken(await idp.token({ issuer: issuerUrl }))), [
      503,
      "Identity provider key set is unreachable; try again shortly",
    ]);
  } finally {
    config.AUTH0_ISSUER_BASE_URL = saved;
    await new Promise<void>((resolve) => failing.close(() => resolve()));
  }
});

/** The verified tokens this process remembers (lib/auth/tokens.ts), by the token's SHA-256. */
const remembered = () =>
  (globalThis as unknown as { __handJwks: { verified: Map<string, { caller: unknown; expiresAt: number }> } }).__handJwks.verified;
const hashOf = (token: string) => createHash("sha256").update(token).digest("base64");

test("a remembered token is answered from memory without its signature checked again, until the instant it expires", async (t) => {
  await tokens.verifyToken(await idp.token({ sub: "test|warm" }));
  // Not a JWT at all: only the memory can accept it.
  const token = "remembered-not-a-jwt";
  const now = Date.now();
  const caller = { sub: "test|from-memory", email: null, name: null, roles: ["patient"] };
  remembered().set(hashOf(token), { caller, expiresAt: now + 60_000 });
  const first = await tokens.verifyToken(token);
  assert.deepEqual(first, caller);
  first.roles.push("admin");
  assert.deepEqual((await tokens.verifyToken(token)).roles, ["patient"], "a caller's roles are a copy, not the memory's");
  t.mock.timers.enable({ apis: ["Date"], now: now + 60_000 });
  assert.equal((await refusal(tokens.verifyToken(token)))[0], 401, "at its expiry it is verified again, and refused");
  assert.ok(!remembered().has(hashOf(token)), "an expired entry is forgotten");
});

test("a verified token is remembered until its exp claim, with its caller", async () => {
  const token = await idp.token({ sub: "test|until-exp", roles: ["care_provider"], expiresIn: 120 });
  const caller = await tokens.verifyToken(token);
  const entry = remembered().get(hashOf(token));
  assert.ok(entry, "remembered by the token's SHA-256");
  assert.equal(entry.expiresAt, decodeJwt(token).exp! * 1000);
  assert.deepEqual(entry.caller, caller);
});

test("at most VERIFIED_TOKENS_KEPT tokens are remembered; past it the least recently used is forgotten", async () => {
  const store = remembered();
  store.clear();
  const filler = (i: number) => `filler-${i}`;
  for (let i = 0; i < tokens.VERIFIED_TOKENS_KEPT - 1; i++)
    store.set(filler(i), { caller: { sub: `test|filler-${i}`, roles: [] }, expiresAt: Date.now() + 60_000 });
  await tokens.verifyToken(await idp.token({ sub: "test|fills-the-last-place" }));
  assert.equal(store.size, tokens.VERIFIED_TOKENS_KEPT);
  assert.ok(store.has(filler(0)), "nothing is forgotten while there is room");
  await tokens.verifyToken(await idp.token({ sub: "test|one-too-many" }));
  assert.equal(store.size, tokens.VERIFIED_TOKENS_KEPT);
  assert.ok(!store.has(filler(0)), "the least recently used is forgotten");
  assert.ok(store.has(filler(1)));
  store.clear();
});
