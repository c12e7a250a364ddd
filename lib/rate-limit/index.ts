// Abuse protection for code lookups. With 31^6 codes and millions stored, guessing is cheap
// for a botnet, so three limits apply (rate-limiter-flexible; Redis at REDIS_URL so every
// instance shares the counts, memory otherwise):
// - requests per client address per minute (RATE_LIMIT_PER_MINUTE),
// - misses (404s) per client address per hour (RATE_LIMIT_MISSES_PER_HOUR), then the address
//   is blocked for an hour,
// - a global miss budget per hour across all clients (RATE_LIMIT_GLOBAL_MISSES_PER_HOUR): once
//   spent, every miss is slowed down and a warning is logged.
// Over a limit: 429 with Retry-After. RATE_LIMIT=off disables all three (benchmarks only).
import { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { ApiError } from "@/lib/api/errors";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";

/** How long a miss waits once the global budget is spent. */
export const SPENT_BUDGET_DELAY_MS = 1_000;
const WARNING_INTERVAL_MS = 60_000;
const HOUR = 60 * 60;

interface Limiters {
  perAddress: RateLimiterAbstract;
  missesPerAddress: RateLimiterAbstract;
  globalMisses: RateLimiterAbstract;
  lastWarning: number;
}

interface LimiterOptions {
  keyPrefix: string;
  points: number;
  duration: number;
  blockDuration?: number;
}

const holder = globalThis as unknown as { __handRateLimits?: Limiters | null; __handRedis?: Redis };

function redisClient(url: string): Redis {
  holder.__handRedis ??= (() => {
    // Commands wait for the first connection, but never long: while Redis is unreachable the
    // limits fall back to memory (the insurance limiter) instead of holding requests.
    const client = new Redis(url, { commandTimeout: 500, maxRetriesPerRequest: 1, connectTimeout: 2_000 });
    client.on("error", (error: Error & { code?: string }) => logger.warn({ err: error.code ?? error.name }, "rate limit store (Redis) error"));
    return client;
  })();
  return holder.__handRedis;
}

function limiter(options: LimiterOptions): RateLimiterAbstract {
  const { REDIS_URL } = env();
  const memory = new RateLimiterMemory(options);
  if (!REDIS_URL) return memory;
  return new RateLimiterRedis({ ...options, storeClient: redisClient(REDIS_URL), insuranceLimiter: memory });
}

function limiters(): Limiters | null {
  if (holder.__handRateLimits !== undefined) return holder.__handRateLimits;
  const config = env();
  holder.__handRateLimits =
    config.RATE_LIMIT === "off"
      ? null
      : {
          perAddress: limiter({ keyPrefix: "rl:code:req", points: config.RATE_LIMIT_PER_MINUTE, duration: 60 }),
          missesPerAddress: limiter({
            keyPrefix: "rl:code:miss",
            points: config.RATE_LIMIT_MISSES_PER_HOUR,
            duration: HOUR,
            blockDuration: HOUR,
          }),
          globalMisses: limiter({ keyPrefix: "rl:code:global-miss", points: config.RATE_LIMIT_GLOBAL_MISSES_PER_HOUR, duration: HOUR }),
          lastWarning: 0,
        };
  return holder.__handRateLimits;
}

/**
 * The client's address: the last X-Forwarded-For entry, i.e. what the nearest proxy (or,
 * without one, Next's server from the socket) recorded.
 */
export function clientAddress(request: Request): string {
  const forwarded = request.headers.get("x-forwarded-for");
  const last = forwarded?.split(",").map((part) => part.trim()).filter(Boolean).pop();
  return last ?? "unknown";
}

function tooMany(res: RateLimiterRes, message: string): ApiError {
  const seconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  return new ApiError(429, message, { code: "RATE_LIMITED", headers: { "retry-after": String(seconds) } });
}

/** consume() rejects with RateLimiterRes when over the limit, or with an Error when the store fails. */
async function consume(limit: RateLimiterAbstract, key: string): Promise<RateLimiterRes | null> {
  try {
    await limit.consume(key);
    return null;
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return rejection;
    logger.warn({ err: (rejection as Error).name }, "rate limit check failed; request allowed");
    return null;
  }
}

async function recordMiss(limits: Limiters, address: string): Promise<ApiError | null> {
  const [addressOver, globalOver] = await Promise.all([
    consume(limits.missesPerAddress, address),
    consume(limits.globalMisses, "all"),
  ]);
  if (globalOver) {
    const now = Date.now();
    if (now - limits.lastWarning > WARNING_INTERVAL_MS) {
      limits.lastWarning = now;
      logger.warn({ retryInSeconds: Math.ceil(globalOver.msBeforeNext / 1000) }, "global code-miss budget spent: slowing every miss down");
    }
    await new Promise((resolve) => setTimeout(resolve, SPENT_BUDGET_DELAY_MS));
  }
  return addressOver ? tooMany(addressOver, "Too many unknown codes from this address; try again later") : null;
}

/**
 * Runs a code lookup under the limits. A 404 from `lookup` counts as a miss; the address's
 * block (after too many misses) applies to every code lookup it makes.
 */
export async function limitCodeLookup<T>(request: Request, lookup: () => Promise<T>): Promise<T> {
  const limits = limiters();
  if (!limits) return lookup();
  const address = clientAddress(request);
  const blocked = await limits.missesPerAddress.get(address).catch(() => null);
  if (blocked && blocked.consumedPoints > env().RATE_LIMIT_MISSES_PER_HOUR) {
    throw tooMany(blocked, "Too many unknown codes from this address; try again later");
  }
  const over = await consume(limits.perAddress, address);
  if (over) throw tooMany(over, "Too many requests; try again later");
  try {
    return await lookup();
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw (await recordMiss(limits, address)) ?? error;
    throw error;
  }
}
