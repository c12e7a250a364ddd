// Development mode (no AUTH0_DOMAIN): the mock users of the spec, exactly.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { dropDatabase, useFreshDatabase } from "@/test/support/in-process-db";
import type { TestDatabase } from "@/test/support/database";
import type { authenticate as Authenticate } from "@/lib/auth/guard";

let database: TestDatabase;
let authenticate: typeof Authenticate;

before(async () => {
  for (const key of ["AUTH0_DOMAIN", "AUTH0_ISSUER_BASE_URL", "AUTH0_AUDIENCE"]) delete process.env[key];
  database = await useFreshDatabase();
  ({ authenticate } = await import("@/lib/auth/guard"));
});
after(() => dropDatabase(database));

const request = (authorization?: string) => new Request("http://localhost/api/x", { headers: authorization ? { authorization } : {} });

test("required guard injects the mock user with roles patient and care_provider, token or not", async () => {
  for (const header of [undefined, "Bearer anything"]) {
    const user = await authenticate(request(header), "required");
    assert.ok(user);
    assert.ok(user.sub && user.email && user.name);
    assert.deepEqual(user.roles, ["patient", "care_provider"]);
  }
});

test("role guard passes the mock user for care_provider routes", async () => {
  const user = await authenticate(request(), { roles: ["care_provider", "admin"] });
  assert.ok(user);
});

test("optional guard injects the mock user (roles [patient]) only when a header is present", async () => {
  assert.equal(await authenticate(request(), "optional"), null);
  const user = await authenticate(request("Bearer whatever"), "optional");
  assert.deepEqual(user?.roles, ["patient"]);
});
