// The global miss budget, on its own: once spent it slows every later miss in the process.
import assert from "node:assert/strict";
import { test } from "node:test";

Object.assign(process.env, { RATE_LIMIT: "on", RATE_LIMIT_MISSES_PER_HOUR: "30", RATE_LIMIT_GLOBAL_MISSES_PER_HOUR: "5" });
delete process.env.REDIS_URL;

const limits = await import("@/lib/rate-limit");
const { logger } = await import("@/lib/log");

/** Lets pending promise chains run (the limiter's store calls), without advancing mocked timers. */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
}

/** Starts a miss and reports whether it has finished yet. */
function miss(address: string) {
  const state = { done: false, promise: limits.countCodeMisses(address) };
  state.promise = state.promise.then(() => void (state.done = true));
  return state;
}

test("the global miss budget: once spent, every miss waits a second and one warning is logged", async (t) => {
  // The clock of the delay is mocked, so the test measures the rule, not the machine's load.
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const warn = t.mock.method(logger, "warn", () => {});
  // Five misses (the global budget) from five addresses, each well under its own allowance.
  for (let i = 0; i < 5; i++) {
    const within = miss(`10.0.7.${i}`);
    await settle();
    assert.equal(within.done, true, "a miss within the budget is not slowed");
  }
  assert.equal(warn.mock.callCount(), 0);
  for (const address of ["10.0.8.1", "10.0.8.2"]) {
    const past = miss(address);
    await settle();
    t.mock.timers.tick(limits.SPENT_BUDGET_DELAY_MS - 1);
    await settle();
    assert.equal(past.done, false, "a miss past the budget is slowed");
    t.mock.timers.tick(1);
    await past.promise;
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
