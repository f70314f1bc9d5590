/**
 * limiter-throughput: Strava-call acquisitions per second through the DynamoDB rate limiter, one caller at a
 * time and with 10 concurrent callers. The floor beside each is a bare UpdateItem (an unconditional counter bump
 * on one item) at the same concurrency, in the same run: the limiter can at best match it, since an
 * acquisition is one conditional UpdateItem on one hot item too.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../../../functions/lib/config';
import { dynamo } from '../../../functions/lib/dynamo';
import { acquireStravaCall, type StravaAppConfig } from '../../../functions/repositories/strava-rate-limiter';
import { benchResult, type Benchmark, type BenchResult } from '../types';

const OPERATIONS_PER_ROUND = 400;
// DynamoDB Local is a JVM: its first few hundred writes run slower while the JIT warms up.
const WARMUP_OPERATIONS = 300;
const ROUNDS = 3;
const CONCURRENT_CALLERS = 10;

/** Limits no run can reach, so every acquisition is a counted write and none is a refusal. */
function unreachableLimitsConfig(): StravaAppConfig {
  return {
    id: `bench-${randomUUID()}`,
    name: 'Benchmark app',
    clientId: 'bench',
    secretRef: 'env:STRAVA_CLIENT_SECRET',
    isActive: true,
    fifteenMinLimit: 1_000_000_000,
    dailyLimit: 1_000_000_000,
  };
}

function bareUpdate(key: { pk: string; sk: string }): () => Promise<unknown> {
  return () =>
    dynamo().send(
      new UpdateCommand({
        TableName: tableName('rateLimits'),
        Key: key,
        UpdateExpression: 'SET n = if_not_exists(n, :zero) + :one',
        ExpressionAttributeValues: { ':zero': 0, ':one': 1 },
      }),
    );
}

/** Operations per second for `total` calls of `operation`, split evenly over `callers` concurrent loops. */
async function opsPerSecond(operation: () => Promise<unknown>, total: number, callers: number): Promise<number> {
  const perCaller = Math.ceil(total / callers);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: callers }, async () => {
      for (let i = 0; i < perCaller; i++) await operation();
    }),
  );
  return (perCaller * callers) / ((performance.now() - started) / 1000);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const limiterThroughput: Benchmark = {
  name: 'limiter-throughput',
  description: `Strava rate-limiter acquisitions/s against DynamoDB Local, sequential and ${CONCURRENT_CALLERS} concurrent; floor = bare UpdateItem/s at the same concurrency`,
  async run(ctx) {
    await ctx.dynamo();
    const config = unreachableLimitsConfig();
    const acquire = () => acquireStravaCall(config, new Date());
    const floor = bareUpdate({ pk: `BENCH#${config.id}`, sk: 'FLOOR' });

    await opsPerSecond(floor, WARMUP_OPERATIONS, 1);
    await opsPerSecond(acquire, WARMUP_OPERATIONS, 1);

    const results: BenchResult[] = [];
    for (const [name, callers] of [
      ['limiter-throughput', 1],
      [`limiter-throughput-${CONCURRENT_CALLERS}-concurrent`, CONCURRENT_CALLERS],
    ] as const) {
      const limiter: number[] = [];
      const bare: number[] = [];
      // Alternate the two so drift on a shared machine hits both alike.
      for (let round = 0; round < ROUNDS; round++) {
        bare.push(await opsPerSecond(floor, OPERATIONS_PER_ROUND, callers));
        limiter.push(await opsPerSecond(acquire, OPERATIONS_PER_ROUND, callers));
      }
      ctx.log(
        `${name}: limiter ${limiter.map((v) => v.toFixed(0)).join(', ')} acquisitions/s; bare UpdateItem ${bare.map((v) => v.toFixed(0)).join(', ')}/s`,
      );
      results.push(
        benchResult({
          name,
          value: Math.round(median(limiter)),
          unit: 'acquisitions/s',
          floor: Math.round(median(bare)),
          goal: null,
        }),
      );
    }
    return results;
  },
};

export default limiterThroughput;
