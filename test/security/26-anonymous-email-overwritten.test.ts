// Issue 23, row 9 (anonymous e-mail): anyone holding an anonymous record's code could replace
// the address stored on it (POST /lookup/:code/email stored the last address given), taking
// over who hears about the record. The stored address is now the first one given.
// Own server: it reads the stored address in its own database.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { romBody } from "@/lib/assessments/examples";
import { createTestDatabase, queryDatabase, type TestDatabase } from "@/test/support/database";
import { apiClient } from "@/test/support/http";
import { startServer, type TestServer } from "@/test/support/server";

let database: TestDatabase;
let server: TestServer;

before(async () => {
  database = await createTestDatabase();
  server = await startServer({ database, startTimeoutMs: 240_000 });
});
after(async () => {
  await server?.stop();
  await database?.drop();
});

test("a second address does not replace the first on an anonymous record", async () => {
  const api = apiClient(server.origin);
  const withEmail = await api.post("/lookup/anonymous", { assessmentType: "ROM", email: "owner@example.com" });
  assert.equal(withEmail.status, 200, JSON.stringify(withEmail.body));
  const { code } = (await api.post("/assessments/rom", romBody)).body;
  assert.equal((await api.post(`/lookup/${code}/email`, { email: "first@example.com" })).status, 200);
  assert.equal((await api.post(`/lookup/${code}/email`, { email: "attacker@example.com" })).status, 200);
  assert.equal((await api.post(`/lookup/${withEmail.body.code}/email`, { email: "attacker@example.com" })).status, 200);
  await server.stop();
  const rows = await queryDatabase<{ code: string; email: string }>(database, `SELECT code, email FROM assessments WHERE code = ANY($1)`, [
    [code, withEmail.body.code],
  ]);
  const stored = new Map(rows.map((row) => [row.code, row.email]));
  assert.equal(stored.get(code), "first@example.com");
  assert.equal(stored.get(withEmail.body.code), "owner@example.com");
});
