// RATE_LIMIT=off (benchmarks only): no limit refuses anything.
import assert from "node:assert/strict";
import { test } from "node:test";

Object.assign(process.env, {
  RATE_LIMIT: "off",
  RATE_LIMIT_PER_MINUTE: "1",
  RATE_LIMIT_MISSES_PER_HOUR: "1",
  RATE_LIMIT_GLOBAL_MISSES_PER_HOUR: "1",
  RATE_LIMIT_WRITES_PER_MINUTE: "1",
  RATE_LIMIT_MAIL_PER_HOUR: "1",
  RATE_LIMIT_AI_PER_MINUTE: "1",
  RATE_LIMIT_COMPUTE_PER_MINUTE: "1",
  AI_DAILY_BUDGET: "1",
});

const limits = await import("@/lib/rate-limit");

test("with RATE_LIMIT=off every allowance is unlimited and no miss is slowed", async (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  for (let i = 0; i < 3; i++) {
    await limits.countCodeLookups("10.1.0.1", 5);
    let missed = false;
    void limits.countCodeMisses("10.1.0.1", 5).then(() => (missed = true));
    for (let j = 0; j < 20; j++) await new Promise((resolve) => setImmediate(resolve));
    assert.equal(missed, true, "a miss is answered at once");
    await limits.countWrite("10.1.0.1");
    await limits.countMail("10.1.0.1", "bob@example.com");
    await limits.countAiCall("10.1.0.1");
    assert.equal(await limits.allowAiCall("10.1.0.1"), true);
    await limits.countCompute("10.1.0.1");
    assert.equal(await limits.spendModelBudget(), true);
  }
});
