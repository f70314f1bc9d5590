import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { handler as deleteConnection } from '../../../functions/handlers/connections/delete-connection';
import { handler as getActivities } from '../../../functions/handlers/activities/get-activities';
import { handler as getConnections } from '../../../functions/handlers/connections/get-connections';
import { handler as postIngestToken } from '../../../functions/handlers/apple/post-ingest-token';
import { hashIngestToken } from '../../../functions/domain/apple-ingest-token';
import { getConnection } from '../../../functions/repositories/connections';
import { getMetrics } from '../../../functions/repositories/metrics';
import { APPLE_ROUTES } from '../../../functions/shared/route-areas/apple';
import {
  APPLE_INGEST_MAX_BYTES,
  APPLE_INGEST_MAX_ENTRIES,
  AppleIngestResponse,
} from '../../../functions/shared/schemas/apple';
import { ActivitiesResponse, ConnectionsResponse } from '../../../functions/shared/schemas/connections';
import { createApiHost } from '../../../infra/local/api-host';
import { invoke, userClaims } from '../../support/api-events';
import {
  dayAgo,
  haeWorkout,
  ingest,
  issueToken,
  newUserId,
  route,
  SITE_URL,
  specWorkout,
  storedActivities,
  storedTokenItems,
  tableContains,
  useAppleEnv,
} from './helpers';

beforeAll(() => useAppleEnv());

const accepted = (result: { status: number; json: unknown }) => {
  expect(result.status, JSON.stringify(result.json)).toBe(200);
  return AppleIngestResponse.parse(result.json);
};
const errorOf = (result: { json: unknown }) => (result.json as { error: { code: string; message: string } }).error;
const appleIds = async (userId: string) => (await storedActivities(userId)).map((item) => String(item.sk)).sort();

describe('POST /api/apple/ingest-token', () => {
  it('needs a signed-in caller', async () => {
    const result = await invoke(postIngestToken, route('post-apple-ingest-token'));
    expect(result.status).toBe(401);
  });

  it('connects Apple Health and issues a token shown once and stored only as its hash', async () => {
    const userId = newUserId();
    const issued = await issueToken(userId);

    expect(issued.token).toMatch(/^tbah_[A-Za-z0-9_-]{43}$/);
    expect(issued.ingestUrl).toBe(`${SITE_URL}/api/apple/ingest`);
    // No published Shortcut configured: the setup dialog shows the steps to build one instead of an install link.
    expect(issued.shortcutUrl).toBeNull();
    expect(issued.connection).toMatchObject({
      provider: 'apple_health',
      isActive: true,
      lastSyncAt: null,
      athleteFirstName: null,
    });
    expect(issued.connection.providerUserIdPrefix).toMatch(/^[0-9a-f]{8}$/);
    expect(issued.connection.scopes).toEqual([
      'step_count',
      'walking_running_distance',
      'active_energy',
      'heart_rate',
      'workouts',
      'sleep_analysis',
    ]);

    const listed = ConnectionsResponse.parse(
      (await invoke(getConnections, route('get-connections'), { claims: userClaims(userId) })).json,
    );
    expect(listed.connections.map((c) => c.provider)).toEqual(['apple_health']);

    const tokenItems = await storedTokenItems(userId);
    expect(tokenItems.map((item) => item.pk).sort()).toEqual([
      `APPLE_INGEST_TOKEN#${hashIngestToken(issued.token)}`,
      `USER#${userId}`,
    ]);
    expect(await tableContains('users', issued.token)).toBe(false);
    expect(await tableContains('connections', issued.token)).toBe(false);
  });

  it('takes the Shortcut URL from APPLE_SHORTCUT_URL when set', async () => {
    process.env.APPLE_SHORTCUT_URL = 'https://www.icloud.com/shortcuts/0123456789abcdef';
    try {
      expect((await issueToken(newUserId())).shortcutUrl).toBe('https://www.icloud.com/shortcuts/0123456789abcdef');
    } finally {
      delete process.env.APPLE_SHORTCUT_URL;
    }
  });
});

describe('POST /api/apple/ingest', () => {
  it("answers the setup dialog's Test Connection with 200 and accepted 0, writing nothing", async () => {
    const userId = newUserId();
    const { token } = await issueToken(userId);
    const result = accepted(await ingest(token, { health_data: { workouts: [] } }));
    expect(result).toMatchObject({ accepted: 0, duplicates: 0, rejected: [] });
    expect(Date.parse(result.receivedAt)).not.toBeNaN();
    expect(await storedActivities(userId)).toEqual([]);
    expect((await getConnection(userId, 'apple_health', null))?.lastSyncAt).toBeNull();
  });

  it('stores both formats and daily steps, reports the bad entries by position, keeps the rest, then updates last sync and metrics', async () => {
    const userId = newUserId();
    const { token } = await issueToken(userId);
    const body = {
      health_data: {
        workouts: [
          haeWorkout('hae-run-1', 10),
          { id: 'broken-1', name: 'Run', start: 'yesterday', duration: 600 },
          specWorkout('6F1C2D3E-AAAA-4BBB-8CCC-000000000001', 80),
          'not a workout',
          haeWorkout('too-old', 24 * 40),
        ],
        steps: [
          { date: dayAgo(2), steps: 8400 },
          { date: dayAgo(3), steps: 600 },
          { date: 'soon', steps: 5000 },
        ],
      },
    };
    const result = accepted(await ingest(token, body));

    expect(result.accepted).toBe(3);
    expect(result.duplicates).toBe(0);
    expect(result.rejected).toEqual([
      { index: 1, list: 'workouts', message: expect.stringMatching(/start 'yesterday' is not a date/) },
      { index: 3, list: 'workouts', message: 'a workout must be an object' },
      { index: 2, list: 'steps', message: expect.stringMatching(/date 'soon'/) },
    ]);
    expect(result.skipped).toEqual([
      { index: 4, list: 'workouts', message: 'older than the 30-day sync window' },
      { index: 1, list: 'steps', message: expect.stringMatching(/600 steps/) },
    ]);

    expect(await appleIds(userId)).toEqual(
      [
        'ACT#apple_health#6f1c2d3e-aaaa-4bbb-8ccc-000000000001',
        'ACT#apple_health#hae-run-1',
        `ACT#apple_health#steps#${dayAgo(2)}`,
      ].sort(),
    );
    const items = await storedActivities(userId);
    const run = items.find((item) => item.provider_activity_id === 'hae-run-1')!;
    expect(run).toMatchObject({
      user_id: userId,
      distance_meters: 6000,
      calories_burned: 400.1,
      heart_rate_avg: 140,
      activity_level: 'active',
    });
    expect(typeof run.expiresAt).toBe('number');
    expect(typeof run.raw_data).toBe('string');

    const connection = await getConnection(userId, 'apple_health', null);
    expect(connection?.lastSyncAt).toBe(result.receivedAt);
    const metrics = await getMetrics(userId);
    expect(metrics).not.toBeNull();

    const listed = ActivitiesResponse.parse(
      (await invoke(getActivities, route('get-activities'), { claims: userClaims(userId) })).json,
    );
    expect(listed.activities.map((a) => a.provider_activity_id)).toEqual([
      'hae-run-1',
      `steps#${dayAgo(2)}`,
      '6f1c2d3e-aaaa-4bbb-8ccc-000000000001',
    ]);
  });

  it("keeps a long hike whose energy arrives as '1,204 kcal' and one whose heart rate cannot be read, naming what was left out", async () => {
    const userId = newUserId();
    const { token } = await issueToken(userId);
    const hike = { ...haeWorkout('hike-1204', 10), activeEnergyBurned: '1,204 kcal', distance: '18,6 km' };
    const run = { ...haeWorkout('run-bad-hr', 20), averageHeartRate: 'fast' };
    const result = accepted(await ingest(token, { health_data: { workouts: [hike, run] } }));

    expect(result.accepted).toBe(2);
    expect(result.rejected).toEqual([]);
    expect(result.incomplete).toEqual([
      { index: 1, list: 'workouts', message: 'averageHeartRate is not a number: left out' },
    ]);
    const items = await storedActivities(userId);
    expect(items.find((item) => item.provider_activity_id === 'hike-1204')).toMatchObject({
      calories_burned: 1204,
      distance_meters: 18600,
    });
    expect(items.find((item) => item.provider_activity_id === 'run-bad-hr')).toMatchObject({ heart_rate_avg: null });
  });

  it('never duplicates: the same payload again updates the same items, and a repeated id within one payload is one item', async () => {
    const userId = newUserId();
    const { token } = await issueToken(userId);
    const body = { health_data: { data: { workouts: [haeWorkout('a', 5), haeWorkout('b', 6)] } } };
    expect(accepted(await ingest(token, body))).toMatchObject({ accepted: 2, duplicates: 0 });
    expect(accepted(await ingest(token, body))).toMatchObject({ accepted: 0, duplicates: 2 });
    expect(await appleIds(userId)).toEqual(['ACT#apple_health#a', 'ACT#apple_health#b']);

    // Edited on the phone: the later figures replace the earlier ones.
    const edited = accepted(
      await ingest(token, {
        health_data: [
          haeWorkout('a', 5, { distance: { qty: 7, units: 'km' } }),
          haeWorkout('c', 7),
          haeWorkout('c', 7, { duration: 2000 }),
        ],
      }),
    );
    expect(edited).toMatchObject({ accepted: 1, duplicates: 2 });
    const items = await storedActivities(userId);
    expect(items).toHaveLength(3);
    expect(items.find((item) => item.provider_activity_id === 'a')?.distance_meters).toBe(7000);
    expect(items.find((item) => item.provider_activity_id === 'c')?.duration_seconds).toBe(2000);
  });

  describe('refuses with a clear 4xx and writes nothing', () => {
    const cases: Array<[string, (token: string) => Promise<{ status: number; json: unknown }>, number, string]> = [
      ['a missing token', () => ingest(null, { health_data: { workouts: [haeWorkout('x', 1)] } }), 401, 'unauthorized'],
      [
        'a wrong token',
        () => ingest('tbah_' + 'A'.repeat(43), { health_data: { workouts: [haeWorkout('x', 1)] } }),
        401,
        'unauthorized',
      ],
      [
        'a token in the wrong scheme',
        (token) =>
          ingest(null, { health_data: { workouts: [haeWorkout('x', 1)] } }, { authorization: `Basic ${token}` }),
        401,
        'unauthorized',
      ],
      ['a body that is not JSON', (token) => ingest(token, '{"health_data": [', {}), 400, 'invalid_json'],
      ['an empty body', (token) => ingest(token, ''), 400, 'validation_failed'],
      [
        'JSON that is not the envelope',
        (token) => ingest(token, { workouts: [haeWorkout('x', 1)] }),
        400,
        'validation_failed',
      ],
      ['health_data null', (token) => ingest(token, { health_data: null }), 400, 'validation_failed'],
      [
        'health_data of an unknown shape',
        (token) => ingest(token, { health_data: { sleep: [] } }),
        400,
        'unsupported_health_data',
      ],
      [
        'workouts that are not a list',
        (token) => ingest(token, { health_data: { workouts: { id: 'x' } } }),
        400,
        'unsupported_health_data',
      ],
      [
        'a body over the size cap',
        (token) =>
          ingest(token, {
            health_data: { workouts: [haeWorkout('x', 1, { notes: 'x'.repeat(APPLE_INGEST_MAX_BYTES) })] },
          }),
        413,
        'payload_too_large',
      ],
      [
        'more entries than the cap',
        (token) =>
          ingest(token, {
            health_data: {
              workouts: Array.from({ length: APPLE_INGEST_MAX_ENTRIES + 1 }, (_, i) => ({
                id: `w${i}`,
                name: 'Walk',
                start: '2026-01-01 00:00:00 +0000',
                duration: 60,
              })),
            },
          }),
        413,
        'too_many_entries',
      ],
    ];
    it.each(cases)('%s', async (_, send, status, code) => {
      const userId = newUserId();
      const { token } = await issueToken(userId);
      accepted(await ingest(token, { health_data: { workouts: [haeWorkout('kept', 3)] } }));
      const before = await storedActivities(userId);
      const lastSyncBefore = (await getConnection(userId, 'apple_health', null))?.lastSyncAt;

      const result = await send(token);
      expect(result.status).toBe(status);
      expect(errorOf(result).code).toBe(code);
      expect(errorOf(result).message.length).toBeGreaterThan(10);

      expect(await storedActivities(userId)).toEqual(before);
      expect((await getConnection(userId, 'apple_health', null))?.lastSyncAt).toBe(lastSyncBefore);
    });
  });

  it('stops accepting a token once a new one is issued; the data and the connection history stay', async () => {
    const userId = newUserId();
    const first = await issueToken(userId);
    const firstSync = accepted(await ingest(first.token, { health_data: { workouts: [haeWorkout('r1', 2)] } }));

    const second = await issueToken(userId);
    expect(second.token).not.toBe(first.token);
    expect(second.connection.providerUserIdPrefix).toBe(first.connection.providerUserIdPrefix);
    expect(second.connection.lastSyncAt).toBe(firstSync.receivedAt);

    const refused = await ingest(first.token, { health_data: { workouts: [haeWorkout('r2', 2)] } });
    expect(refused.status).toBe(401);
    expect(accepted(await ingest(second.token, { health_data: { workouts: [haeWorkout('r3', 2)] } })).accepted).toBe(1);
    expect(await appleIds(userId)).toEqual(['ACT#apple_health#r1', 'ACT#apple_health#r3']);
    expect(await storedTokenItems(userId)).toHaveLength(2);
  });

  it('revokes the token on disconnect and deletes the Apple activities; reconnecting starts afresh', async () => {
    const userId = newUserId();
    const { token } = await issueToken(userId);
    accepted(await ingest(token, { health_data: { workouts: [haeWorkout('d1', 2)] } }));

    const disconnected = await invoke(deleteConnection, route('delete-connection'), {
      claims: userClaims(userId),
      path: '/api/connections/apple_health',
      pathParameters: { provider: 'apple_health' },
    });
    expect(disconnected.status).toBe(204);

    const refused = await ingest(token, { health_data: { workouts: [haeWorkout('d2', 2)] } });
    expect(refused.status).toBe(401);
    expect(errorOf(refused).code).toBe('unauthorized');
    expect(await storedActivities(userId)).toEqual([]);
    expect(await storedTokenItems(userId)).toEqual([]);
    expect((await getConnection(userId, 'apple_health', null))?.isActive).toBe(false);

    const again = await issueToken(userId);
    expect(again.connection.lastSyncAt).toBeNull();
    expect(accepted(await ingest(again.token, { health_data: { workouts: [haeWorkout('d3', 2)] } })).accepted).toBe(1);
  });

  it("one user's token only ever writes that user's items, whatever user id the payload names", async () => {
    const alice = newUserId();
    const bob = newUserId();
    const aliceToken = (await issueToken(alice)).token;
    const bobToken = (await issueToken(bob)).token;
    accepted(
      await ingest(bobToken, { health_data: { workouts: [haeWorkout('bob-only', 4), haeWorkout('shared-id', 5)] } }),
    );
    const bobBefore = await storedActivities(bob);

    const sneaky = {
      user_id: bob,
      userId: bob,
      health_data: {
        user_id: bob,
        workouts: [
          haeWorkout('shared-id', 6, { user_id: bob, userId: bob }),
          haeWorkout('alice-1', 7, { user_id: bob }),
        ],
      },
    };
    expect(accepted(await ingest(aliceToken, sneaky))).toMatchObject({ accepted: 2, duplicates: 0 });

    expect(await storedActivities(bob)).toEqual(bobBefore);
    const aliceItems = await storedActivities(alice);
    expect(aliceItems.map((item) => item.provider_activity_id).sort()).toEqual(['alice-1', 'shared-id']);
    for (const item of aliceItems) {
      expect(item.pk).toBe(`USER#${alice}`);
      expect(item.user_id).toBe(alice);
      expect(item.gsi1pk).toBe(`USER#${alice}`);
    }
    // Bob's shared-id workout is his own item, untouched by Alice's workout with the same id.
    expect(bobBefore.find((item) => item.provider_activity_id === 'shared-id')?.start_time).not.toBe(
      aliceItems.find((item) => item.provider_activity_id === 'shared-id')?.start_time,
    );

    // Disconnecting Alice revokes only her token.
    await invoke(deleteConnection, route('delete-connection'), {
      claims: userClaims(alice),
      pathParameters: { provider: 'apple_health' },
      path: '/api/connections/apple_health',
    });
    expect((await ingest(aliceToken, { health_data: { workouts: [] } })).status).toBe(401);
    expect(accepted(await ingest(bobToken, { health_data: { workouts: [] } })).accepted).toBe(0);
    expect(await storedActivities(bob)).toEqual(bobBefore);
  });

  it('is public on the local host (no Cognito token needed) and its size cap answers before the host limit', async () => {
    const api = createApiHost({
      routes: APPLE_ROUTES,
      rootDir: resolve(import.meta.dirname, '../../..'),
      authorize: async () => ({ ok: false }) as never,
    });
    const userId = newUserId();
    const { token } = await issueToken(userId);
    const post = (body: string) =>
      api({
        method: 'POST',
        path: '/api/apple/ingest',
        rawQueryString: '',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: Buffer.from(body),
        sourceIp: '127.0.0.1',
      });

    const ok = await post(JSON.stringify({ health_data: { workouts: [haeWorkout('via-host', 1)] } }));
    expect(ok.status).toBe(200);
    expect(AppleIngestResponse.parse(JSON.parse(ok.body.toString())).accepted).toBe(1);

    const big = await post(
      JSON.stringify({ health_data: { workouts: [], pad: 'x'.repeat(APPLE_INGEST_MAX_BYTES + 1) } }),
    );
    expect(big.status).toBe(413);
    expect(JSON.parse(big.body.toString())).toEqual({
      error: { code: 'payload_too_large', message: expect.any(String) },
    });

    // The token route is behind the authorizer.
    const tokenRoute = await api({
      method: 'POST',
      path: '/api/apple/ingest-token',
      rawQueryString: '',
      headers: {},
      body: Buffer.alloc(0),
      sourceIp: '127.0.0.1',
    });
    expect(tokenRoute.status).toBe(401);
  });
});
