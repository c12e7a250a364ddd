// Figures every benchmark prints: percentiles of latencies, the spread of rounds, and sequential
// request timing. One definition, so that "p99" and "median" mean the same in every table.

/** The p-th percentile (nearest rank) of values, in any order. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) throw new Error("percentile of no values");
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export interface Spread {
  min: number;
  median: number;
  max: number;
}

/** Min, median and max of a few rounds. */
export function spread(values: readonly number[]): Spread {
  return { min: Math.min(...values), median: percentile(values, 50), max: Math.max(...values) };
}

/** "1234 (1180–1301)": the median with the rounds' range, rounded to `digits`. */
export function describeSpread({ min, median, max }: Spread, digits = 0): string {
  return `${median.toFixed(digits)} (${min.toFixed(digits)}–${max.toFixed(digits)})`;
}

/**
 * Times `count` sequential calls after `warmUp` untimed ones; `call` resolves when the answer has
 * been read and throws when it is not the expected one. Returns p50 and p99 in milliseconds.
 */
export async function sequentialLatency(call: () => Promise<void>, count: number, warmUp: number): Promise<{ p50: number; p99: number }> {
  const times: number[] = [];
  for (let i = 0; i < warmUp + count; i++) {
    const started = performance.now();
    await call();
    if (i >= warmUp) times.push(performance.now() - started);
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

/** A call for sequentialLatency: GET url with headers (made anew per call when a function), read the body, expect 200. */
export function getOk(
  url: string | (() => string),
  headers: Record<string, string> | (() => Record<string, string>) = {},
): () => Promise<void> {
  return async () => {
    const target = typeof url === "string" ? url : url();
    const response = await fetch(target, { headers: typeof headers === "function" ? headers() : headers });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${target} answered ${response.status}`);
  };
}
