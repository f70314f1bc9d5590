import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { RouteInputSchemas } from '../../../functions/lib/http';
import type { RouteDefinition } from '../../../functions/shared/routes';
import type { ApiResponse } from '../../../infra/local/api-host';
import {
  contractViolation,
  inputSchemasOfRoute,
  putItem,
  snapshotDiff,
  snapshotTables,
  startApiUnderTest,
  type ApiUnderTest,
} from './harness';
import { bodyKinds, malformedRequests, type FuzzRequest } from './malformed-requests';

/**
 * The budget: malformed requests per route per run. `npm test` and CI fuzz every route with it, every run; FUZZ_RUNS
 * sets it for a deep hunt (`FUZZ_RUNS=5000`), FUZZ_ROUTE narrows the run to route ids containing it, FUZZ_SEED replays
 * a run, FUZZ_CONCURRENCY overlaps writes (races).
 */
export const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS) || 100;
/** Of the budget, this many requests of every body kind (bodyKinds) go to every route, whatever the random mix draws. */
export const RUNS_PER_BODY_KIND = 4;
/** The run's seed, printed at the start; each route's requests come from it and the route id, so FUZZ_SEED + FUZZ_ROUTE replays one. */
export const FUZZ_SEED = Number(process.env.FUZZ_SEED) || (Date.now() ^ (Math.random() * 0x7fffffff)) >>> 0;

function routeSeed(routeId: string): number {
  let hash = FUZZ_SEED;
  for (const char of routeId) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) >>> 0;
  return hash;
}

/** A route's requests: RUNS_PER_BODY_KIND of every body kind, the rest of the budget from the weighted mix. */
export function requestsFor(route: RouteDefinition, schemas: RouteInputSchemas | undefined): FuzzRequest[] {
  const seed = routeSeed(route.id);
  const kinds = bodyKinds(schemas);
  const everyKind = kinds.flatMap((kind, index) =>
    fc.sample(malformedRequests(route, schemas, kind), { numRuns: RUNS_PER_BODY_KIND, seed: seed + index + 1 }),
  );
  const mix = fc.sample(malformedRequests(route, schemas), {
    numRuns: Math.max(0, RUNS_PER_ROUTE - everyKind.length),
    seed,
  });
  return [...everyKind, ...mix];
}
/**
 * Requests in flight at once: reads overlap (handlers wait on DynamoDB Local most of the time); writes go one at a
 * time, so what is tested is the input, not races between a caller's own simultaneous writes.
 */
const concurrencyFor = (route: RouteDefinition) =>
  Number(process.env.FUZZ_CONCURRENCY) || (route.method === 'GET' ? 8 : 1);

/** Files the route list is split over (routes.test.ts, routes-shard-2.test.ts); each takes every FUZZ_SHARDS-th route. */
export const FUZZ_SHARDS = 2;
export function shardOf(routes: readonly RouteDefinition[], shard: number): RouteDefinition[] {
  return routes.filter((_route, index) => index % FUZZ_SHARDS === shard);
}

async function inParallel<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/** The fuzzing caller's own data, so read routes have something to read and rejected writes something to spoil. */
async function seedCaller(userId: string): Promise<void> {
  const now = new Date().toISOString();
  await putItem('users', {
    pk: `USER#${userId}`,
    sk: 'PROFILE',
    userId,
    email: `${userId}@example.com`,
    createdAt: now,
    updatedAt: now,
  });
  await putItem('activities', {
    pk: `USER#${userId}`,
    sk: 'ACT#strava#900001',
    gsi1pk: `USER#${userId}`,
    gsi1sk: now,
    user_id: userId,
    provider: 'strava',
    provider_activity_id: '900001',
    activity_type: 'Run',
    start_time: now,
    duration_minutes: 30,
    fetchedAt: now,
  });
  await putItem('social', { pk: `USER#${userId}`, sk: 'FUZZ#marker', note: 'seeded' });
}

function describeRequest(route: RouteDefinition, request: FuzzRequest): string {
  const body = request.body.toString('utf8');
  return `${route.method} ${request.path}${request.rawQueryString ? `?${request.rawQueryString.slice(0, 300)}` : ''} content-type=${String(request.contentType)} body(${request.kind}, ${request.body.length} bytes)=${body.slice(0, 300)}`;
}

/**
 * For each route: RUNS_PER_ROUTE malformed requests through the real API host (JWT authorizer included) as a
 * signed-in caller. Every response must honour the contract (no 5xx, 4xx as `{ error: { code, message } }`,
 * no stack traces), and rejected requests must leave every table exactly as it was.
 *
 * The database check: if no request was accepted, the tables after the run must equal those before. If some
 * were (a 2xx is a legitimate change, e.g. GET /api/strava/authorize-url stores a pending OAuth state), the
 * rejected ones are replayed on their own between two snapshots, which must then be equal.
 */
export function fuzzRoutes(title: string, routes: readonly RouteDefinition[]): void {
  describe(title, () => {
    let api: ApiUnderTest;
    const caller = `fuzz-${Math.random().toString(36).slice(2, 10)}`;
    let token: string;
    const unhandled: unknown[] = [];
    const onUnhandled = (error: unknown) => unhandled.push(error);

    beforeAll(async () => {
      console.log(
        `${title}: FUZZ_SEED=${FUZZ_SEED}, ${RUNS_PER_ROUTE} requests per route (FUZZ_RUNS); set both to replay this run or to fuzz deeper`,
      );
      api = await startApiUnderTest(routes);
      token = api.tokenFor(caller);
      process.on('unhandledRejection', onUnhandled);
      process.on('uncaughtException', onUnhandled);
    });
    afterAll(async () => {
      process.off('unhandledRejection', onUnhandled);
      process.off('uncaughtException', onUnhandled);
      await api?.stop();
    });

    const send = (route: RouteDefinition, request: FuzzRequest): Promise<ApiResponse> =>
      api.host({
        method: route.method,
        path: request.path,
        rawQueryString: request.rawQueryString,
        headers: {
          ...request.extraHeaders,
          authorization: `Bearer ${token}`,
          ...(request.contentType === undefined ? {} : { 'content-type': request.contentType }),
        },
        body: request.body,
        sourceIp: '127.0.0.1',
      });

    /** The failure path only: one rejected request at a time between snapshots, to name the one that wrote. */
    const findCulprit = async (route: RouteDefinition, rejected: readonly FuzzRequest[]): Promise<string> => {
      for (const request of rejected) {
        const before = await snapshotTables();
        const response = await send(route, request);
        if (response.status >= 400 && snapshotDiff(before, await snapshotTables()).length > 0)
          return describeRequest(route, request);
      }
      return 'not reproducible one at a time';
    };

    const only = process.env.FUZZ_ROUTE;
    it.each(
      routes
        .filter((route) => !only || route.id.includes(only))
        .map((route) => [`${route.method} ${route.path}`, route] as const),
    )(
      '%s: malformed input is answered with a clean 4xx and changes nothing',
      async (_name, route) => {
        const schemas = await inputSchemasOfRoute(route);
        await seedCaller(caller);
        const rejected: FuzzRequest[] = [];
        let accepted = 0;
        const before = await snapshotTables();

        // Whatever check fails below, the seed that reproduces the run is printed with it.
        onTestFailed(() =>
          console.error(`${route.id}: FUZZ_SEED=${FUZZ_SEED} FUZZ_ROUTE=${route.id} reproduces this run`),
        );
        const requests = requestsFor(route, schemas);
        const violations: string[] = [];
        await inParallel(requests, concurrencyFor(route), async (request) => {
          const response = await send(route, request);
          const requestText = `${request.path} ${request.rawQueryString} ${request.body.toString('utf8')}`;
          const violation = contractViolation(response, requestText);
          if (violation)
            violations.push(
              `${violation}\n  request: ${describeRequest(route, request)}\n  response: ${response.status} ${response.body.toString('utf8').slice(0, 500)}`,
            );
          else if (response.status >= 400) rejected.push(request);
          else accepted++;
        });
        // The budget is spent in full and every kind of malformed body reached the route.
        expect(requests.length).toBe(Math.max(RUNS_PER_ROUTE, bodyKinds(schemas).length * RUNS_PER_BODY_KIND));
        expect(new Set(requests.map((request) => request.kind))).toEqual(new Set(bodyKinds(schemas)));
        if (violations.length > 0) {
          throw new Error(
            `${violations.length} of ${requests.length} responses broke the contract (FUZZ_SEED=${FUZZ_SEED} FUZZ_ROUTE=${route.id} reproduces this run); the first ones:\n${violations.slice(0, 3).join('\n')}`,
          );
        }
        expect(unhandled).toEqual([]);

        if (accepted === 0) {
          expect(snapshotDiff(before, await snapshotTables()), 'rejected input changed the database').toEqual([]);
          return;
        }
        const beforeReplay = await snapshotTables();
        await inParallel(rejected, concurrencyFor(route), async (request) => void (await send(route, request)));
        const diff = snapshotDiff(beforeReplay, await snapshotTables());
        if (diff.length > 0)
          throw new Error(
            `rejected input changed the database:\n${diff.slice(0, 5).join('\n')}\n  culprit: ${await findCulprit(route, rejected)}`,
          );
      },
      180_000,
    );
  });
}
