import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import {
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../../functions/lib/dynamo';
import { tableName } from '../../../functions/lib/config';
import { upsertActivities } from '../../../functions/repositories/activities';
import { keys } from '../../../functions/repositories/keys';
import { DEFAULT_PROFILE_SETTINGS } from '../../../functions/shared/schemas/profile';
import type { LocalStack } from '../../../infra/local/stack';
import { summarize } from '../measure';
import { generateActivities } from '../support/generate-activities';
import type { LoadOptions, LoadResult } from '../support/load-generator';
import { benchResult, type BenchResult, type Benchmark } from '../types';

const SECONDS_PER_RUN = 5;
/**
 * Before each measured run, the same load (and, for the floor, the same calls) for this long, not counted. DynamoDB
 * Local is a JVM: its compiler needs several seconds of a query before the query runs at full speed. After 2 s of
 * warm-up, a bare page Query at 10 connections had a p99 of 126 ms; the same load again right after, 53 ms.
 */
const WARMUP_SECONDS = 10;
const CONNECTIONS = [10, 50] as const;
const PASSWORD = 'Bench-Buddy-2026';
/** A page must cost the same at any history size, so the reader has a long one. */
const ACTIVITIES_PER_USER = 5000;
/** The read's p99 within this many times the bare Query's, in the same run. */
const READ_P99_X_FLOOR = 3;

/** A confirmed user of the stack's Cognito emulator and their ID token (what the SPA sends). */
async function signedInUser(stack: LocalStack): Promise<{ sub: string; idToken: string }> {
  const email = `bench-${randomUUID().slice(0, 8)}@example.com`;
  const cognito = new CognitoIdentityProviderClient({
    endpoint: stack.cognito.endpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    const code = new Promise<string>((resolve) => {
      const onCode = (message: { email: string; code: string }) => {
        if (message.email !== email) return;
        stack.cognito.codes.off('code', onCode);
        resolve(message.code);
      };
      stack.cognito.codes.on('code', onCode);
    });
    const signUp = await cognito.send(
      new SignUpCommand({
        ClientId: stack.cognito.clientId,
        Username: email,
        Password: PASSWORD,
        UserAttributes: [{ Name: 'email', Value: email }],
      }),
    );
    await cognito.send(
      new ConfirmSignUpCommand({ ClientId: stack.cognito.clientId, Username: email, ConfirmationCode: await code }),
    );
    const auth = await cognito.send(
      new InitiateAuthCommand({
        ClientId: stack.cognito.clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD },
      }),
    );
    const idToken = auth.AuthenticationResult?.IdToken;
    if (!idToken || !signUp.UserSub) throw new Error('the Cognito emulator gave no ID token');
    return { sub: signUp.UserSub, idToken };
  } finally {
    cognito.destroy();
  }
}

/** Runs the load in a child process (test/bench/support/load-generator.ts): warm-up, then the measured run. */
function load(options: Omit<LoadOptions, 'seconds' | 'warmupSeconds'>): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    // The child inherits this process's execArgv, so it loads TypeScript the way the bench does (tsx).
    const child = fork(fileURLToPath(new URL('../support/load-generator.ts', import.meta.url)), {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let result: LoadResult | undefined;
    child.once('message', (message: LoadResult) => (result = message));
    child.once('error', reject);
    child.once('exit', (code) =>
      result ? resolve(result) : reject(new Error(`the load generator exited with ${code} and no result`)),
    );
    child.send({ ...options, seconds: SECONDS_PER_RUN, warmupSeconds: WARMUP_SECONDS } satisfies LoadOptions);
  });
}

/** The floor: the same concurrency of bare DynamoDB Local calls from this process, for the same time, after the same warm-up. */
async function bareDynamo(
  connections: number,
  call: () => Promise<unknown>,
  seconds = SECONDS_PER_RUN,
): Promise<number[]> {
  if (seconds === SECONDS_PER_RUN) await bareDynamo(connections, call, WARMUP_SECONDS);
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        await call();
        latencies.push(performance.now() - started);
      }
    }),
  );
  return latencies;
}

const round = (ms: number) => Math.round(ms * 10) / 10;

const benchmark: Benchmark = {
  name: 'api-latency',
  description: `local API p50/p95/p99 and errors at ${CONNECTIONS.join(' and ')} connections (autocannon in a child process, ${SECONDS_PER_RUN} s each after a ${WARMUP_SECONDS} s warm-up of the same load) for GET /api/activities (5,000 activities) and PUT /api/profile through the whole stack; floor: a bare DynamoDB Local Query of the same page / PutItem at the same concurrency, after the same warm-up`,
  async run(ctx) {
    const stack = await ctx.stack();
    const user = await signedInUser(stack);
    // Raw provider records of a realistic size: a list that read them would pay for it.
    const raw = { source: 'bench', laps: Array.from({ length: 20 }, (_, lap) => ({ lap, split: 'x'.repeat(40) })) };
    await upsertActivities(
      generateActivities(ACTIVITIES_PER_USER, { now: new Date(), days: 6, seed: 7, userId: user.sub }).map(
        (activity) => ({ activity, raw }),
      ),
    );
    ctx.log(`seeded ${ACTIVITIES_PER_USER} activities for the reader`);
    const headers = { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json' };
    const floorKey = { pk: `BENCH#${randomUUID()}`, sk: 'FLOOR' };
    await dynamo().send(new PutCommand({ TableName: tableName('users'), Item: { ...floorKey, note: 'bench floor' } }));

    const scenarios = [
      {
        id: 'read',
        route: { url: `${stack.url}/api/activities`, method: 'GET' as const, headers },
        // The floor: one bare Query of the first page (50, newest first) of the same user's start-time index.
        floor: () =>
          dynamo().send(
            new QueryCommand({
              TableName: tableName('activities'),
              IndexName: 'gsi1',
              KeyConditionExpression: 'gsi1pk = :pk',
              ExpressionAttributeValues: { ':pk': keys.activityByStartTime(user.sub, '').gsi1pk },
              ScanIndexForward: false,
              Limit: 50,
            }),
          ),
        p99Target: 100,
      },
      {
        id: 'write',
        route: {
          url: `${stack.url}/api/profile`,
          method: 'PUT' as const,
          headers,
          body: JSON.stringify({ ...DEFAULT_PROFILE_SETTINGS, bio: 'Benchmarking the write path.' }),
        },
        floor: () =>
          dynamo().send(
            new PutCommand({
              TableName: tableName('users'),
              Item: { ...floorKey, note: 'bench floor', at: Date.now() },
            }),
          ),
        p99Target: 150,
      },
    ];

    const results: BenchResult[] = [];
    for (const scenario of scenarios) {
      for (const connections of CONNECTIONS) {
        ctx.log(
          `${scenario.id}: ${scenario.route.method} ${new URL(scenario.route.url).pathname} at ${connections} connections`,
        );
        const api = await load({ ...scenario.route, connections });
        if (api.requests === 0) throw new Error(`${scenario.id}: no responses at all`);
        const floor = summarize(await bareDynamo(connections, scenario.floor));
        const timing = summarize(api.latencies);
        ctx.log(
          `${scenario.id} @${connections}: ${api.requests} requests, ${api.errors} errors; p50 ${round(timing.p50)} / p95 ${round(timing.p95)} / p99 ${round(timing.p99)} ms; bare DynamoDB p99 ${round(floor.p99)} ms`,
        );
        // The targets are set at 10 connections; 50 is reported for the curve.
        const at10 = connections === 10;
        const suffix = at10 ? '' : `-${connections}c`;
        results.push(
          benchResult({
            name: `api-${scenario.id}-p50${suffix}`,
            value: round(timing.p50),
            unit: 'ms',
            floor: round(floor.p50),
            goal: null,
          }),
          benchResult({
            name: `api-${scenario.id}-p95${suffix}`,
            value: round(timing.p95),
            unit: 'ms',
            floor: round(floor.p95),
            goal: null,
          }),
          benchResult({
            name: `api-${scenario.id}-p99${suffix}`,
            value: round(timing.p99),
            unit: 'ms',
            floor: round(floor.p99),
            goal: at10 ? { atMost: scenario.p99Target } : null,
          }),
          ...(scenario.id === 'read'
            ? [
                benchResult({
                  name: `api-read-p99-x-floor${suffix}`,
                  value: round(timing.p99 / floor.p99),
                  unit: 'x',
                  floor: null,
                  goal: at10 ? { atMost: READ_P99_X_FLOOR } : null,
                }),
              ]
            : []),
          benchResult({
            name: `api-${scenario.id}-errors${suffix}`,
            value: api.errors,
            unit: 'requests',
            floor: 0,
            goal: at10 ? { atMost: 0 } : null,
          }),
        );
      }
    }
    return results;
  },
};

export default benchmark;
