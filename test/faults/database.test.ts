// The database goes away: the server reaches PostgreSQL through a loopback TCP proxy that the
// test cuts (connections reset) and black-holes (connections accepted, never answered).
// Requests answer 503 { error } instead of hanging, the readiness probe says 503 while the
// liveness probe stays 200, and once the proxy forwards again the service recovers by itself.
// Own server: it cuts and restores its server's database connection.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { romBody } from "@/lib/assessments/examples";
import { startTcpProxy, targetOf, type TcpProxy } from "@/test/support/balancer";
import { createTestDatabase, type TestDatabase } from "@/test/support/database";
import { apiClient, checked } from "@/test/support/http";
import { startServer, type TestServer } from "@/test/support/server";

/** A request that has not been answered after this long counts as hanging. */
const HANG_MS = 5_000;

describe("readiness probe", () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(() => server.stop());

  test("GET /api/health/ready is 200 with the database kind while the database answers", async () => {
    const api = apiClient(server.origin);
    const ready = await api.get("/health/ready");
    assert.equal(ready.status, 200);
    assert.equal(ready.body.status, "ready");
    assert.equal(ready.body.database, server.database.kind);
    assert.equal(ready.headers.get("cache-control"), "no-store");
  });
});

const postgresOnly =
  process.env.TEST_DATABASE_URL || process.env.DATABASE_URL
    ? false
    : "PGlite runs inside the server process: it has no connection pool (set TEST_DATABASE_URL)";

describe("a burst larger than the connection pool (PostgreSQL)", { skip: postgresOnly }, () => {
  let server: TestServer;
  before(async () => {
    server = await startServer({ env: { DATABASE_POOL_SIZE: "1", LOG_LEVEL: "warn" } });
  });
  after(() => server?.stop());

  test("40 requests at once on a pool of one connection all answer 200: they wait for it, none is refused", async () => {
    const api = apiClient(server.origin);
    const created = await api.post("/assessments/rom", romBody);
    assert.equal(created.status, 201);
    const answers = await Promise.all(Array.from({ length: 40 }, () => api.get(`/lookup/${created.body.code}`)));
    assert.deepEqual(
      answers.map((answer) => answer.status),
      Array(40).fill(200),
    );
  });
});

describe(
  "database unreachable (PostgreSQL behind a loopback proxy)",
  {
    skip:
      process.env.TEST_DATABASE_URL || process.env.DATABASE_URL
        ? false
        : "PGlite runs inside the server process: there is no connection to cut (set TEST_DATABASE_URL)",
  },
  () => {
    let database: TestDatabase;
    let proxy: TcpProxy;
    let server: TestServer;
    let api: ReturnType<typeof apiClient>;
    let code: string;

    before(async () => {
      database = await createTestDatabase();
      proxy = await startTcpProxy([targetOf(database.url!)]);
      const proxied = new URL(database.url!);
      proxied.hostname = proxy.host;
      proxied.port = String(proxy.port);
      server = await startServer({ database: { ...database, env: { DATABASE_URL: proxied.toString() } }, env: { LOG_LEVEL: "warn" } });
      api = apiClient(server.origin);
      const created = await api.post("/assessments/rom", romBody);
      assert.equal(created.status, 201);
      code = created.body.code;
    });
    after(async () => {
      await server?.stop();
      await proxy?.close();
      await database?.drop();
    });

    /** The answer, or a failure when none comes before HANG_MS. */
    async function answered(method: "GET" | "POST", path: string, body?: unknown) {
      const signal = AbortSignal.timeout(HANG_MS);
      const response = await fetch(`${server.origin}/api${path}`, {
        method,
        signal,
        headers: body ? { "content-type": "application/json" } : {},
        body: body ? JSON.stringify(body) : undefined,
      }).catch((error: Error) => assert.fail(`${method} ${path} did not answer within ${HANG_MS} ms (${error.name})`));
      const read = await checked<{ error?: string; status?: string }>(server.origin, method, path, response);
      return { status: read.status, headers: read.headers, body: read.body };
    }

    async function expectUnavailable() {
      for (const [method, path, body] of [
        ["GET", `/lookup/${code}`],
        ["GET", `/assessments/${code}/results`],
        ["POST", "/assessments/rom", romBody],
      ] as const) {
        const response = await answered(method, path, body);
        assert.equal(response.status, 503, `${method} ${path} → ${response.status}`);
        assert.match(response.body.error!, /database/i);
        assert.ok(Number(response.headers.get("retry-after")) > 0);
      }
      const ready = await answered("GET", "/health/ready");
      assert.equal(ready.status, 503);
      assert.equal(typeof ready.body.error, "string");
      const live = await answered("GET", "/health");
      assert.equal(live.status, 200, "liveness does not depend on the database");
      assert.equal(live.body.status, "ok");
    }

    async function expectRecovery() {
      proxy.restore();
      let ready = 0;
      for (let attempt = 0; attempt < 60 && ready !== 200; attempt++) {
        ready = (await answered("GET", "/health/ready")).status;
        if (ready !== 200) await new Promise((resolve) => setTimeout(resolve, 500));
      }
      assert.equal(ready, 200, "readiness returns once the database is back");
      assert.equal((await api.get(`/lookup/${code}`)).status, 200);
      assert.equal((await api.post("/assessments/rom", romBody)).status, 201);
    }

    test("the shared-result and report pages answer 503 with a try-again page while the database is away", async () => {
      const report = await api.post("/reports", { title: "Before the outage", assessmentCodes: [code] });
      assert.equal(report.status, 200);
      proxy.cut();
      for (const [path, what] of [
        [`/a/${code}`, "result"],
        [`/r/${report.body.code}`, "report"],
      ] as const) {
        // contract: pages, not the API
        const response = await fetch(`${server.origin}${path}`, { signal: AbortSignal.timeout(HANG_MS * 4) });
        assert.equal(response.status, 503, path);
        assert.equal(response.headers.get("retry-after"), "5");
        // React separates text parts with empty comments in server HTML.
        const html = (await response.text()).replaceAll("<!-- -->", "");
        assert.match(html, /We cannot open this right now/);
        assert.match(html, new RegExp(`this ${what} cannot be shown`));
        assert.match(html, new RegExp(`href="${path}"[^>]*>Try again<`));
      }
      await expectRecovery();
    });

    test("connections reset: 503 { error } without hanging, readiness 503, liveness 200; then it recovers by itself", async () => {
      proxy.cut();
      await expectUnavailable();
      await expectUnavailable(); // the pool keeps failing fast, it does not wedge
      await expectRecovery();
    });

    test("connections black-holed (accepted, never answered): 503 { error } without hanging; then it recovers", async () => {
      proxy.blackhole();
      await expectUnavailable();
      await expectRecovery();
    });
  },
);
