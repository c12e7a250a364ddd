// Issue 23, row 8: the audit trail could be erased (TRUNCATE skips row triggers, and the service
// ran as the tables' owner), its rows did not say where a read came from, and reading the trail
// left no trace. Now a statement trigger refuses TRUNCATE; the service can run as a role holding
// only INSERT, SELECT on the audit table while migrations run as the owner
// (DATABASE_MIGRATION_URL); rows record the trusted client address; reading the trail is audited.
// Own server: the service's own database role, made for it.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, test } from "node:test";
import pg from "pg";
import { careTeam } from "@/test/support/care-team";
import { apiClient } from "@/test/support/http";
import { startIdentityProvider, uniqueSub, type IdentityProvider } from "@/test/support/identity-provider";
import { adminDatabaseUrl, createTestDatabase, queryDatabase } from "@/test/support/database";
import { startServer, type TestServer } from "@/test/support/server";

const ADDRESS = "203.0.113.77";

let idp: IdentityProvider;
let server: TestServer;
let api: ReturnType<typeof apiClient>;
let admin: string;

before(async () => {
  idp = await startIdentityProvider();
  server = await startServer({ env: { ...idp.env, TRUST_PROXY: "loopback" }, startTimeoutMs: 240_000 });
  api = apiClient(server.origin);
  admin = await idp.token({ sub: uniqueSub("auditor-admin"), roles: ["admin"] });
});
after(async () => {
  await server?.stop();
  await idp?.close();
});

/** A patient sharing with a care provider's clinic, and the provider reading their profile from ADDRESS: one audit row of the read. */
async function auditedRead(origin: string) {
  const client = apiClient(origin);
  const patient = await idp.token({ sub: uniqueSub("audited"), roles: ["patient"] });
  const id = (await client.get("/patients/me", { token: patient })).body.id as number;
  const providerSub = uniqueSub("reader");
  const provider = await idp.token({ sub: providerSub, roles: ["care_provider"] });
  await (await careTeam(client, idp, [providerSub])).share(patient);
  const read = await client.get(`/patients/${id}`, { token: provider, headers: { "x-forwarded-for": ADDRESS } });
  assert.equal(read.status, 200);
  return id;
}

test("audit rows record the trusted client address", async () => {
  const id = await auditedRead(server.origin);
  const trail = await api.get(`/admin/audit?patientId=${id}`, { token: admin });
  assert.equal(trail.status, 200);
  assert.equal(trail.body.events[0].clientAddress, ADDRESS);
});

test("reading the audit trail is itself audited", async () => {
  const sub = uniqueSub("curious-admin");
  const token = await idp.token({ sub, roles: ["admin"] });
  const id = await auditedRead(server.origin);
  assert.equal((await api.get(`/admin/audit?patientId=${id}`, { token, headers: { "x-forwarded-for": ADDRESS } })).status, 200);
  const reads = await api.get(`/admin/audit?actor=${encodeURIComponent(sub)}`, { token: admin });
  const row = reads.body.events.find((event: { action: string }) => event.action === "audit_read");
  assert.ok(row, JSON.stringify(reads.body));
  assert.equal(row.actorRole, "admin");
  assert.equal(row.patientId, null, "a read of the trail is about no one patient");
  assert.equal(row.clientAddress, ADDRESS);
});

test("TRUNCATE of the audit trail is refused, even for the tables' owner", async () => {
  const database = await createTestDatabase();
  const own = await startServer({ env: idp.env, database, startTimeoutMs: 240_000 });
  await auditedRead(own.origin);
  await own.stop();
  try {
    await assert.rejects(queryDatabase(database, `TRUNCATE audit_events`), /append-only/);
    const [row] = await queryDatabase<{ n: number }>(database, `SELECT count(*)::int AS n FROM audit_events`);
    assert.ok(row!.n >= 1);
  } finally {
    await database.drop();
  }
});

test(
  "on PostgreSQL the service runs as a least-privilege role that cannot change the trail",
  { skip: adminDatabaseUrl ? false : "needs PostgreSQL (TEST_DATABASE_URL)" },
  async () => {
    const database = await createTestDatabase();
    const role = `hand_service_${randomBytes(4).toString("hex")}`;
    const password = randomBytes(12).toString("hex");
    await queryDatabase(database, `CREATE ROLE ${role} LOGIN PASSWORD '${password}'`);
    const serviceUrl = new URL(database.url!);
    serviceUrl.username = role;
    serviceUrl.password = password;
    const service = await startServer({
      env: { ...idp.env, DATABASE_URL: serviceUrl.toString(), DATABASE_MIGRATION_URL: database.url },
      database,
      startTimeoutMs: 240_000,
    });
    try {
      const id = await auditedRead(service.origin);
      const client = new pg.Client({ connectionString: serviceUrl.toString() });
      await client.connect();
      try {
        const [{ n }] = (
          await client.query(`SELECT count(*)::int AS n FROM audit_events WHERE patient_id = $1 AND action = 'read_profile'`, [id])
        ).rows;
        assert.equal(n, 1, "the service role reads the trail");
        for (const statement of [
          `DELETE FROM audit_events`,
          `UPDATE audit_events SET actor_sub = 'nobody'`,
          `TRUNCATE audit_events`,
          `ALTER TABLE audit_events DISABLE TRIGGER USER`,
        ]) {
          await assert.rejects(client.query(statement), /permission denied|must be owner/, statement);
        }
      } finally {
        await client.end();
      }
    } finally {
      await service.stop();
      await database.drop();
      const owner = new pg.Client({ connectionString: adminDatabaseUrl });
      await owner.connect();
      await owner.query(`DROP ROLE IF EXISTS ${role}`).finally(() => owner.end());
    }
  },
);
