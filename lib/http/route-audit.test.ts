// The route wrapper's audit option and caller-dependent limits, against an in-process database
// (development auth: a token under the optional guard names the mock patient).
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { z } from "zod";
import type { TestDatabase } from "@/test/support/database";
import { dropDatabase, useFreshDatabase } from "@/test/support/in-process-db";

let database: TestDatabase;
let route: typeof import("@/lib/http/route");
let db: typeof import("@/lib/db").db;
let ApiError: typeof import("@/lib/api/errors").ApiError;
let other: number;

before(async () => {
  for (const key of ["AUTH0_DOMAIN", "AUTH0_ISSUER_BASE_URL", "AUTH0_AUDIENCE", "REDIS_URL"]) delete process.env[key];
  Object.assign(process.env, { RATE_LIMIT: "on", RATE_LIMIT_WRITES_PER_MINUTE: "1" });
  database = await useFreshDatabase();
  route = await import("@/lib/http/route");
  ({ db } = await import("@/lib/db"));
  ({ ApiError } = await import("@/lib/api/errors"));
  other = (await db().contact.create({ data: { sub: "test|other", kind: "PATIENT", roles: ["patient"] } })).id;
});
after(() => dropDatabase(database));

const contract = (auth: "none" | "optional" | "required", limits: ("anonymous-write" | "write")[] = []) =>
  ({
    method: "POST",
    path: "/patients/{id}/things",
    summary: "A test route",
    tag: "Test",
    auth,
    params: z.object({ id: z.coerce.number().int().optional() }),
    limits,
    responses: [{ status: 200, description: "OK" }],
  }) as const;

function call(
  auth: "none" | "optional" | "required",
  handler: () => Promise<unknown>,
  options: Parameters<typeof route.handle>[2],
  init: { params?: Record<string, unknown>; headers?: Record<string, string>; limits?: ("anonymous-write" | "write")[] } = {},
) {
  const handler2 = route.handle(contract(auth, init.limits) as never, handler as never, options);
  return handler2(new Request("http://localhost/api/patients/1/things", { method: "POST", headers: init.headers }), {
    params: Promise.resolve(Object.fromEntries(Object.entries(init.params ?? {}).map(([k, v]) => [k, String(v)]))),
  });
}

const rowsOf = async (action: string) =>
  (await db().auditEvent.findMany({ where: { action }, orderBy: { id: "asc" } })).map((r) => ({
    patientId: r.patientId,
    route: r.route,
    actorSub: r.actorSub,
  }));

test("audit by the id path parameter: one row for another patient's data, none for a failed call", async () => {
  const params = { id: other };
  assert.equal((await call("required", async () => ({}), { audit: { action: "t.read", patient: "params.id" } }, { params })).status, 200);
  assert.deepEqual(await rowsOf("t.read"), [{ patientId: other, route: "/api/patients/{id}/things", actorSub: "dev|local-user" }]);
  const failed = await call(
    "required",
    async () => {
      throw new ApiError(409, "No");
    },
    { audit: { action: "t.fail", patient: "params.id" } },
    { params },
  );
  assert.equal(failed.status, 409);
  const replied = await call(
    "required",
    async () => new route.Reply(422, { no: true }),
    { audit: { action: "t.reply", patient: "params.id" } },
    { params },
  );
  assert.equal(replied.status, 422);
  const redirect = await call(
    "required",
    async () => new route.Reply(399, { ok: true }),
    { audit: { action: "t.redirect", patient: "params.id" } },
    { params },
  );
  assert.equal(redirect.status, 399);
  assert.deepEqual(await rowsOf("t.fail"), []);
  assert.deepEqual(await rowsOf("t.reply"), []);
  assert.equal((await rowsOf("t.redirect")).length, 1);
  await call("required", async () => ({}), { audit: { action: "t.noid", patient: "params.id" } });
  assert.deepEqual(await rowsOf("t.noid"), []);
});

test("audit of the caller's own record is always written (claims); a list audits each patient it shows", async () => {
  await call("required", async () => ({}), { audit: { action: "t.claim", patient: "caller" } });
  const [claim] = await db().auditEvent.findMany({ where: { action: "t.claim" } });
  const me = await db().contact.findUniqueOrThrow({ where: { sub: "dev|local-user" } });
  assert.equal(claim?.patientId, me.id);
  await call("none", async () => ({}), { audit: { action: "t.anon-claim", patient: "caller" } });
  assert.deepEqual(await rowsOf("t.anon-claim"), []);

  await call("required", async () => ({ ids: [other, me.id] }), {
    audit: { action: "t.list", patient: (result: { ids: number[] }) => result.ids } as never,
  });
  assert.deepEqual(
    (await rowsOf("t.list")).map((r) => r.patientId),
    [other],
  );
});

test("anonymous-write is spent only without a caller; write is spent by everyone", async () => {
  const headers = { "x-hand-client-address": "10.8.0.1" };
  const signedIn = { ...headers, authorization: "Bearer dev" };
  for (let i = 0; i < 3; i++)
    assert.equal((await call("optional", async () => ({}), {}, { headers: signedIn, limits: ["anonymous-write"] })).status, 200);
  assert.equal((await call("optional", async () => ({}), {}, { headers, limits: ["anonymous-write"] })).status, 200);
  assert.equal((await call("optional", async () => ({}), {}, { headers, limits: ["anonymous-write"] })).status, 429);
  const writer = { "x-hand-client-address": "10.8.0.2", authorization: "Bearer dev" };
  assert.equal((await call("optional", async () => ({}), {}, { headers: writer, limits: ["write"] })).status, 200);
  assert.equal((await call("optional", async () => ({}), {}, { headers: writer, limits: ["write"] })).status, 429);
});
