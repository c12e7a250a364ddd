// Redis unreachable: the limits fall back to memory (requests neither fail nor wait long) and
// the store's errors are logged by kind only.
import assert from "node:assert/strict";
import { createServer } from "node:net";
import { test } from "node:test";

// A port nothing listens on: taken, then released.
const closed = await new Promise<number>((resolve) => {
  const server = createServer().listen(0, "127.0.0.1", () => {
    const { port } = server.address() as { port: number };
    server.close(() => resolve(port));
  });
});
Object.assign(process.env, { RATE_LIMIT: "on", REDIS_URL: `redis://127.0.0.1:${closed}`, RATE_LIMIT_WRITES_PER_MINUTE: "2" });

const limits = await import("@/lib/rate-limit");
const { ApiError } = await import("@/lib/api/errors");
const { logger } = await import("@/lib/log");

test("with the store down, the in-memory limits still count, promptly, and the store's errors are logged without detail", async (t) => {
  const warn = t.mock.method(logger, "warn", () => {});
  const started = performance.now();
  await limits.countWrite("10.4.0.1");
  await limits.countWrite("10.4.0.1");
  await assert.rejects(limits.countWrite("10.4.0.1"), (error) => error instanceof ApiError && error.status === 429);
  assert.ok(performance.now() - started < 5_000, "requests do not wait for the store");
  await new Promise((resolve) => setTimeout(resolve, 200));
  const storeErrors = warn.mock.calls.filter((call) => call.arguments.at(-1) === "rate limit store (Redis) error");
  assert.ok(storeErrors.length > 0, "the store's errors are logged");
  assert.deepEqual(storeErrors[0]!.arguments[0], { err: "ECONNREFUSED" });
  (globalThis as { __handRedis?: { disconnect(): void } }).__handRedis?.disconnect();
});
