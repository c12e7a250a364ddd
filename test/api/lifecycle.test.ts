// The server's life: configuration errors, graceful stop with requests in flight, restarts
// that keep data, and instances that start together on one database.
// Own server: start-up, signals and restarts are its subject.
import assert from "node:assert/strict";
import { request as httpRequest } from "node:http";
import { test } from "node:test";
import pg from "pg";
import { adminDatabaseUrl, createTestDatabase, queryDatabase } from "@/test/support/database";
import { apiClient } from "@/test/support/http";
import { startServer, type TestServer } from "@/test/support/server";
import { romBody } from "@/lib/assessments/examples";
import { readMigrations } from "@/lib/db/migrate";

const migrationCount = readMigrations().length;

test("a bad configuration value stops the start with one line naming the variable", async () => {
  await assert.rejects(startServer({ env: { PORT: "eighty" } }), (error: Error) => {
    assert.match(error.message, /exited with 1/);
    assert.match(error.message, /Invalid environment variable PORT: /);
    return true;
  });
});

test("SIGTERM lets an in-flight request finish, then exits 0", async () => {
  const server = await startServer();
  const url = new URL(`${server.origin}/api/assessments/pain`);
  const body = JSON.stringify({ painRating: 4, comments: "still typing" });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      },
      (res) => {
        let text = "";
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode!, body: text }));
      },
    );
    req.on("error", reject);
    req.write(body.slice(0, 10));
    // The request is now in flight: headers sent, body half written.
    setTimeout(() => {
      server.process.kill("SIGTERM");
      setTimeout(() => req.end(body.slice(10)), 500);
    }, 300);
  });
  const { status, body: text } = await response;
  assert.equal(status, 201);
  assert.equal(JSON.parse(text).painRating, 4);
  assert.equal(await server.stop(), 0);
  assert.match(server.output(), /shutting down/);
  // New connections are refused once stopped (contract: nothing answers).
  await assert.rejects(fetch(`${server.origin}/api/health`));
});

test("a restart keeps the data: what was written before is read after, and every migration stays applied", async () => {
  const database = await createTestDatabase({ empty: true });
  const servers: TestServer[] = [];
  try {
    const first = await startServer({ database });
    servers.push(first);
    // A new PostgreSQL database runs every migration; a new embedded one starts as a copy of the
    // build's template, which has them applied (scripts/lib/pglite-template.mjs).
    assert.match(first.output(), new RegExp(`"applied":${database.kind === "postgres" ? migrationCount : 0}\\b`));
    const written = await apiClient(first.origin).post("/assessments/rom", { hand: "RIGHT", overallScore: 77, wristScore: 70 });
    assert.equal(written.status, 201);
    assert.equal(await first.stop(), 0);
    const second = await startServer({ database });
    servers.push(second);
    assert.match(second.output(), /"applied":0/);
    const read = await apiClient(second.origin).get(`/lookup/${written.body.code}`);
    assert.equal(read.status, 200);
    assert.deepEqual(
      [read.body.code, read.body.resultSnapshot.overallScore, read.body.resultSnapshot.wristScore],
      [written.body.code, 77, 70],
    );
    assert.equal(await second.stop(), 0);
    // Read once the server is down: an embedded database takes one process at a time.
    const recorded = await queryDatabase<{ migration_name: string }>(
      database,
      `SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name`,
    );
    assert.deepEqual(
      recorded.map((row) => row.migration_name),
      readMigrations()
        .map((migration) => migration.name)
        .sort(),
    );
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await database.drop();
  }
});

/** The start line that states what acknowledged commits rest on. */
function durabilityLine(server: TestServer): { durability: Record<string, unknown>; survives: string; level: number } {
  const line = server
    .output()
    .split("\n")
    .find((l) => l.includes('"survives"'));
  assert.ok(line, "the server states its durability at start");
  return JSON.parse(line);
}

test("the start states what acknowledged commits survive, from the database's own settings", async () => {
  const server = await startServer();
  try {
    const { durability, survives, level } = durabilityLine(server);
    assert.equal(durability.synchronousCommit, "on");
    assert.equal(durability.fullPageWrites, "on");
    if (server.database.kind === "pglite") {
      // PGlite writes its data directory out on every commit (relaxedDurability off); its own fsync is off.
      assert.deepEqual([durability.pgliteRelaxedDurability, survives], [false, "process crash"]);
    } else {
      assert.deepEqual([durability.fsync, survives], ["on", "power loss"]);
    }
    assert.equal(level, 30, "info, not a warning");
  } finally {
    await server.stop();
  }
});

test(
  "a submission commits with synchronous_commit on, read inside its own write transaction (PostgreSQL)",
  { skip: !adminDatabaseUrl && "needs PostgreSQL (TEST_DATABASE_URL)" },
  async () => {
    // The start line reads the setting outside any transaction; a SET LOCAL inside each write
    // transaction would escape it. A trigger on the written table records what the write saw.
    const server = await startServer();
    const client = new pg.Client({ connectionString: server.database.url });
    await client.connect();
    try {
      await client.query(`
        CREATE TABLE durability_probe (setting text NOT NULL);
        CREATE FUNCTION durability_probe() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN INSERT INTO durability_probe VALUES (current_setting('synchronous_commit')); RETURN NEW; END $$;
        CREATE TRIGGER durability_probe AFTER INSERT ON assessments FOR EACH ROW EXECUTE FUNCTION durability_probe();`);
      assert.equal((await apiClient(server.origin).post("/assessments/rom", romBody)).status, 201);
      const { rows } = await client.query<{ setting: string }>("SELECT setting FROM durability_probe");
      assert.deepEqual(rows, [{ setting: "on" }]);
    } finally {
      await client.end();
      await server.stop();
    }
  },
);

test(
  "PostgreSQL with synchronous_commit off is reported at start as not durable",
  { skip: !adminDatabaseUrl && "needs PostgreSQL (TEST_DATABASE_URL)" },
  async () => {
    const database = await createTestDatabase();
    try {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      await client.query(`ALTER DATABASE "${new URL(database.url!).pathname.slice(1)}" SET synchronous_commit = off`);
      await client.end();
      const server = await startServer({ database });
      try {
        const { durability, survives, level } = durabilityLine(server);
        assert.deepEqual([durability.synchronousCommit, survives, level], ["off", "none", 40]);
      } finally {
        await server.stop();
      }
    } finally {
      await database.drop();
    }
  },
);

test(
  "two instances started at once on one empty PostgreSQL both come up (advisory lock)",
  { skip: !adminDatabaseUrl && "needs PostgreSQL (TEST_DATABASE_URL)" },
  async () => {
    const database = await createTestDatabase({ empty: true });
    const started = await Promise.allSettled([startServer({ database }), startServer({ database })]);
    const running = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
    try {
      assert.equal(
        running.length,
        2,
        `an instance did not come up: ${started.map((r) => (r.status === "rejected" ? String(r.reason) : "ok")).join("; ")}`,
      );
      const [a, b] = running as [TestServer, TestServer];
      for (const server of [a, b]) assert.equal((await apiClient(server.origin).get("/health")).status, 200);
      const applied = [a.output(), b.output()].map((out) => Number(/"applied":(\d+)/.exec(out)![1])).sort((x, y) => x - y);
      assert.deepEqual(applied, [0, migrationCount], "exactly one instance applied the migrations");
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      const { rows } = await client.query(`SELECT count(*)::int AS n FROM "_prisma_migrations"`);
      await client.end();
      assert.equal(rows[0].n, migrationCount);
    } finally {
      await Promise.all(running.map((server) => server.stop()));
      await database.drop();
    }
  },
);
