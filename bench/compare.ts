// Shared by the benchmarks: the service as users run it, the bare baseline server
// (bench/baseline.ts), autocannon load spread over codes, client addresses and tokens, and a
// service-versus-baseline comparison in alternating rounds, so that a noisy shared machine slows
// both alike.
import { spawn } from "node:child_process";
import autocannon, { type Options, type Result } from "autocannon";
import { describeSpread, spread, type Spread } from "./stats";

export const CONNECTIONS = 32;
export const POOL_SIZE = "10";
/**
 * The service as it runs in production: every abuse limit on at its defaults (in memory; the
 * Redis row adds REDIS_URL), a request log line per request at info, and the balancer trusted to
 * name the client, so each request counts against its own client address's allowances.
 */
export const SERVICE_ENV = { RATE_LIMIT: "on", LOG_LEVEL: "info", TRUST_PROXY: "loopback", DATABASE_POOL_SIZE: POOL_SIZE };

const SECONDS = Number(process.env.BENCH_SECONDS || 10);
export const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const WARMUP_SECONDS = 3;
/** Distinct client addresses the load comes from; no address nears its per-minute allowances. */
export const CLIENT_ADDRESSES = 100_000;

export const loadDescription = `autocannon ${CONNECTIONS} connections from ${CLIENT_ADDRESSES.toLocaleString("en")} client addresses, ${ROUNDS} alternating rounds of ${SECONDS} s per side after ${WARMUP_SECONDS} s of warm-up, pool ${POOL_SIZE}`;

/** Starts bench/baseline.ts on the service's own (migrated) database. */
export async function startBaseline(
  databaseUrl: string,
  nodeArgs: string[] = [],
): Promise<{ origin: string; pid: number; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [...nodeArgs, "--import", "tsx", "bench/baseline.ts"], {
    env: { ...process.env, DATABASE_URL: databaseUrl, POOL_SIZE },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    // Read until the port is known, then no more: the baseline prints nothing else.
    const onData = (chunk: Buffer) => {
      const match = /listening (\d+)/.exec(String(chunk));
      if (!match) return;
      child.stdout!.off("data", onData).resume();
      resolve(Number(match[1]));
    };
    child.stdout!.on("data", onData);
    child.on("exit", (code) => reject(new Error(`baseline server exited with ${code}`)));
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    origin: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: () => {
      child.kill("SIGTERM");
      return exited;
    },
  };
}

export interface LoadOptions {
  method?: string;
  body?: string;
  /** Path suffixes appended to the URL in turn, one per request (e.g. codes after .../lookup/). */
  spreadOver?: readonly string[];
  /** Bearer tokens sent in turn, one per request. */
  tokens?: readonly string[];
  /** Each request says it comes from another of this many client addresses (X-Forwarded-For, from the trusted loopback balancer); default CLIENT_ADDRESSES. */
  clientAddresses?: number;
}

/** autocannon's options for load on url: each request from its own client address, path and token in turn. */
export function loadOptions(url: string, options: LoadOptions, connections = CONNECTIONS): Options {
  const { clientAddresses = CLIENT_ADDRESSES, spreadOver, tokens, ...request } = options;
  const base = new URL(url);
  const headers: Record<string, string> = request.body ? { "content-type": "application/json" } : {};
  let sent = 0;
  const setupRequest = (req: Record<string, unknown>) => {
    const n = sent++;
    const address = n % clientAddresses;
    const own: Record<string, string> = {
      ...(req.headers as Record<string, string>),
      "x-forwarded-for": `10.${address >> 16}.${(address >> 8) & 255}.${address & 255}`,
    };
    if (tokens?.length) own.authorization = `Bearer ${tokens[n % tokens.length]}`;
    return { ...req, headers: own, ...(spreadOver?.length ? { path: base.pathname + spreadOver[n % spreadOver.length] } : {}) };
  };
  return { url, connections, ...request, headers, requests: [{ setupRequest }] } as Options;
}

/** One autocannon run; throws when any request failed (a 429 included). */
export async function load(url: string, options: LoadOptions, seconds: number): Promise<Result> {
  const result = await autocannon({ ...loadOptions(url, options), duration: seconds });
  const failures = result.errors + result.timeouts + result.non2xx;
  if (failures > 0) throw new Error(`${url}: ${failures} failed requests of ${result.requests.total}`);
  return result;
}

export interface Comparison {
  service: Spread;
  baseline: Spread;
  /** Per-round ratios (each round's service over the baseline measured beside it). */
  ratio: Spread;
  /** One line per round: req/s and p50/p99 latency of each side. */
  rounds: string[];
}

/** Service and baseline in alternating rounds after a warm-up of each; min, median and max of the rounds. */
export async function compare(
  service: string,
  baseline: string,
  options: LoadOptions = {},
  baselineOptions: LoadOptions = options,
): Promise<Comparison> {
  await load(baseline, baselineOptions, WARMUP_SECONDS);
  await load(service, options, WARMUP_SECONDS);
  const bare: number[] = [];
  const ours: number[] = [];
  const rounds: string[] = [];
  const describe = (r: Result) => `${Math.round(r.requests.average)} req/s (p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms)`;
  for (let round = 1; round <= ROUNDS; round++) {
    const b = await load(baseline, baselineOptions, SECONDS);
    const s = await load(service, options, SECONDS);
    bare.push(b.requests.average);
    ours.push(s.requests.average);
    rounds.push(`round ${round}: service ${describe(s)}, baseline ${describe(b)}`);
  }
  return { service: spread(ours), baseline: spread(bare), ratio: spread(ours.map((s, i) => s / bare[i]!)), rounds };
}

/** "812 req/s (790–830)". */
export const reqPerSecond = (figures: Spread) => `${describeSpread(figures)} req/s`;
export const ratioText = (figures: Spread) => `${describeSpread(figures, 2)}×`;

let lastAddress = 0;
/**
 * A client address of its own for one request the benchmark makes outside autocannon (in
 * 172.16.0.0/12, apart from the load's 10.0.0.0/8), so that no address nears its allowances.
 */
export function freshClientAddress(): string {
  const n = ++lastAddress;
  return `172.${16 + ((n >> 16) & 15)}.${(n >> 8) & 255}.${n & 255}`;
}
