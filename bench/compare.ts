// Shared by the benchmarks: the bare baseline server (bench/baseline.ts) and a service-versus-
// baseline comparison in alternating rounds, so that a noisy shared machine slows both alike.
import { spawn } from "node:child_process";
import autocannon, { type Options, type Result } from "autocannon";

export const CONNECTIONS = 32;
export const POOL_SIZE = "10";
/** The service as the benchmarks run it: limits off (they would answer 429), request logs off. */
export const SERVICE_ENV = { RATE_LIMIT: "off", LOG_LEVEL: "warn", DATABASE_POOL_SIZE: POOL_SIZE };

const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 2);
const WARMUP_SECONDS = 3;

export const loadDescription = `autocannon ${CONNECTIONS} connections, ${ROUNDS}×${SECONDS} s per side after ${WARMUP_SECONDS} s of warm-up, pool ${POOL_SIZE}`;

/** Starts bench/baseline.ts on the service's own (migrated) database. */
export async function startBaseline(databaseUrl: string): Promise<{ origin: string; stop(): void }> {
  const child = spawn(process.execPath, ["--import", "tsx", "bench/baseline.ts"], {
    env: { ...process.env, DATABASE_URL: databaseUrl, POOL_SIZE },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      const match = /listening (\d+)/.exec(String(chunk));
      if (match) resolve(Number(match[1]));
    });
    child.on("exit", (code) => reject(new Error(`baseline server exited with ${code}`)));
  });
  return { origin: `http://127.0.0.1:${port}`, stop: () => child.kill("SIGTERM") };
}

export interface LoadOptions {
  method?: string;
  body?: string;
  /** Each request says it comes from another of this many client addresses (X-Forwarded-For; the service trusts loopback). */
  clientAddresses?: number;
}

/** One autocannon run; throws when any request failed. */
export async function load(url: string, options: LoadOptions, seconds: number): Promise<Result> {
  const { clientAddresses, ...request } = options;
  const headers = request.body ? { "content-type": "application/json" } : undefined;
  let next = 0;
  const requests = clientAddresses
    ? [
        {
          setupRequest: (req: Record<string, unknown>) => ({
            ...req,
            headers: { ...(req.headers as object), "x-forwarded-for": `10.${(next = (next + 1) % clientAddresses) >> 8}.${next & 255}.1` },
          }),
        },
      ]
    : undefined;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    ...request,
    headers,
    ...(requests ? { requests } : {}),
  } as Options);
  const failures = result.errors + result.timeouts + result.non2xx;
  if (failures > 0) throw new Error(`${url}: ${failures} failed requests of ${result.requests.total}`);
  return result;
}

export interface Comparison {
  service: number;
  baseline: number;
  ratio: number;
  /** One line per round: req/s and p50/p99 latency of each side. */
  rounds: string[];
}

/** Service and baseline in alternating rounds after a warm-up of each; mean req/s of the rounds. */
export async function compare(service: string, baseline: string, options: LoadOptions = {}): Promise<Comparison> {
  await load(baseline, options, WARMUP_SECONDS);
  await load(service, options, WARMUP_SECONDS);
  const bare: number[] = [];
  const ours: number[] = [];
  const rounds: string[] = [];
  const describe = (r: Result) => `${Math.round(r.requests.average)} req/s (p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms)`;
  for (let round = 1; round <= ROUNDS; round++) {
    const b = await load(baseline, options, SECONDS);
    const s = await load(service, options, SECONDS);
    bare.push(b.requests.average);
    ours.push(s.requests.average);
    rounds.push(`round ${round}: service ${describe(s)}, baseline ${describe(b)}`);
  }
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  return { service: mean(ours), baseline: mean(bare), ratio: mean(ours) / mean(bare), rounds };
}
