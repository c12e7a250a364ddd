// Development mode: the web app's development sign-in names a persona in x-dev-user, and the
// guards honour it; without the header the spec's mock users still apply.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { dropDatabase, useFreshDatabase } from "@/test/support/in-process-db";
import type { TestDatabase } from "@/test/support/database";
import type * as Guard from "@/lib/auth/guard";
import type { ApiError as ApiErrorClass } from "@/lib/api/errors";

let database: TestDatabase;
let guard: typeof Guard;
let ApiError: typeof ApiErrorClass;

before(async () => {
  for (const key of ["AUTH0_DOMAIN", "AUTH0_ISSUER_BASE_URL", "AUTH0_AUDIENCE"]) delete process.env[key];
  database = await useFreshDatabase();
  guard = await import("@/lib/auth/guard");
  ({ ApiError } = await import("@/lib/api/errors"));
});
after(() => dropDatabase(database));

const request = (persona?: string) =>
  new Request("http://localhost/api/x", {
    headers: { authorization: "Bearer development", ...(persona ? { "x-dev-user": persona } : {}) },
  });

async function status(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof ApiError, `expected ApiError, got ${error}`);
    return error.status;
  }
  return 200;
}

test("each persona gets its own user with only its role", async () => {
  const patient = await guard.authenticate(request("patient"), "required");
  const provider = await guard.authenticate(request("care_provider"), "required");
  const admin = await guard.authenticate(request("admin"), "required");
  assert.deepEqual(patient?.roles, ["patient"]);
  assert.equal(patient?.kind, "PATIENT");
  assert.deepEqual(provider?.roles, ["care_provider"]);
  assert.equal(provider?.kind, "STAFF");
  assert.deepEqual(admin?.roles, ["admin"]);
  assert.equal(new Set([patient?.contactId, provider?.contactId, admin?.contactId]).size, 3);
});

test("the role guard follows the persona's role", async () => {
  const staffOnly = { roles: ["care_provider", "admin"] } as const;
  assert.equal(await status(guard.authenticate(request("patient"), { roles: [...staffOnly.roles] })), 403);
  assert.equal(await status(guard.authenticate(request("admin"), { roles: [...staffOnly.roles] })), 200);
});

test("anonymous: required routes answer 401, optional routes stay anonymous", async () => {
  assert.equal(await status(guard.authenticate(request("anonymous"), "required")), 401);
  assert.equal(await guard.authenticate(request("anonymous"), "optional"), null);
});

test("an unknown persona is a 400 naming the header and the personas, and no header keeps the spec's mock user", async () => {
  assert.equal(await status(guard.authenticate(request("root"), "required")), 400);
  await assert.rejects(guard.authenticate(request("root"), "optional"), {
    message: "x-dev-user must be anonymous, patient, care_provider, care_provider_2, admin",
  });
  const user = await guard.authenticate(request(), "required");
  assert.deepEqual(user?.roles, ["patient", "care_provider"]);
});

test("a persona is one of the names, nothing that merely reads as one", () => {
  for (const name of ["patient", "care_provider", "care_provider_2", "admin"]) assert.equal(guard.isDevPersona(name), true, name);
  // A list of one name turns into that name as a property key: it is still not a persona.
  for (const value of [["patient"], "Patient", "anonymous", "toString", "", null, undefined, 1])
    assert.equal(guard.isDevPersona(value), false, String(value));
});
