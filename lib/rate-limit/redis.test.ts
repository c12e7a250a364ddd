// The abuse limits in Redis (REDIS_URL): counts live under the configured key prefix, so every
// instance sharing the store shares them; a flooding address is then answered from memory.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { connect } from "node:net";
import { after, before, describe, test } from "node:test";
import { createHash } from "node:crypto";
import { Redis } from "ioredis";

const prefix = `hand-test-${randomBytes(4).toString("hex")}`;
Object.assign(process.env, {
  RATE_LIMIT: "on",
  REDIS_URL: process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379",
  REDIS_KEY_PREFIX: prefix,
  RATE_LIMIT_PER_MINUTE: "2",
  RATE_LIMIT_MISSES_PER_HOUR: "1",
  RATE_LIMIT_MISSES_PER_48_PER_HOUR: "2",
  RATE_LIMIT_WRITES_PER_MINUTE: "1",
  RATE_LIMIT_AI_PER_MINUTE: "1",
  RATE_LIMIT_COMPUTE_PER_MINUTE: "1",
  AI_DAILY_BUDGET: "5",
});

// A machine without Redis skips these, loudly; the PostgreSQL pass of CI (which starts Redis)
// fails when they did not run (scripts/test.mjs).
const redisUrl = new URL(process.env.REDIS_URL!);
const reachable = await new Promise<boolean>((resolve) => {
  const socket = connect(Number(redisUrl.port || 6379), redisUrl.hostname);
  const settle = (value: boolean) => () => {
    socket.destroy();
    resolve(value);
  };
  socket.setTimeout(1000).once("connect", settle(true)).once("error", settle(false)).once("timeout", settle(false));
});
const skip = reachable ? false : `needs Redis at ${redisUrl.host} (set TEST_REDIS_URL; .ci/run starts it)`;

let limits: typeof import("@/lib/rate-limit");
let ApiError: typeof import("@/lib/api/errors").ApiError;
let redis: Redis;

before(async () => {
  if (!reachable) return;
  limits = await import("@/lib/rate-limit");
  ({ ApiError } = await import("@/lib/api/errors"));
  redis = new Redis(process.env.REDIS_URL!);
});

after(async () => {
  if (!redis) return;
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
  (globalThis as { __handRedis?: Redis }).__handRedis?.disconnect();
});

describe("the abuse limits in Redis", { skip }, () => {
  test("counts are kept in Redis under REDIS_KEY_PREFIX, one key per limit and address", async () => {
    await limits.countCodeLookups("10.2.0.1");
    await limits.countWrite("10.2.0.1");
    await limits.countCodeMisses("10.2.0.1");
    assert.equal(await redis.get(`${prefix}:rl:code:req:10.2.0.1`), "1");
    assert.equal(await redis.get(`${prefix}:rl:write:10.2.0.1`), "1");
    assert.equal(await redis.get(`${prefix}:rl:code:miss:10.2.0.1`), "1");
    assert.equal(await redis.get(`${prefix}:rl:code:global-miss:all`), "1");
  });

  test("an IPv6 /48's misses are one count in the store, and past it every client of the /48 is refused", async () => {
    const site = "2001:db8:77::/48";
    await limits.countCodeMisses("client:2001:db8:77:1::/64", 1, site);
    await limits.countCodeMisses("client:2001:db8:77:2::/64", 1, site);
    assert.equal(await redis.get(`${prefix}:rl:code:miss48:${site}`), "2");
    await assert.rejects(
      limits.countCodeMisses("client:2001:db8:77:3::/64", 1, site),
      (error) => error instanceof ApiError && error.status === 429,
    );
    await assert.rejects(
      limits.countCodeLookups("client:2001:db8:77:4::/64", 1, site),
      (error) => error instanceof ApiError && error.status === 429,
    );
    await limits.countCodeLookups("client:2001:db8:78:4::/64", 1, "2001:db8:78::/48");
  });

  test("a count another instance made in the shared store is honoured here", async () => {
    await redis.set(`${prefix}:rl:code:req:10.2.1.1`, "2", "EX", 60);
    await assert.rejects(limits.countCodeLookups("10.2.1.1"), (error) => error instanceof ApiError && error.status === 429);
  });

  test("a flooding address is answered from memory once over, without a store round trip", async () => {
    await limits.countWrite("10.2.2.1");
    await assert.rejects(limits.countWrite("10.2.2.1"), (error) => error instanceof ApiError && error.status === 429);
    await redis.del(`${prefix}:rl:write:10.2.2.1`);
    await assert.rejects(limits.countWrite("10.2.2.1"), (error) => error instanceof ApiError && error.status === 429);
  });

  test("mail, model, speech and computation counts have their own keys; recipients are stored hashed", async () => {
    await limits.countMail("10.2.3.1", " Bob@Example.com ");
    await limits.countAiCall("10.2.3.1");
    await limits.countCompute("10.2.3.1");
    assert.equal(await limits.spendModelBudget(), true);
    const recipient = createHash("sha256").update("bob@example.com").digest("hex").slice(0, 32);
    assert.equal(await redis.get(`${prefix}:rl:mail:caller:10.2.3.1`), "1");
    assert.equal(await redis.get(`${prefix}:rl:mail:to:${recipient}`), "1");
    assert.equal(await redis.get(`${prefix}:rl:mail:all:all`), "1");
    assert.equal(await redis.get(`${prefix}:rl:ai:10.2.3.1`), "1");
    assert.equal(await redis.get(`${prefix}:rl:compute:10.2.3.1`), "1");
    const budgetKey = `${prefix}:rl:ai:budget:${new Date().toISOString().slice(0, 10)}`;
    assert.equal(await redis.get(budgetKey), "1");
    // The daily budget is kept a little longer than a day, so it renews by its date key, not by expiry.
    const ttl = await redis.pttl(budgetKey);
    assert.ok(ttl > 24 * 3600 * 1000 && ttl <= 25 * 3600 * 1000, `ttl ${ttl}`);
  });

  test("lookups, model calls and computations of a flooding address are answered from memory once over", async () => {
    const flood: [string, (address: string) => Promise<unknown>, number][] = [
      ["rl:code:req", (address) => limits.countCodeLookups(address), 2],
      ["rl:ai", (address) => limits.countAiCall(address), 1],
      ["rl:compute", (address) => limits.countCompute(address), 1],
    ];
    for (const [key, count, allowance] of flood) {
      for (let i = 0; i < allowance; i++) await count("10.2.4.1");
      await assert.rejects(count("10.2.4.1"), (error) => error instanceof ApiError && error.status === 429, key);
      await redis.del(`${prefix}:${key}:10.2.4.1`);
      await assert.rejects(count("10.2.4.1"), (error) => error instanceof ApiError && error.status === 429, key);
    }
    assert.equal(await limits.allowAiCall("10.2.4.1"), false);
  });
});
