// Scale-out: two server instances share one PostgreSQL database and one Redis behind a
// round-robin load balancer (test/support/balancer.ts). What must hold across instances:
// sharing codes stay unique under parallel submissions, view counts add up, rate limits are
// one limit, and a record is claimed once. PostgreSQL only (PGlite is one process's database).
// Each test speaks from its own random client addresses, so Redis counters are never shared
// with other runs.
// Own server: two instances over one database and one Redis are its subject.
import assert from "node:assert/strict";
import { randomInt } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { arthritisBody, dexterityBody, painBody, romBody } from "@/lib/assessments/examples";
import { startBalancer, type Balancer } from "@/test/support/balancer";
import { createTestDatabase, queryDatabase, type TestDatabase } from "@/test/support/database";
import { apiClient } from "@/test/support/http";
import { startIdentityProvider, uniqueSub, type IdentityProvider } from "@/test/support/identity-provider";
import { startServer, type TestServer } from "@/test/support/server";

const REDIS_URL = process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379";
const PER_MINUTE = 12;
const postgres = Boolean(process.env.TEST_DATABASE_URL || process.env.DATABASE_URL);

/** A random documentation-range address (TEST-NET-2), unique enough per test run. */
const newAddress = () => `198.51.${randomInt(256)}.${randomInt(1, 255)}`;

describe(
  "two instances behind a load balancer",
  { skip: postgres ? false : "needs PostgreSQL (set TEST_DATABASE_URL): PGlite is the database of one process" },
  () => {
    let database: TestDatabase;
    let idp: IdentityProvider;
    let servers: TestServer[];
    let balancer: Balancer;
    let api: ReturnType<typeof apiClient>;

    before(async () => {
      [database, idp] = await Promise.all([createTestDatabase(), startIdentityProvider()]);
      const env = {
        ...idp.env,
        REDIS_URL,
        REDIS_KEY_PREFIX: `scale-${randomInt(1e9)}`,
        TRUST_PROXY: "loopback",
        RATE_LIMIT: "on",
        RATE_LIMIT_PER_MINUTE: String(PER_MINUTE),
        RATE_LIMIT_MISSES_PER_HOUR: "1000",
        LOG_LEVEL: "warn",
      };
      servers = await Promise.all([
        startServer({ database, env, startTimeoutMs: 240_000 }),
        startServer({ database, env, startTimeoutMs: 240_000 }),
      ]);
      balancer = await startBalancer(servers.map((s) => s.origin));
      api = apiClient(balancer.origin);
    });
    after(async () => {
      await balancer?.close();
      await Promise.all((servers ?? []).map((s) => s.stop()));
      await Promise.all([database?.drop(), idp?.close()]);
    });

    test("parallel submissions through both instances all get distinct codes", async () => {
      const bodies = [
        ["/assessments/rom", romBody],
        ["/assessments/dexterity", dexterityBody],
        ["/assessments/pain-v2", painBody],
        ["/assessments/arthritis", arthritisBody],
      ] as const;
      const before = [...balancer.requests];
      const created = await Promise.all(
        Array.from({ length: 160 }, (_, i) =>
          api.post(bodies[i % 4]![0], bodies[i % 4]![1], { headers: { "x-forwarded-for": newAddress() } }),
        ),
      );
      assert.deepEqual(
        created.map((r) => r.status),
        created.map(() => 201),
      );
      const codes = new Set(created.map((r) => r.body.code));
      assert.equal(codes.size, 160);
      assert.ok(
        balancer.requests.every((count, i) => count - before[i]! >= 60),
        `both instances served: ${balancer.requests}`,
      );
      const stored = await queryDatabase<{ n: string; distinct_codes: string }>(
        database,
        "SELECT count(*) AS n, count(DISTINCT code) AS distinct_codes FROM assessments WHERE code = ANY($1)",
        [[...codes]],
      );
      assert.equal(Number(stored[0]!.n), 160);
      assert.equal(Number(stored[0]!.distinct_codes), 160);
    });

    test("view counts add up across instances: every view counted once", async () => {
      const { body } = await api.post("/assessments/rom", romBody, { headers: { "x-forwarded-for": newAddress() } });
      const views = await Promise.all(
        Array.from({ length: 40 }, () => api.get(`/lookup/${body.code}`, { headers: { "x-forwarded-for": newAddress() } })),
      );
      assert.deepEqual(
        views.map((v) => v.status),
        views.map(() => 200),
      );
      // Each answer carries the count after its own view: together exactly 1..40.
      assert.deepEqual(
        views.map((v) => v.body.viewCount).sort((a, b) => a - b),
        Array.from({ length: 40 }, (_, i) => i + 1),
      );
      const last = await api.get(`/lookup/${body.code}`, { headers: { "x-forwarded-for": newAddress() } });
      assert.equal(last.body.viewCount, 41);
    });

    test("the per-address rate limit is one limit for both instances (shared in Redis)", async () => {
      const { body } = await api.post("/assessments/rom", romBody, { headers: { "x-forwarded-for": newAddress() } });
      const address = newAddress();
      const before = [...balancer.requests];
      const answers = [];
      for (let i = 0; i < PER_MINUTE + 8; i++)
        answers.push(await api.get(`/lookup/${body.code}`, { headers: { "x-forwarded-for": address } }));
      assert.ok(
        balancer.requests.every((count, i) => count - before[i]! >= PER_MINUTE / 2),
        "requests alternated between the instances",
      );
      assert.equal(answers.filter((a) => a.status === 200).length, PER_MINUTE, "one budget, not one per instance");
      const refused = answers.filter((a) => a.status === 429);
      assert.equal(refused.length, 8);
      assert.ok(refused.every((a) => Number(a.headers.get("retry-after")) > 0));
      // Another address is unaffected.
      assert.equal((await api.get(`/lookup/${body.code}`, { headers: { "x-forwarded-for": newAddress() } })).status, 200);
    });

    test("concurrent claims through both instances: exactly one succeeds", async () => {
      const { body } = await api.post("/assessments/rom", romBody, { headers: { "x-forwarded-for": newAddress() } });
      const tokens = await Promise.all(Array.from({ length: 12 }, () => idp.token({ sub: uniqueSub("claimer"), roles: ["patient"] })));
      const claims = await Promise.all(
        tokens.map((token) => api.post(`/lookup/${body.code}/claim`, undefined, { token, headers: { "x-forwarded-for": newAddress() } })),
      );
      assert.equal(claims.filter((c) => c.status === 200).length, 1, `statuses: ${claims.map((c) => c.status)}`);
      assert.ok(claims.every((c) => c.status === 200 || c.status === 404));
      const owners = await queryDatabase<{ is_anonymous: boolean; expires_at: Date | null }>(
        database,
        "SELECT is_anonymous, expires_at FROM assessments WHERE code = $1",
        [body.code],
      );
      assert.equal(owners[0]!.is_anonymous, false);
      assert.equal(owners[0]!.expires_at, null);
    });
  },
);
