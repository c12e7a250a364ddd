// The abuse limits in memory (no REDIS_URL), with allowances small enough to spend in a test.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { ApiError as ApiErrorClass } from "@/lib/api/errors";

Object.assign(process.env, {
  RATE_LIMIT: "on",
  RATE_LIMIT_PER_MINUTE: "3",
  RATE_LIMIT_MISSES_PER_HOUR: "2",
  RATE_LIMIT_MISSES_PER_48_PER_HOUR: "3",
  RATE_LIMIT_GLOBAL_MISSES_PER_HOUR: "1000",
  RATE_LIMIT_WRITES_PER_MINUTE: "2",
  RATE_LIMIT_MAIL_PER_HOUR: "1",
  RATE_LIMIT_MAIL_PER_RECIPIENT_PER_DAY: "1",
  RATE_LIMIT_MAIL_GLOBAL_PER_HOUR: "4",
  RATE_LIMIT_AI_PER_MINUTE: "2",
  RATE_LIMIT_COMPUTE_PER_MINUTE: "2",
  AI_DAILY_BUDGET: "2",
  PATIENT_REPORTS_PER_DAY: "2",
  BULK_EXPORT_KICKOFFS_PER_DAY: "2",
  RATE_LIMIT_PDF_PER_MINUTE: "2",
  BULK_EXPORT_DOWNLOADS_PER_HOUR: "2",
});
delete process.env.REDIS_URL;

const limits = await import("@/lib/rate-limit");
const { ApiError } = await import("@/lib/api/errors");
const { logger } = await import("@/lib/log");

/** The 429 a call rejects with. */
async function refusal(promise: Promise<unknown>): Promise<InstanceType<typeof ApiErrorClass>> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof ApiError, `expected ApiError, got ${error}`);
    assert.equal(error.status, 429);
    assert.equal(error.code, "RATE_LIMITED");
    return error;
  }
  assert.fail("expected a 429");
}

const retryAfter = (error: InstanceType<typeof ApiErrorClass>) => Number(error.headers?.["retry-after"]);

/** Warnings logged while `work` runs. */
async function warningsDuring(t: { mock: { method: typeof test.mock.method } }, work: () => Promise<unknown>): Promise<string[]> {
  const warn = t.mock.method(logger, "warn", () => {});
  await work();
  return warn.mock.calls.map((call) => String(call.arguments.at(-1)));
}

test("code lookups: the per-minute allowance per address, then 429 with a Retry-After within the minute", async () => {
  for (let i = 0; i < 3; i++) await limits.countCodeLookups("10.0.0.1");
  const error = await refusal(limits.countCodeLookups("10.0.0.1"));
  assert.equal(error.message, "Too many requests; try again later");
  assert.ok(retryAfter(error) >= 1 && retryAfter(error) <= 60, `retry-after ${retryAfter(error)}`);
  await limits.countCodeLookups("10.0.0.2");
});

test("code lookups: a report spends one lookup per listed code, and zero codes spend nothing", async () => {
  await limits.countCodeLookups("10.0.1.1", 3);
  await limits.countCodeLookups("10.0.1.1", 0);
  await refusal(limits.countCodeLookups("10.0.1.1", 1));
  await limits.countCodeLookups("10.0.1.2", 2);
  await limits.countCodeLookups("10.0.1.2");
  await refusal(limits.countCodeLookups("10.0.1.2"));
  // Over the allowance, a report listing no codes is still answered.
  await limits.countCodeLookups("10.0.1.2", 0);
});

test("code misses: past the hour's allowance the address is blocked for an hour on every code route", async () => {
  await limits.countCodeMisses("10.0.2.1");
  await limits.countCodeMisses("10.0.2.1");
  const blocked = await refusal(limits.countCodeMisses("10.0.2.1"));
  assert.equal(blocked.message, "Too many unknown codes; try again later");
  assert.equal(retryAfter(blocked), 3600);
  const lookup = await refusal(limits.countCodeLookups("10.0.2.1"));
  assert.equal(lookup.message, "Too many unknown codes; try again later");
  assert.ok(retryAfter(lookup) > 3500, `retry-after ${retryAfter(lookup)}`);
  await limits.countCodeLookups("10.0.2.2");
  await limits.countCodeMisses("10.0.2.3", 0);
  await limits.countCodeMisses("10.0.2.3", 0);
  await limits.countCodeMisses("10.0.2.3", 0);
  await limits.countCodeMisses("10.0.2.3", 2);
  await refusal(limits.countCodeMisses("10.0.2.3", 1));
  await limits.countCodeMisses("10.0.2.3", 0);
});

test("code misses per /48: past its allowance every client in it is blocked until the hour is over; other sites are not", async () => {
  const site = "2001:db8:48::/48";
  await limits.countCodeMisses("client:2001:db8:48:1::/64", 1, site);
  await limits.countCodeMisses("client:2001:db8:48:2::/64", 1, site);
  await limits.countCodeMisses("client:2001:db8:48:3::/64", 1, site);
  const over = await refusal(limits.countCodeMisses("client:2001:db8:48:4::/64", 1, site));
  assert.equal(over.message, "Too many unknown codes from this network; try again later");
  const lookup = await refusal(limits.countCodeLookups("client:2001:db8:48:5::/64", 1, site));
  assert.equal(lookup.message, "Too many unknown codes from this network; try again later");
  assert.ok(retryAfter(lookup) > 3500, `retry-after ${retryAfter(lookup)}`);
  await limits.countCodeLookups("client:2001:db8:49:1::/64", 1, "2001:db8:49::/48");
  await limits.countCodeLookups("user:signed-in-from-that-site");
});

test("writes: the per-minute allowance per address", async () => {
  await limits.countWrite("10.0.3.1");
  await limits.countWrite("10.0.3.1");
  const error = await refusal(limits.countWrite("10.0.3.1"));
  assert.equal(error.message, "Too many submissions; try again in a minute");
  assert.ok(retryAfter(error) >= 1 && retryAfter(error) <= 60);
  await limits.countWrite("10.0.3.2");
});

test("mail: per recipient (case and spaces do not make a new recipient), per address and overall", async (t) => {
  await limits.countMail("10.0.4.1", "bob@example.com");
  const error = await refusal(limits.countMail("10.0.4.2", "  BOB@Example.com "));
  assert.equal(error.message, "Too many e-mails; try again later");
  assert.ok(retryAfter(error) > 3600, "the per-recipient window is a day");

  await limits.countMail("10.0.4.3", "carol@example.com");
  const byAddress = await refusal(limits.countMail("10.0.4.3", "dave@example.com"));
  assert.ok(retryAfter(byAddress) <= 3600, "the per-address window is an hour");

  // The overall allowance (4) is now spent: three e-mails counted above, one here.
  const warnings = await warningsDuring(t, async () => {
    await refusal(limits.countMail("10.0.4.4", "erin@example.com"));
    await refusal(limits.countMail("10.0.4.5", "frank@example.com"));
  });
  assert.deepEqual(warnings, ["overall e-mail allowance spent: refusing mail for now"]);
});

test("model and speech calls: one per-minute allowance per address, as a boolean for voice and a 429 for HTTP", async () => {
  assert.equal(await limits.allowAiCall("10.0.5.1"), true);
  await limits.countAiCall("10.0.5.1");
  assert.equal(await limits.allowAiCall("10.0.5.1"), false);
  const error = await refusal(limits.countAiCall("10.0.5.1"));
  assert.equal(error.message, "Too many model or speech requests; try again in a minute");
  assert.equal(await limits.allowAiCall("10.0.5.2"), true);
});

test("expensive computations: the per-minute allowance per address", async () => {
  await limits.countCompute("10.0.6.1");
  await limits.countCompute("10.0.6.1");
  const error = await refusal(limits.countCompute("10.0.6.1"));
  assert.equal(error.message, "Too many analyses or exports; try again in a minute");
  await limits.countCompute("10.0.6.2");
});

test("report PDFs: the per-minute allowance per address, then 429 within the minute; other addresses go on", async () => {
  await limits.countPdf("10.0.7.1");
  await limits.countPdf("10.0.7.1");
  const error = await refusal(limits.countPdf("10.0.7.1"));
  assert.equal(error.message, "Too many PDFs from this address; try again in a minute");
  assert.ok(retryAfter(error) >= 1 && retryAfter(error) <= 60, "the window is a minute");
  await limits.countPdf("10.0.7.2");
});

test("reports made for patients: the day's allowance per caller, then 429 for the rest of the day; other callers go on", async () => {
  await limits.countPatientReport("user:clinician-a");
  await limits.countPatientReport("user:clinician-a");
  const error = await refusal(limits.countPatientReport("user:clinician-a"));
  assert.equal(error.message, "Too many patient reports made today; try again tomorrow");
  assert.ok(retryAfter(error) > 3600, "the window is a day");
  await limits.countPatientReport("user:clinician-b");
});

test("bulk exports: the day's kick-offs and the hour's downloads per caller, each its own allowance, then 429 until its window ends", async () => {
  await limits.countBulkExport("user:exporter-a");
  await limits.countBulkExport("user:exporter-a");
  const kickOff = await refusal(limits.countBulkExport("user:exporter-a"));
  assert.equal(kickOff.message, "Too many bulk exports started today; try again later");
  assert.ok(retryAfter(kickOff) > 3600, "the kick-offs' window is a day");
  // The downloads are counted apart: a caller out of kick-offs still downloads, up to the hour's allowance.
  await limits.countBulkDownload("user:exporter-a");
  await limits.countBulkDownload("user:exporter-a");
  const download = await refusal(limits.countBulkDownload("user:exporter-a"));
  assert.equal(download.message, "Too many bulk export downloads this hour; try again later");
  assert.ok(retryAfter(download) > 60 && retryAfter(download) <= 3600, "the downloads' window is an hour");
  await limits.countBulkExport("user:exporter-b");
  await limits.countBulkDownload("user:exporter-b");
});

test("the daily model budget is shared by every caller and, once spent, says so once", async (t) => {
  assert.equal(await limits.spendModelBudget(), true);
  assert.equal(await limits.spendModelBudget(), true);
  const warn = t.mock.method(logger, "warn", () => {});
  assert.equal(await limits.spendModelBudget(), false);
  assert.equal(await limits.spendModelBudget(), false);
  assert.deepEqual(
    warn.mock.calls.map((call) => call.arguments),
    [[{ budget: 2 }, "daily model budget spent: template and script answers until midnight UTC"]],
  );
});
