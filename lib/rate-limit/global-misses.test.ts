// The global miss budget, on its own: once spent it slows every later miss in the process.
import assert from "node:assert/strict";
import { test } from "node:test";

Object.assign(process.env, { RATE_LIMIT: "on", RATE_LIMIT_MISSES_PER_HOUR: "30", RATE_LIMIT_GLOBAL_MISSES_PER_HOUR: "5" });
delete process.env.REDIS_URL;

const limits = await import("@/lib/rate-limit");
const { logger } = await import("@/lib/log");

test("the global miss budget: once spent, every miss waits a second and one warning is logged", async (t) => {
  // Five misses (the global budget) from five addresses, each well under its own allowance.
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    await limits.countCodeMisses(`10.0.7.${i}`);
    assert.ok(performance.now() - started < limits.SPENT_BUDGET_DELAY_MS / 2, "a miss within the budget is not slowed");
  }
  const warn = t.mock.method(logger, "warn", () => {});
  for (const address of ["10.0.8.1", "10.0.8.2"]) {
    const started = performance.now();
    await limits.countCodeMisses(address);
    assert.ok(performance.now() - started >= limits.SPENT_BUDGET_DELAY_MS - 20, "a miss past the budget is slowed");
  }
  const calls = warn.mock.calls.map((call) => call.arguments as unknown as [{ retryInSeconds: number }, string]);
  assert.deepEqual(
    calls.map(([, message]) => message),
    ["global code-miss budget spent: slowing every miss down"],
  );
  const { retryInSeconds } = calls[0]![0];
  assert.ok(retryInSeconds > 3500 && retryInSeconds <= 3600, `retryInSeconds ${retryInSeconds}`);
  assert.equal(limits.SPENT_BUDGET_DELAY_MS, 1000);
});
