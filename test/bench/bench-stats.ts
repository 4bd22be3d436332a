/**
 * Small timing helpers shared by the benchmarks: run a function many times, report p50/p99 in
 * microseconds and operations per second. Benchmarks are scripts, never tests.
 */

/** Latency figures of one measured operation. */
export interface LatencyStats {
  readonly samples: number;
  readonly p50us: number;
  readonly p99us: number;
  readonly opsPerSecond: number;
}

/** Percentile `p` (0..1) of sorted values. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

/** Runs `run(i)` for i in 0..count-1 after `warmup` runs; each run timed separately. */
export function measure(count: number, run: (i: number) => unknown, warmup = Math.min(200, count)): LatencyStats {
  for (let i = 0; i < warmup; i += 1) run(i);
  const times: number[] = [];
  const started = performance.now();
  for (let i = 0; i < count; i += 1) {
    const t0 = performance.now();
    run(i);
    times.push((performance.now() - t0) * 1000);
  }
  const elapsed = performance.now() - started;
  times.sort((a, b) => a - b);
  return {
    samples: count,
    p50us: percentile(times, 0.5),
    p99us: percentile(times, 0.99),
    opsPerSecond: (count / elapsed) * 1000,
  };
}

/** A number with a fixed count of decimals, for tables. */
export function fixed(value: number, digits = 1): string {
  return Number.isFinite(value) ? value.toFixed(digits) : 'n/a';
}
