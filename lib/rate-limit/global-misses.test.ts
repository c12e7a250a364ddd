// The global miss budget, on its own: once spent it slows every later miss in the process.
import assert from "node:assert/strict";
import { test } from "node:test";

Object.assign(process.env, { RATE_LIMIT: "on", RATE_LIMIT_MISSES_PER_HOUR: "30", RATE_LIMIT_GLOBAL_MISSES_PER_HOUR: "5" });
delete process.env.REDIS_URL;

const limits = await import("@/lib/rate-limit");
const { logger } = await import("@/lib/log");

/** Warnings logged while `work` runs. */
async function warningsDuring(t: { mock: { method: typeof test.mock.method } }, work: () => Promise<unknown>): Promise<string[]> {
  const warn = t.mock.method(logger, "warn", () => {});
  await work();
  return warn.mock.calls.map((call) => String(call.arguments.at(-1)));
}

test("the global miss budget: once spent, every miss waits a second and one warning is logged", async (t) => {
  // Five misses (the global budget) from five addresses, each well under its own allowance.
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    await limits.countCodeMisses(`10.0.7.${i}`);
    assert.ok(performance.now() - started < limits.SPENT_BUDGET_DELAY_MS / 2, "a miss within the budget is not slowed");
  }
  const warnings = await warningsDuring(t, async () => {
    for (const address of ["10.0.8.1", "10.0.8.2"]) {
      const started = performance.now();
      await limits.countCodeMisses(address);
      assert.ok(performance.now() - started >= limits.SPENT_BUDGET_DELAY_MS - 20, "a miss past the budget is slowed");
    }
  });
  assert.deepEqual(warnings, ["global code-miss budget spent: slowing every miss down"]);
  assert.equal(limits.SPENT_BUDGET_DELAY_MS, 1000);
});
