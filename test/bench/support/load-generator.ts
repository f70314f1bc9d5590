/**
 * The API benchmark's load generator, run in a child process (forked by test/bench/benchmarks/api-latency.ts) so
 * that autocannon's own work (building requests, parsing responses, timing) does not run on the event loop of the
 * local stack it measures, as a real client never does. It first runs the same load for `warmupSeconds` without
 * keeping anything (the handler's module load and JIT on first use are the cold start, which the lambda-bundles
 * benchmark measures), then for `seconds`, and sends back every response's latency.
 */
import autocannon from 'autocannon';

export interface LoadOptions {
  url: string;
  method: 'GET' | 'PUT';
  connections: number;
  headers: Record<string, string>;
  body?: string;
  seconds: number;
  warmupSeconds: number;
}

export interface LoadResult {
  latencies: number[];
  errors: number;
  requests: number;
}

/** autocannon for a fixed time; every response's latency is kept so p50/p95/p99 are exact (nearest rank). */
export async function runLoad(options: LoadOptions, seconds: number): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  const instance = autocannon({
    url: options.url,
    method: options.method,
    connections: options.connections,
    duration: seconds,
    headers: options.headers,
    body: options.body,
  });
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    latencies.push(responseTime);
    if (statusCode >= 400) errors++;
  });
  const result = await instance;
  return { latencies, errors: errors + result.errors + result.timeouts, requests: latencies.length };
}

if (process.send) {
  process.once('message', (options: LoadOptions) => {
    void (async () => {
      if (options.warmupSeconds > 0) await runLoad(options, options.warmupSeconds);
      process.send!(await runLoad(options, options.seconds), undefined, {}, () => process.exit(0));
    })().catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
  });
}
