// own module registry: the handlers' logger is replaced at the most verbose level and its lines read from stdout.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as getActivities } from '../../../functions/handlers/activities/get-activities';
import { handler as deleteConnection } from '../../../functions/handlers/connections/delete-connection';
import { handler as getConnections } from '../../../functions/handlers/connections/get-connections';
import { handler as postSync } from '../../../functions/handlers/connections/post-sync';
import { handler as getAuthorizeUrl } from '../../../functions/handlers/strava/get-authorize-url';
import { handler as postConnect } from '../../../functions/handlers/strava/post-connect';
import { handler as getSyncRequests } from '../../../functions/handlers/sync-requests/get-sync-requests';
import { upsertActivities } from '../../../functions/repositories/activities';
import { getConnection } from '../../../functions/repositories/connections';
import { getMetrics } from '../../../functions/repositories/metrics';
import { setManualSyncOnly } from '../../../functions/repositories/sync-requests';
import { ROUTES } from '../../../functions/shared/routes';
import type { UnifiedActivity } from '../../../functions/shared/schemas/activity';
import {
  ActivitiesResponse,
  AuthorizeUrlResponse,
  ConnectionsResponse,
  StravaConnectResponse,
  SyncResponse,
} from '../../../functions/shared/schemas/connections';
import { ImportJobsResponse } from '../../../functions/shared/schemas/import-jobs';
import { handler as getImportJobs } from '../../../functions/handlers/import-jobs/get-import-jobs';
import { startLocalImportQueue, type LocalImportQueue } from '../../../infra/local/import-queue';
import type { StravaSimulator } from '../../../infra/local/simulators/strava';
import { invoke, userClaims } from '../../support/api-events';
import { captureLogOutput } from '../../support/captured-logs';
import { consentAs, LIAM, MAYA, newUserId, SOFIA, startStrava, testDeps } from './helpers';

const route = (id: string) => ROUTES.find((r) => r.id === id)!;

let sim: StravaSimulator;
let queue: LocalImportQueue;
// Every log line the handlers write, at the most verbose level, to check no token ever appears.
const output = captureLogOutput();

beforeAll(async () => {
  sim = await startStrava();
  // The same worker the Lambda runs, fed from the local in-process queue.
  queue = startLocalImportQueue({ rootDir: process.cwd(), log: () => undefined, visibilityTimeoutMs: 10 });
});
afterAll(async () => {
  queue.stop();
  await sim.stop();
});

const responses: string[] = [];
async function call(
  handlerFn: Parameters<typeof invoke>[0],
  id: string,
  userId: string | null,
  options: Parameters<typeof invoke>[2] = {},
) {
  const result = await invoke(handlerFn, route(id), { ...options, ...(userId ? { claims: userClaims(userId) } : {}) });
  responses.push(JSON.stringify(result.raw));
  return result;
}

async function connectThroughApi(userId: string, athleteId: number) {
  const { url } = AuthorizeUrlResponse.parse((await call(getAuthorizeUrl, 'get-strava-authorize-url', userId)).json);
  const callback = await consentAs(sim, url, athleteId);
  const connected = await call(postConnect, 'post-strava-connect', userId, { body: callback });
  expect(connected.status).toBe(200);
  return StravaConnectResponse.parse(connected.json);
}

const alice = newUserId();
const bob = newUserId();

describe('Strava routes through the HTTP wrapper', () => {
  it('require a signed-in caller', async () => {
    for (const [fn, id] of [
      [getAuthorizeUrl, 'get-strava-authorize-url'],
      [getConnections, 'get-connections'],
      [getActivities, 'get-activities'],
      [getSyncRequests, 'get-sync-requests'],
    ] as const) {
      expect((await call(fn, id, null)).status, id).toBe(401);
    }
  });

  it('connect, list and sync, with nothing secret in any response', async () => {
    const connected = await connectThroughApi(alice, MAYA);
    expect(connected.connection.athleteFirstName).toBe('Maya');
    expect(connected.sync!.imported).toBeGreaterThan(0);

    // The default wiring recalculates the user's metrics after the sync (engineer D's use case).
    expect(await getMetrics(alice)).not.toBeNull();

    const list = ConnectionsResponse.parse((await call(getConnections, 'get-connections', alice)).json);
    expect(list.connections).toEqual([connected.connection]);

    const synced = await call(postSync, 'post-connection-sync', alice, {
      pathParameters: { provider: 'strava' },
      path: '/api/connections/strava/sync',
    });
    // 202 at once with the background job; the worker runs it from the queue, GET /api/connections/jobs shows it.
    expect(synced.status).toBe(202);
    const queued = SyncResponse.parse(synced.json);
    expect(queued).toMatchObject({ kind: 'queued', job: { provider: 'strava', kind: 'import', status: 'queued' } });
    await queue.idle();
    const { jobs } = ImportJobsResponse.parse((await call(getImportJobs, 'get-import-jobs', alice)).json);
    expect(jobs.find((job) => job.kind === 'import')).toMatchObject({
      id: queued.kind === 'queued' ? queued.job.id : '',
      status: 'done',
      result: { imported: 0 },
    });
    // Connect's complete first import was followed by the history backfill.
    expect(jobs.find((job) => job.kind === 'backfill')).toMatchObject({ status: 'done' });

    expect(
      (
        await call(postSync, 'post-connection-sync', alice, {
          pathParameters: { provider: 'fitbit' },
          path: '/api/connections/fitbit/sync',
        })
      ).status,
    ).toBe(400);
  });

  it("never lets one user read, sync or disconnect another's connection (identity only from the token)", async () => {
    await connectThroughApi(bob, LIAM);
    const aliceActivities = ActivitiesResponse.parse(
      (await call(getActivities, 'get-activities', alice)).json,
    ).activities;
    const bobActivities = ActivitiesResponse.parse((await call(getActivities, 'get-activities', bob)).json).activities;
    expect(aliceActivities.every((a) => a.user_id === alice)).toBe(true);
    expect(bobActivities.every((a) => a.user_id === bob)).toBe(true);

    const stranger = newUserId();
    expect(
      ConnectionsResponse.parse((await call(getConnections, 'get-connections', stranger)).json).connections,
    ).toEqual([]);
    expect(
      (await call(postSync, 'post-connection-sync', stranger, { pathParameters: { provider: 'strava' } })).status,
    ).toBe(404);
    expect(ActivitiesResponse.parse((await call(getActivities, 'get-activities', stranger)).json).activities).toEqual(
      [],
    );
    // A body or query naming another user changes nothing: there is no such input.
    expect((await call(getActivities, 'get-activities', stranger, { query: `user_id=${alice}` })).status).toBe(400);

    expect(
      (
        await call(deleteConnection, 'delete-connection', stranger, {
          method: 'DELETE',
          pathParameters: { provider: 'strava' },
        })
      ).status,
    ).toBe(204);
    expect((await getConnection(alice, 'strava', null))!.isActive).toBe(true);
    expect((await getConnection(bob, 'strava', null))!.isActive).toBe(true);
    expect(ActivitiesResponse.parse((await call(getActivities, 'get-activities', alice)).json).activities).toHaveLength(
      aliceActivities.length,
    );
  });

  it('lists sync requests of the caller only', async () => {
    await setManualSyncOnly(bob, true, new Date());
    const requested = SyncResponse.parse(
      (await call(postSync, 'post-connection-sync', bob, { pathParameters: { provider: 'strava' } })).json,
    );
    expect(requested.kind).toBe('requested');
    const bobs = (await call(getSyncRequests, 'get-sync-requests', bob)).json as { requests: unknown[] };
    expect(bobs.requests).toHaveLength(1);
    expect(
      ((await call(getSyncRequests, 'get-sync-requests', alice)).json as { requests: unknown[] }).requests,
    ).toEqual([]);
  });

  it('disconnect deauthorizes at Strava, deactivates, deletes tokens and activities', async () => {
    const deps = await testDeps();
    const before = (await getConnection(bob, 'strava', deps.cipher))!;
    const response = await call(deleteConnection, 'delete-connection', bob, {
      method: 'DELETE',
      pathParameters: { provider: 'strava' },
    });
    expect(response.status).toBe(204);
    const after = (await getConnection(bob, 'strava', deps.cipher))!;
    expect(after).toMatchObject({ isActive: false, tokens: null });
    expect(ActivitiesResponse.parse((await call(getActivities, 'get-activities', bob)).json).activities).toEqual([]);
    expect(ConnectionsResponse.parse((await call(getConnections, 'get-connections', bob)).json).connections).toEqual(
      [],
    );
    const athlete = await fetch(`${sim.url}/api/v3/athlete`, {
      headers: { authorization: `Bearer ${before.tokens!.accessToken}` },
    });
    expect(athlete.status).toBe(401);
    expect(
      (
        await call(deleteConnection, 'delete-connection', bob, {
          method: 'DELETE',
          pathParameters: { provider: 'garmin' },
        })
      ).status,
    ).toBe(400);
  });

  it('never puts a token in a response or a log line', async () => {
    const deps = await testDeps();
    const carol = newUserId();
    await connectThroughApi(carol, SOFIA);
    const tokens = (await getConnection(carol, 'strava', deps.cipher))!.tokens!;
    const alices = (await getConnection(alice, 'strava', deps.cipher))!.tokens!;
    await call(postSync, 'post-connection-sync', carol, { pathParameters: { provider: 'strava' } });
    await queue.idle();
    expect(output.join('').length).toBeGreaterThan(0);
    for (const secret of [
      tokens.accessToken,
      tokens.refreshToken,
      alices.accessToken,
      alices.refreshToken,
      'strava-simulator-secret',
    ]) {
      expect(responses.join('\n')).not.toContain(secret);
      expect(output.join('')).not.toContain(secret);
    }
  });
});

describe('GET /api/activities', () => {
  const user = newUserId();
  const now = Date.now();
  // Stored the way every import stores them (upsertActivities: the table, start-time and order keys).
  const put = (id: string, fields: Partial<UnifiedActivity>) =>
    upsertActivities([
      {
        activity: {
          user_id: user,
          provider_type: 'strava',
          provider_activity_id: id,
          activity_type: 'Run',
          name: `Activity ${id}`,
          start_time: new Date(now - Number(id) * 3_600_000).toISOString(),
          duration_seconds: 1000 + Number(id),
          distance_meters: 5000 - Number(id) * 10,
          calories_burned: null,
          steps: null,
          heart_rate_avg: null,
          heart_rate_max: null,
          activity_level: 'moderate',
          elevation_gain_meters: Number(id) % 7,
          average_speed_mps: 3,
          fetched_at: new Date(now - 60_000).toISOString(),
          ...fields,
        },
        raw: { secret: 'raw' },
      },
    ]);

  beforeAll(async () => {
    for (let i = 1; i <= 60; i++)
      await put(String(i), { activity_type: i % 3 === 0 ? 'Ride' : i % 5 === 0 ? 'TrailRun' : 'Run' });
    await put('99', { activity_type: 'Hike', fetched_at: new Date(now - 8 * 86_400_000).toISOString() });
  });

  const list = async (query: string) => {
    const response = await call(getActivities, 'get-activities', user, { query });
    expect(response.status, query).toBe(200);
    return ActivitiesResponse.parse(response.json);
  };

  it('pages 50 at a time newest first, with an opaque cursor, and hides items past retention', async () => {
    const first = await list('');
    expect(first.activities).toHaveLength(50);
    expect(first.activities[0]!.provider_activity_id).toBe('1');
    expect(first.nextCursor).not.toBeNull();
    const second = await list(`cursor=${first.nextCursor}`);
    expect(second.activities.map((a) => a.provider_activity_id)).toEqual([
      '51',
      '52',
      '53',
      '54',
      '55',
      '56',
      '57',
      '58',
      '59',
      '60',
    ]);
    expect(second.nextCursor).toBeNull();
    expect(JSON.stringify([first, second])).not.toContain('raw');
    expect([...first.activities, ...second.activities].some((a) => a.provider_activity_id === '99')).toBe(false);
  });

  it('filters by type and sorts by distance, duration or elevation in either order', async () => {
    const rides = await list('type=ride');
    expect(rides.activities).toHaveLength(20);
    expect(rides.activities.every((a) => a.activity_type === 'Ride')).toBe(true);
    const runs = await list('type=run&sort=distance&order=asc&limit=5');
    expect(runs.activities).toHaveLength(5);
    expect(runs.activities.map((a) => a.distance_meters)).toEqual(
      [...runs.activities.map((a) => a.distance_meters!)].sort((a, b) => a - b),
    );
    expect(runs.activities.every((a) => /Run/.test(a.activity_type))).toBe(true);
    const longest = await list('sort=duration&order=desc&limit=3');
    expect(longest.activities.map((a) => a.provider_activity_id)).toEqual(['60', '59', '58']);
    const hilly = await list('sort=elevation');
    expect(hilly.activities).toHaveLength(50);
    const elevations = hilly.activities.map((a) => a.elevation_gain_meters!);
    expect(elevations).toEqual([...elevations].sort((a, b) => b - a));
    expect((await list('type=hike')).activities).toEqual([]);
  });

  it('refuses bad queries and a cursor from another view', async () => {
    const first = await list('limit=10');
    expect(
      (await call(getActivities, 'get-activities', user, { query: `sort=distance&cursor=${first.nextCursor}` })).status,
    ).toBe(400);
    expect((await call(getActivities, 'get-activities', user, { query: 'sort=speed' })).status).toBe(400);
    expect((await call(getActivities, 'get-activities', user, { query: 'cursor=garbage' })).status).toBe(400);
  });
});

describe('POST /api/strava/connect without the activity permission', () => {
  const MISSING =
    "TrailBuddy needs permission to view data about your activities. Reconnect and keep 'View data about your activities' ticked.";

  it('says which permission is missing, stores and imports nothing; reconnecting with it ticked connects with activities', async () => {
    const user = newUserId();
    const { url } = AuthorizeUrlResponse.parse((await call(getAuthorizeUrl, 'get-strava-authorize-url', user)).json);
    const callback = await consentAs(sim, url, MAYA, { untick: ['activity:read'] });
    expect(callback.scope).toBe('read,profile:read_all');

    const refused = await call(postConnect, 'post-strava-connect', user, { body: callback });
    expect(refused.status).toBe(400);
    expect(refused.json).toEqual({ error: { code: 'missing_permission', message: MISSING } });
    expect(await getConnection(user, 'strava', null)).toBeNull();
    const none = ActivitiesResponse.parse((await call(getActivities, 'get-activities', user)).json);
    expect(none.activities).toEqual([]);

    const reconnected = await connectThroughApi(user, MAYA);
    expect(reconnected.connection.scopes).toContain('activity:read');
    expect(reconnected.sync!.imported).toBeGreaterThan(0);
  });

  it('leaves an existing connection as it was', async () => {
    const user = newUserId();
    const first = await connectThroughApi(user, LIAM);
    const { url } = AuthorizeUrlResponse.parse((await call(getAuthorizeUrl, 'get-strava-authorize-url', user)).json);
    const callback = await consentAs(sim, url, LIAM, { untick: ['activity:read'] });
    const refused = await call(postConnect, 'post-strava-connect', user, { body: callback });
    expect(refused.status).toBe(400);
    expect((refused.json as { error: { code: string } }).error.code).toBe('missing_permission');
    const stored = await getConnection(user, 'strava', null);
    expect(stored).toMatchObject({ isActive: true, scopes: first.connection.scopes });
  });
});
