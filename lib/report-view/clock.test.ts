import assert from "node:assert/strict";
import { test } from "node:test";
import { formatOn, formattersKept, FORMATTERS_KEPT } from "@/lib/report-view/clock";

const ISO = "2026-03-05T12:00:00.000Z";

test("formatters for caller-chosen clocks are bounded; a dropped one is made again, formatting the same", async () => {
  const first = formatOn({ timeZone: "Europe/Madrid", locale: "es-ES" }, "date", ISO);
  // Every locale tag with a private-use subtag is valid and distinct: a caller can name endlessly many.
  for (let i = 0; i < FORMATTERS_KEPT * 4; i++) formatOn({ timeZone: "UTC", locale: `en-GB-x-c${i}` }, "date", ISO);
  assert.equal(formattersKept(), FORMATTERS_KEPT);
  assert.equal(formatOn({ timeZone: "Europe/Madrid", locale: "es-ES" }, "date", ISO), first);
  assert.equal(formatOn({ timeZone: "UTC", locale: "en-GB" }, "date", ISO), "5 Mar 2026");
});
