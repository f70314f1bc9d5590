import { performance } from 'node:perf_hooks';
import type { MeasureOptions, Timing } from './types';

/** Nearest-rank percentile of ascending `sorted` (p in 0–100). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) throw new Error('percentile of no samples');
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export function summarize(samples: readonly number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    iterations: sorted.length,
    min: sorted[0]!,
    mean: sorted.reduce((sum, x) => sum + x, 0) / sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1]!,
  };
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

/** Sequential timed runs; a synchronous `fn` is timed without an await in the way. */
export async function measure(
  fn: () => unknown,
  { iterations = 30, warmup = 5 }: MeasureOptions = {},
): Promise<Timing> {
  if (!Number.isInteger(iterations) || iterations < 1)
    throw new RangeError(`iterations must be a positive whole number, got ${iterations}`);
  if (!Number.isInteger(warmup) || warmup < 0) throw new RangeError(`warmup must be a whole number, got ${warmup}`);
  for (let i = 0; i < warmup; i++) {
    const result = fn();
    if (isPromiseLike(result)) await result;
  }
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const start = performance.now();
    const result = fn();
    if (isPromiseLike(result)) await result;
    samples.push(performance.now() - start);
  }
  return summarize(samples);
}
