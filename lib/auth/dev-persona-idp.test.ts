// With an identity provider configured, the development persona header means nothing.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { startIdentityProvider, type IdentityProvider } from "@/test/support/identity-provider";
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

test("x-dev-user is ignored: no token is still 401, and a token's roles are what count", async () => {
  const noToken = new Request("http://localhost/api/x", { headers: { "x-dev-user": "admin" } });
  await assert.rejects(authenticate(noToken, "required"), (error) => error instanceof ApiError && error.status === 401);

  const token = await idp.token({ roles: ["patient"] });
  const withToken = new Request("http://localhost/api/x", { headers: { authorization: `Bearer ${token}`, "x-dev-user": "admin" } });
  const user = await authenticate(withToken, "required");
  assert.deepEqual(user?.roles, ["patient"]);
});
