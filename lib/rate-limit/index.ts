// Abuse limits, per caller and across all callers, counted with rate-limiter-flexible: in Redis at
// REDIS_URL so every instance shares the counts, in memory otherwise (and in memory while Redis is
// unreachable). Over a limit: 429 RATE_LIMITED with Retry-After, except where a cheaper answer
// exists (the model's daily budget falls back to the template text). RATE_LIMIT=off turns every
// limit here off (benchmarks only). docs/security.md lists them with their defaults.
//
// A caller is counted by a key (limitKey): a signed-in caller by its token's subject (hashed), so
// that staff behind one clinic NAT each have their own allowance and one user on many addresses
// has one; an anonymous caller by its client key (lib/http/trust.ts: an IPv4 address or an IPv6 /64).
//
// Sharing codes (31^6 of them, millions stored) are guessable by a botnet, so every route that
// takes a code spends the same allowances:
// - lookups per caller per minute (RATE_LIMIT_PER_MINUTE); a report counts each code it lists;
// - misses (unknown codes) per caller per hour (RATE_LIMIT_MISSES_PER_HOUR), after which the
//   caller is blocked on every code route for an hour;
// - misses per IPv6 /48 per hour (RATE_LIMIT_MISSES_PER_48_PER_HOUR), anonymous callers only: a
//   site holding 65,536 /64s gets a few clients' allowance, not 65,536 of them; past it the /48
//   is blocked on every code route until its hour is over;
// - a global miss budget per hour (RATE_LIMIT_GLOBAL_MISSES_PER_HOUR): once spent, every miss
//   is slowed down and a warning is logged.
// A code lookup costs one store round trip (one script in Redis, two commands pipelined for an
// anonymous IPv6 caller); misses cost one more.
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { ApiError } from "@/lib/api/errors";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";

/** Whom a request's allowances count (made by limitSubjectOf in lib/http/client-address.ts). */
export interface LimitSubject {
  /** "user:<hash of the token's subject>" when signed in, else "client:<IPv4 address or IPv6 /64>". */
  key: string;
  /** The IPv6 /48 of an anonymous caller, whose code misses are counted together too; otherwise null. */
  site: string | null;
}

/** How long a miss waits once the global miss budget is spent. */
export const SPENT_BUDGET_DELAY_MS = 1_000;
const WARNING_INTERVAL_MS = 60_000;
const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

interface Limiters {
  lookups: RateLimiterAbstract;
  misses: RateLimiterAbstract;
  siteMisses: RateLimiterAbstract;
  globalMisses: RateLimiterAbstract;
  writes: RateLimiterAbstract;
  mailPerCaller: RateLimiterAbstract;
  mailPerRecipient: RateLimiterAbstract;
  mailOverall: RateLimiterAbstract;
  ai: RateLimiterAbstract;
  compute: RateLimiterAbstract;
  pdf: RateLimiterAbstract;
  bulkExports: RateLimiterAbstract;
  bulkDownloads: RateLimiterAbstract;
  patientReports: RateLimiterAbstract;
  modelBudget: RateLimiterAbstract;
}

interface LimiterOptions {
  keyPrefix: string;
  points: number;
  duration: number;
  /** Redis only: once a key is over, answer it from memory until its window ends (floods cost no round trips). */
  blockInMemory?: boolean;
}

const holder = globalThis as unknown as { __handLimits?: Limiters | null; __handRedis?: Redis };

/** ioredis (several MiB once loaded) is loaded only when the limits live in Redis, from the project's node_modules. */
const loadAtRunTime = createRequire(join(process.cwd(), "package.json"));

function redisClient(url: string): Redis {
  holder.__handRedis ??= (() => {
    // Commands wait for the first connection, but never long: while Redis is unreachable the
    // limits fall back to memory (the insurance limiter) instead of holding requests. Commands
    // issued in the same tick go out as one pipeline.
    const { Redis } = loadAtRunTime("ioredis") as typeof import("ioredis");
    const client = new Redis(url, { commandTimeout: 500, maxRetriesPerRequest: 1, connectTimeout: 2_000, enableAutoPipelining: true });
    client.on("error", (error: Error & { code?: string }) =>
      logger.warn({ err: error.code ?? error.name }, "rate limit store (Redis) error"),
    );
    return client;
  })();
  return holder.__handRedis;
}

function limiter(options: LimiterOptions): RateLimiterAbstract {
  const { REDIS_URL, REDIS_KEY_PREFIX } = env();
  const { blockInMemory, ...common } = options;
  const memory = new RateLimiterMemory(common);
  if (!REDIS_URL) return memory;
  return new RateLimiterRedis({
    ...common,
    keyPrefix: `${REDIS_KEY_PREFIX}:${options.keyPrefix}`,
    storeClient: redisClient(REDIS_URL),
    insuranceLimiter: memory,
    ...(blockInMemory ? { inMemoryBlockOnConsumed: options.points + 1 } : {}),
  });
}

function limiters(): Limiters | null {
  if (holder.__handLimits !== undefined) return holder.__handLimits;
  const config = env();
  holder.__handLimits =
    config.RATE_LIMIT === "off"
      ? null
      : {
          lookups: limiter({ keyPrefix: "rl:code:req", points: config.RATE_LIMIT_PER_MINUTE, duration: MINUTE, blockInMemory: true }),
          misses: limiter({ keyPrefix: "rl:code:miss", points: config.RATE_LIMIT_MISSES_PER_HOUR, duration: HOUR }),
          siteMisses: limiter({ keyPrefix: "rl:code:miss48", points: config.RATE_LIMIT_MISSES_PER_48_PER_HOUR, duration: HOUR }),
          globalMisses: limiter({ keyPrefix: "rl:code:global-miss", points: config.RATE_LIMIT_GLOBAL_MISSES_PER_HOUR, duration: HOUR }),
          writes: limiter({ keyPrefix: "rl:write", points: config.RATE_LIMIT_WRITES_PER_MINUTE, duration: MINUTE, blockInMemory: true }),
          mailPerCaller: limiter({ keyPrefix: "rl:mail:caller", points: config.RATE_LIMIT_MAIL_PER_HOUR, duration: HOUR }),
          mailPerRecipient: limiter({ keyPrefix: "rl:mail:to", points: config.RATE_LIMIT_MAIL_PER_RECIPIENT_PER_DAY, duration: DAY }),
          mailOverall: limiter({ keyPrefix: "rl:mail:all", points: config.RATE_LIMIT_MAIL_GLOBAL_PER_HOUR, duration: HOUR }),
          ai: limiter({ keyPrefix: "rl:ai", points: config.RATE_LIMIT_AI_PER_MINUTE, duration: MINUTE, blockInMemory: true }),
          compute: limiter({
            keyPrefix: "rl:compute",
            points: config.RATE_LIMIT_COMPUTE_PER_MINUTE,
            duration: MINUTE,
            blockInMemory: true,
          }),
          pdf: limiter({ keyPrefix: "rl:pdf", points: config.RATE_LIMIT_PDF_PER_MINUTE, duration: MINUTE, blockInMemory: true }),
          bulkExports: limiter({ keyPrefix: "rl:bulk:export", points: config.BULK_EXPORT_KICKOFFS_PER_DAY, duration: DAY }),
          bulkDownloads: limiter({ keyPrefix: "rl:bulk:download", points: config.BULK_EXPORT_DOWNLOADS_PER_HOUR, duration: HOUR }),
          patientReports: limiter({ keyPrefix: "rl:patient-report", points: config.PATIENT_REPORTS_PER_DAY, duration: DAY }),
          // Keyed by the UTC date, so the budget renews at midnight UTC; kept a little longer than a day.
          modelBudget: limiter({ keyPrefix: "rl:ai:budget", points: config.AI_DAILY_BUDGET, duration: DAY + HOUR }),
        };
  return holder.__handLimits;
}

function tooMany(res: RateLimiterRes, message: string): ApiError {
  const seconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  return new ApiError(429, message, { code: "RATE_LIMITED", headers: { "retry-after": String(seconds) } });
}

/** consume() rejects with RateLimiterRes when over the limit, or with an Error when the store fails (then the request is allowed). */
async function consume(limit: RateLimiterAbstract, key: string, points = 1): Promise<RateLimiterRes | null> {
  try {
    await limit.consume(key, points);
    return null;
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return rejection;
    logger.warn({ err: (rejection as Error).name }, "rate limit check failed; request allowed");
    return null;
  }
}

const lastWarning = new Map<string, number>();

/** A warning at most once a minute per kind: a flood must not flood the log too. */
function warnAtMostEveryMinute(kind: string, fields: Record<string, unknown>, message: string): void {
  const now = Date.now();
  if (now - (lastWarning.get(kind) ?? 0) < WARNING_INTERVAL_MS) return;
  lastWarning.set(kind, now);
  logger.warn(fields, message);
}

const BLOCKED = "Too many unknown codes; try again later";
const SITE_BLOCKED = "Too many unknown codes from this network; try again later";

/** The state of a /48 whose misses are past its hour's allowance, or null (a store failure reads as not over). */
async function siteOver(limits: Limiters, site: string): Promise<RateLimiterRes | null> {
  const state = await limits.siteMisses.get(site).catch(() => null);
  return state && state.consumedPoints > limits.siteMisses.points ? state : null;
}

/**
 * `count` code lookups by the caller `key` (from an IPv6 /48 `site` when anonymous); 429 when over
 * the per-minute allowance, or while the caller or its /48 is blocked.
 */
export async function countCodeLookups(key: string, count = 1, site: string | null = null): Promise<void> {
  const limits = limiters();
  if (!limits || count === 0) return;
  // IPv4 and signed-in callers have no site: one check, without gathering two.
  const [over, siteBlocked] = site
    ? await Promise.all([consume(limits.lookups, key, count), siteOver(limits, site)])
    : [await consume(limits.lookups, key, count), null];
  if (siteBlocked) throw tooMany(siteBlocked, SITE_BLOCKED);
  // A block (after too many misses) outlasts the minute's window.
  if (over) throw tooMany(over, over.msBeforeNext > MINUTE * 1000 ? BLOCKED : "Too many requests; try again later");
}

/**
 * `count` unknown codes from the caller `key` (and its /48 `site`): past the hour's allowance the
 * caller (or the whole /48) is blocked (429 now); past the global budget, slowed.
 */
export async function countCodeMisses(key: string, count = 1, site: string | null = null): Promise<void> {
  const limits = limiters();
  if (!limits || count === 0) return;
  const [callerOver, siteMissesOver, globalOver] = await Promise.all([
    consume(limits.misses, key, count),
    site ? consume(limits.siteMisses, site, count) : null,
    consume(limits.globalMisses, "all", count),
  ]);
  if (globalOver) {
    warnAtMostEveryMinute(
      "global-miss",
      { retryInSeconds: Math.ceil(globalOver.msBeforeNext / 1000) },
      "global code-miss budget spent: slowing every miss down",
    );
    await new Promise((resolve) => setTimeout(resolve, SPENT_BUDGET_DELAY_MS));
  }
  if (callerOver) {
    await limits.lookups.block(key, HOUR).catch((error: Error) => logger.warn({ err: error.name }, "rate limit block failed"));
    throw tooMany(new RateLimiterRes(0, HOUR * 1000), BLOCKED);
  }
  if (siteMissesOver) throw tooMany(siteMissesOver, SITE_BLOCKED);
}

/** A creation (record, report, lead) by the caller `key`. */
export async function countWrite(key: string): Promise<void> {
  const limits = limiters();
  if (!limits) return;
  const over = await consume(limits.writes, key);
  if (over) throw tooMany(over, "Too many submissions; try again in a minute");
}

/** Recipients are counted by a hash: no addresses in the limit store. */
const recipientKey = (recipient: string) => createHash("sha256").update(recipient.trim().toLowerCase()).digest("hex").slice(0, 32);

/** An e-mail from the caller `key` to `recipient`: 429 past the per-caller, per-recipient or overall allowance. */
export async function countMail(key: string, recipient: string): Promise<void> {
  const limits = limiters();
  if (!limits) return;
  const [byCaller, byRecipient, overall] = await Promise.all([
    consume(limits.mailPerCaller, key),
    consume(limits.mailPerRecipient, recipientKey(recipient)),
    consume(limits.mailOverall, "all"),
  ]);
  if (overall) warnAtMostEveryMinute("mail", {}, "overall e-mail allowance spent: refusing mail for now");
  const over = byCaller ?? byRecipient ?? overall;
  if (over) throw tooMany(over, "Too many e-mails; try again later");
}

/** A model or speech call on behalf of the caller `key` (a voice turn); false when over its per-minute allowance. */
export async function allowAiCall(key: string): Promise<boolean> {
  const limits = limiters();
  return !limits || (await consume(limits.ai, key)) === null;
}

/** The same for HTTP routes: 429 when over. */
export async function countAiCall(key: string): Promise<void> {
  const limits = limiters();
  const over = limits && (await consume(limits.ai, key));
  if (over) throw tooMany(over, "Too many model or speech requests; try again in a minute");
}

/** An expensive computation (biomechanics analysis, FHIR search or export) for the caller `key`; 429 when over. */
export async function countCompute(key: string): Promise<void> {
  const limits = limiters();
  const over = limits && (await consume(limits.compute, key));
  if (over) throw tooMany(over, "Too many analyses or exports; try again in a minute");
}

/** A report PDF (download or e-mail) for `address`; 429 when over. */
export async function countPdf(address: string): Promise<void> {
  const limits = limiters();
  const over = limits && (await consume(limits.pdf, address));
  if (over) throw tooMany(over, "Too many PDFs from this address; try again in a minute");
}

/** A bulk export kick-off by the caller `key`; 429 past the day's allowance. */
export async function countBulkExport(key: string): Promise<void> {
  const limits = limiters();
  const over = limits && (await consume(limits.bulkExports, key));
  if (over) throw tooMany(over, "Too many bulk exports started today; try again later");
}

/** A bulk export file downloaded by the caller `key`; 429 past the hour's allowance. */
export async function countBulkDownload(key: string): Promise<void> {
  const limits = limiters();
  const over = limits && (await consume(limits.bulkDownloads, key));
  if (over) throw tooMany(over, "Too many bulk export downloads this hour; try again later");
}

/** A report made for a patient by the caller `key`; 429 past the day's allowance. */
export async function countPatientReport(key: string): Promise<void> {
  const limits = limiters();
  const over = limits && (await consume(limits.patientReports, key));
  if (over) throw tooMany(over, "Too many patient reports made today; try again tomorrow");
}

/** One model call from the daily budget of all callers; false once it is spent (callers use their template). */
export async function spendModelBudget(): Promise<boolean> {
  const limits = limiters();
  if (!limits) return true;
  const over = await consume(limits.modelBudget, new Date().toISOString().slice(0, 10));
  if (over)
    warnAtMostEveryMinute(
      "model-budget",
      { budget: env().AI_DAILY_BUDGET },
      "daily model budget spent: template and script answers until midnight UTC",
    );
  return !over;
}
