// Row 12 of the abuse review: anyone could store unlimited anonymous records, and expired ones
// stayed until someone ran a script. Creations without a token are now limited per address
// (RATE_LIMIT_WRITES_PER_MINUTE), and expired anonymous records are purged inside the service on a
// schedule (one instance at a time), with their detail rows. Signed-in creations (a clinician's notes)
// spend the per-caller allowance of the same setting.
// Own server: limits on, and a purge every second over its own database.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { dexterityBody, romBody } from "@/lib/assessments/examples";
import { careTeam } from "@/test/support/care-team";
import { clientAt, newAddress } from "@/test/support/clients";
import { createTestDatabase, queryDatabase, type TestDatabase } from "@/test/support/database";
import { apiClient } from "@/test/support/http";
import { startIdentityProvider, uniqueSub, type IdentityProvider } from "@/test/support/identity-provider";
import { startServer, type TestServer } from "@/test/support/server";

let idp: IdentityProvider;
let server: TestServer;

before(async () => {
  idp = await startIdentityProvider();
  server = await startServer({ env: { ...idp.env, RATE_LIMIT: "on", TRUST_PROXY: "loopback", RATE_LIMIT_WRITES_PER_MINUTE: "3" } });
});
after(async () => {
  await server?.stop();
  await idp?.close();
});

test("anonymous creations past RATE_LIMIT_WRITES_PER_MINUTE are 429, across submission routes", async () => {
  const client = clientAt(server.origin, newAddress());
  assert.equal((await client.post("/assessments/rom", romBody)).status, 201);
  assert.equal((await client.post("/assessments/dexterity", dexterityBody)).status, 201);
  assert.equal((await client.post("/lookup/anonymous", { assessmentType: "ROM" })).status, 200);
  const over = await client.post("/assessments/rom", romBody);
  assert.equal(over.status, 429);
  assert.equal(over.body.code, "RATE_LIMITED");
  assert.ok(Number(over.headers.get("retry-after")) >= 1);
  assert.equal(
    (await client.post("/reports", { title: "x", assessmentCodes: ["AAA-AAA"] })).status,
    429,
    "anonymous reports are creations too",
  );
});

test("signed-in callers are not held by the anonymous-creation limit", async () => {
  const token = await idp.token({ roles: ["patient"] });
  const client = clientAt(server.origin, newAddress(), token);
  for (let i = 0; i < 5; i++) assert.equal((await client.post("/assessments/rom", romBody)).status, 201);
});

test("a clinician's notes spend the per-caller write allowance: past it a 429 that stores nothing, and the next clinician still writes", async () => {
  const api = apiClient(server.origin);
  const first = uniqueSub("limited-clinician");
  const second = uniqueSub("other-clinician");
  const team = await careTeam(api, idp, [first, second]);
  const patientToken = await idp.token({ sub: uniqueSub("noted-patient"), roles: ["patient"] });
  const patientId = (await api.get<{ id: number }>("/patients/me", { token: patientToken })).body.id;
  await team.share(patientToken);
  const clinician = await idp.token({ sub: first, roles: ["care_provider"] });
  for (let i = 1; i <= 3; i++) {
    assert.equal((await api.post(`/patients/${patientId}/notes`, { text: `Note ${i}` }, { token: clinician })).status, 201);
  }
  const over = await api.post(`/patients/${patientId}/notes`, { text: "Note 4" }, { token: clinician });
  assert.equal(over.status, 429);
  assert.equal(over.body.code, "RATE_LIMITED");
  assert.ok(Number(over.headers.get("retry-after")) >= 1);
  const colleague = await idp.token({ sub: second, roles: ["care_provider"] });
  assert.equal((await api.post(`/patients/${patientId}/notes`, { text: "Colleague's note" }, { token: colleague })).status, 201);
  const notes = await api.get<{ notes: { text: string }[]; total: number }>(`/patients/${patientId}/notes`, { token: clinician });
  assert.equal(notes.status, 200);
  assert.deepEqual(notes.body.notes.map((note) => note.text).sort(), ["Colleague's note", "Note 1", "Note 2", "Note 3"]);
});

test("expired anonymous records and their detail rows are purged on schedule; live and owned ones stay", async () => {
  const database: TestDatabase = await createTestDatabase();
  let purging = await startServer({ database, env: { ...idp.env } });
  const token = await idp.token({ roles: ["patient"] });
  const api = clientAt(purging.origin, newAddress());
  const expired = (await api.post("/assessments/rom", romBody)).body.code;
  const live = (await api.post("/assessments/rom", romBody)).body.code;
  const owned = (await api.post("/assessments/rom", romBody, { token })).body.code;
  await purging.stop();
  try {
    await queryDatabase(database, "UPDATE assessments SET expires_at = now() - interval '1 day' WHERE code = $1", [expired]);
    purging = await startServer({ database, env: { ...idp.env, PURGE_INTERVAL_SECONDS: "1" } });
    await purging.waitForOutput(/"purged":[1-9]/, 30_000);
    await purging.stop();
    const left = await queryDatabase<{ code: string }>(database, "SELECT code FROM assessments WHERE code = ANY($1) ORDER BY code", [
      [expired, live, owned],
    ]);
    assert.deepEqual(left.map((r) => r.code).sort(), [live, owned].sort());
    const orphans = await queryDatabase<{ n: number }>(
      database,
      "SELECT count(*)::int AS n FROM rom_assessments r WHERE NOT EXISTS (SELECT 1 FROM assessments a WHERE a.id = r.assessment_id)",
    );
    assert.equal(orphans[0]!.n, 0, "no detail rows left behind");
  } finally {
    await purging.stop();
    await database.drop();
  }
});
