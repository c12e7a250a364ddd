// Idempotency-Key on submissions: a client that sends a result again (its first answer lost)
// gets the first record back, never a second one; the key is the caller's own.
// Own server: it counts rows in its server's database.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { painBody } from "@/lib/assessments/examples";
import { createTestDatabase, queryDatabase, type TestDatabase } from "@/test/support/database";
import { apiClient } from "@/test/support/http";
import { startIdentityProvider, uniqueSub, type IdentityProvider } from "@/test/support/identity-provider";
import { startServer, type TestServer } from "@/test/support/server";

let server: TestServer;
let database: TestDatabase;
let idp: IdentityProvider;
let api: ReturnType<typeof apiClient>;

before(async () => {
  idp = await startIdentityProvider();
  database = await createTestDatabase();
  server = await startServer({ env: idp.env, database });
  api = apiClient(server.origin);
});

after(async () => {
  await server?.stop();
  await idp?.close();
  await database?.drop();
});

const questionnaire = { hand: "RIGHT", responses: [2, 3, 1, 2, 4, 1, 2, 3, 1, 2, null] };
/** Each test's records, by code: counted in the database once the server has stopped (PGlite has one process). */
const made: string[] = [];
const started = new Date();

describe("Idempotency-Key on submissions", () => {
  test("anonymous: the same key and body twice answer one record twice", async () => {
    const headers = { "idempotency-key": randomUUID() };
    const first = await api.post("/assessments/quickdash", questionnaire, { headers });
    const second = await api.post("/assessments/quickdash", questionnaire, { headers });
    assert.equal(first.status, 201);
    assert.equal(second.status, 201);
    assert.deepEqual(second.body, first.body);
    made.push(first.body.code);
  });

  test("sent at once: one record", async () => {
    const headers = { "idempotency-key": randomUUID() };
    const answers = await Promise.all([1, 2, 3].map(() => api.post("/assessments/pain-v2", painBody, { headers })));
    assert.deepEqual(
      answers.map((a) => a.status),
      [201, 201, 201],
    );
    assert.equal(new Set(answers.map((a) => a.body.code)).size, 1);
    made.push(answers[0]!.body.code);
  });

  test("without a key every send is a record", async () => {
    const first = await api.post("/assessments/quickdash", questionnaire);
    const second = await api.post("/assessments/quickdash", questionnaire);
    assert.notEqual(first.body.code, second.body.code);
    made.push(first.body.code, second.body.code);
  });

  test("the key is the caller's: another caller's key makes their own record; a signed-in replay is theirs", async () => {
    const key = randomUUID();
    const token = await idp.token({ sub: uniqueSub("idem"), roles: ["patient"] });
    const anonymous = await api.post("/assessments/quickdash", questionnaire, { headers: { "idempotency-key": key } });
    const mine = await api.post("/assessments/quickdash", questionnaire, { token, headers: { "idempotency-key": key } });
    const again = await api.post("/assessments/quickdash", questionnaire, { token, headers: { "idempotency-key": key } });
    assert.notEqual(mine.body.code, anonymous.body.code);
    assert.equal(again.body.code, mine.body.code);
    made.push(anonymous.body.code, mine.body.code);
  });

  test("the same key with another body: 409 naming the header, as the reference documents", async () => {
    const headers = { "idempotency-key": randomUUID() };
    const first = await api.post("/assessments/quickdash", questionnaire, { headers });
    const other = await api.post("/assessments/quickdash", { ...questionnaire, hand: "LEFT" }, { headers });
    assert.equal(other.status, 409);
    assert.equal(other.body.field, "Idempotency-Key");
    made.push(first.body.code);
  });

  test("a malformed key: 400 naming the header", async () => {
    for (const key of ["short", "x".repeat(129), "has spaces in it ok?"]) {
      const res = await api.post("/assessments/quickdash", questionnaire, { headers: { "idempotency-key": key } });
      assert.equal(res.status, 400, key);
      assert.equal(res.body.field, "Idempotency-Key");
    }
  });

  test("stored: one record per first send, one score point for the signed-in one, nothing else", async () => {
    await server.stop();
    const rows = await queryDatabase<{ code: string }>(
      server.database,
      "SELECT code FROM assessments WHERE date_created >= $1 ORDER BY id",
      [started],
    );
    assert.deepEqual(
      rows.map((r) => r.code),
      made,
    );
    const [points] = await queryDatabase<{ n: number }>(
      server.database,
      "SELECT count(*)::int AS n FROM score_points WHERE created_at >= $1",
      [started],
    );
    assert.equal(points!.n, 1);
  });
});
