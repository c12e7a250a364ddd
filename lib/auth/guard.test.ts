// The guards against a loopback identity provider (real JWKS over HTTP, tokens signed here).
import assert from "node:assert/strict";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, test } from "node:test";
import { SignJWT, UnsecuredJWT } from "jose";
import { startIdentityProvider, TEST_AUDIENCE, type IdentityProvider } from "@/test/support/identity-provider";
import { dropDatabase, useFreshDatabase } from "@/test/support/in-process-db";
import type { TestDatabase } from "@/test/support/database";
import type { authenticate as Authenticate } from "@/lib/auth/guard";
import type { ApiError as ApiErrorClass } from "@/lib/api/errors";

let idp: IdentityProvider;
let database: TestDatabase;
let authenticate: typeof Authenticate;
let ApiError: typeof ApiErrorClass;

before(async () => {
  idp = await startIdentityProvider();
  Object.assign(process.env, idp.env);
  database = await useFreshDatabase();
  ({ authenticate } = await import("@/lib/auth/guard"));
  ({ ApiError } = await import("@/lib/api/errors"));
});
after(async () => {
  await idp.close();
  await dropDatabase(database);
});

const request = (authorization?: string) => new Request("http://localhost/api/x", { headers: authorization ? { authorization } : {} });

async function rejection(promise: Promise<unknown>): Promise<InstanceType<typeof ApiErrorClass>> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof ApiError, `expected ApiError, got ${error}`);
    return error;
  }
  assert.fail("expected the guard to reject");
}

describe("required guard", () => {
  test("a valid token passes and finds or creates the caller's contact", async () => {
    const token = await idp.token({ sub: "test|alice", email: "alice@example.com", name: "Alice", roles: ["patient"] });
    const user = await authenticate(request(`Bearer ${token}`), "required");
    assert.equal(user?.sub, "test|alice");
    assert.deepEqual(user?.roles, ["patient"]);
    assert.equal(user?.kind, "PATIENT");
    const again = await authenticate(request(`Bearer ${token}`), "required");
    assert.equal(again?.contactId, user?.contactId);
    const { db } = await import("@/lib/db");
    const contact = await db().contact.findUniqueOrThrow({ where: { sub: "test|alice" } });
    assert.equal(contact.email, "alice@example.com");
    assert.equal(contact.name, "Alice");
  });

  test("the token's name fills a blank name but never replaces one the patient chose", async () => {
    const { db } = await import("@/lib/db");
    const first = await idp.token({ sub: "test|carol", name: "Carol From Token" });
    const user = await authenticate(request(`Bearer ${first}`), "required");
    await db().contact.update({ where: { id: user!.contactId }, data: { name: "Carol Chosen" } });
    const renamed = await idp.token({ sub: "test|carol", name: "Carol Renamed At Provider", email: "carol@example.com" });
    await authenticate(request(`Bearer ${renamed}`), "required");
    const contact = await db().contact.findUniqueOrThrow({ where: { sub: "test|carol" } });
    assert.equal(contact.name, "Carol Chosen");
    assert.equal(contact.email, "carol@example.com");
  });

  const cases: [string, () => Promise<string | undefined>, RegExp][] = [
    ["no header", async () => undefined, /Missing or malformed Authorization header/],
    ["a non-Bearer scheme", async () => `Basic ${Buffer.from("a:b").toString("base64")}`, /Missing or malformed/],
    ["an expired token", async () => `Bearer ${await idp.token({ expiresIn: -60 })}`, /exp/],
    ["a wrong issuer", async () => `Bearer ${await idp.token({ issuer: "https://evil.example.com/" })}`, /iss/],
    ["a wrong audience", async () => `Bearer ${await idp.token({ audience: "https://other-api" })}`, /aud/],
    ["a key the key set does not publish", async () => `Bearer ${await idp.token({ foreignKey: true })}`, /Invalid token/],
    [
      "alg: none",
      async () =>
        `Bearer ${new UnsecuredJWT({ sub: "x" }).setIssuer(idp.issuer).setAudience(TEST_AUDIENCE).setExpirationTime("1h").encode()}`,
      /Invalid token/,
    ],
    [
      "HS256 signed with a shared secret",
      async () =>
        `Bearer ${await new SignJWT({ sub: "x" })
          .setProtectedHeader({ alg: "HS256" })
          .setIssuer(idp.issuer)
          .setAudience(TEST_AUDIENCE)
          .setExpirationTime("1h")
          .sign(new TextEncoder().encode("a-shared-secret-of-enough-length-123456"))}`,
      /Invalid token/,
    ],
    ["garbage", async () => "Bearer not.a.jwt", /Invalid token/],
  ];
  for (const [name, header, message] of cases) {
    test(`${name} gives 401`, async () => {
      const error = await rejection(authenticate(request(await header()), "required"));
      assert.equal(error.status, 401);
      assert.match(error.message, message);
    });
  }
});

describe("role guard", () => {
  test("a caller without the role gets 403; with it, passes", async () => {
    const patient = await idp.token({ roles: ["patient"] });
    const error = await rejection(authenticate(request(`Bearer ${patient}`), { roles: ["care_provider", "admin"] }));
    assert.equal(error.status, 403);
    assert.equal(error.message, "Insufficient permissions");
    const provider = await idp.token({ roles: ["care_provider"] });
    const user = await authenticate(request(`Bearer ${provider}`), { roles: ["care_provider", "admin"] });
    assert.deepEqual(user?.roles, ["care_provider"]);
    assert.equal(user?.kind, "STAFF");
  });

  test("an invalid token under a role guard is 401, not 403", async () => {
    const error = await rejection(authenticate(request("Bearer x.y.z"), { roles: ["admin"] }));
    assert.equal(error.status, 401);
  });
});

describe("optional guard", () => {
  test("never rejects: missing, invalid and expired tokens read as anonymous", async () => {
    assert.equal(await authenticate(request(), "optional"), null);
    assert.equal(await authenticate(request("Bearer x.y.z"), "optional"), null);
    assert.equal(await authenticate(request(`Bearer ${await idp.token({ expiresIn: -60 })}`), "optional"), null);
    assert.equal(await authenticate(request("Token abc"), "optional"), null);
  });

  test("a valid token identifies the caller", async () => {
    const user = await authenticate(request(`Bearer ${await idp.token({ sub: "test|bob" })}`), "optional");
    assert.equal(user?.sub, "test|bob");
  });
});

test("an unreachable key set is 503 under the required guard, not 401", async () => {
  const dead = createServer((_req, res) => res.destroy());
  await new Promise<void>((resolve) => dead.listen(0, "127.0.0.1", resolve));
  const { port } = dead.address() as AddressInfo;
  await new Promise<void>((resolve) => dead.close(() => resolve()));
  const { env } = await import("@/lib/env");
  const config = env();
  const saved = config.AUTH0_ISSUER_BASE_URL;
  config.AUTH0_ISSUER_BASE_URL = `http://127.0.0.1:${port}/`;
  try {
    const token = await idp.token({ issuer: `http://127.0.0.1:${port}/` });
    const error = await rejection(authenticate(request(`Bearer ${token}`), "required"));
    assert.equal(error.status, 503);
  } finally {
    config.AUTH0_ISSUER_BASE_URL = saved;
  }
});

test("the none guard reads no token: with one, a bad one or none, the caller is anonymous", async () => {
  assert.equal(await authenticate(request(`Bearer ${await idp.token({ sub: "test|none" })}`), "none"), null);
  assert.equal(await authenticate(request("Bearer x.y.z"), "none"), null);
  assert.equal(await authenticate(request(), "none"), null);
});

test("under the optional guard an unreachable key set reads as anonymous, with a warning in the log", async (t) => {
  const { env } = await import("@/lib/env");
  const { logger } = await import("@/lib/log");
  const warn = t.mock.method(logger, "warn", () => undefined);
  const config = env();
  const saved = config.AUTH0_ISSUER_BASE_URL;
  config.AUTH0_ISSUER_BASE_URL = "http://127.0.0.1:9/";
  try {
    const token = await idp.token({ issuer: "http://127.0.0.1:9/" });
    assert.equal(await authenticate(request(`Bearer ${token}`), "optional"), null);
  } finally {
    config.AUTH0_ISSUER_BASE_URL = saved;
  }
  assert.deepEqual(
    warn.mock.calls.map((call) => call.arguments),
    [["optional guard: key set unreachable, request treated as anonymous"]],
  );
  // A token that is merely invalid is anonymous too, and nothing is logged for it.
  assert.equal(await authenticate(request("Bearer x.y.z"), "optional"), null);
  assert.equal(warn.mock.callCount(), 1);
});

test("a token with SMART scopes is refused outside the FHIR API where the request names its address (the voice socket)", async () => {
  const smart = await idp.token({ sub: "test|smart-app", scope: "patient/Observation.rs", claims: { patient: "1" } });
  const at = (url: string) => new Request(url, { headers: { authorization: `Bearer ${smart}` } });
  for (const guard of ["required", "optional"] as const) {
    const error = await rejection(
      authenticate({ headers: at("http://localhost/api/voice").headers, url: "http://localhost/api/voice" }, guard),
    );
    assert.equal(error.status, 403, guard);
    assert.equal(error.message, "This token carries SMART scopes, which grant FHIR reads only");
    const fhir = await authenticate(
      { headers: at("http://localhost/api/fhir/Observation").headers, url: "http://localhost/api/fhir/Observation" },
      guard,
    );
    assert.equal(fhir?.sub, "test|smart-app", guard);
    // An address that merely ends in the FHIR path is not the FHIR API.
    await rejection(authenticate({ headers: at("http://localhost/x/api/fhir/").headers, url: "http://localhost/x/api/fhir/" }, guard));
  }
  // Without an address (the route wrapper, which checks the route's scopes itself) the guard lets it through.
  assert.equal((await authenticate({ headers: at("http://localhost/api/voice").headers }, "required"))?.sub, "test|smart-app");
  // A plain token is welcome on the socket.
  const plain = await idp.token({ sub: "test|plain-socket" });
  const socket = new Request("http://localhost/api/voice", { headers: { authorization: `Bearer ${plain}` } });
  assert.equal((await authenticate({ headers: socket.headers, url: socket.url }, "required"))?.sub, "test|plain-socket");
});

test("hasRole: any one of the roles named, never for nobody", async () => {
  const { hasRole } = await import("@/lib/auth/guard");
  assert.equal(hasRole(null, "admin"), false);
  assert.equal(hasRole({ roles: ["patient"] }, "admin"), false);
  assert.equal(hasRole({ roles: ["patient", "admin"] }, "care_provider", "admin"), true);
  assert.equal(hasRole({ roles: ["care_provider"] }, "care_provider", "admin"), true);
  assert.equal(hasRole({ roles: [] }, "patient"), false);
});
