import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getConnection } from '../../../functions/repositories/connections';
import { AppleIngestResponse } from '../../../functions/shared/schemas/apple';
import healthAutoExportV2 from './fixtures/health-auto-export-v2.json';
import trailBuddyShortcut from './fixtures/trailbuddy-shortcut.json';
import { ingest, issueToken, newUserId, storedActivities, useAppleEnv } from './helpers';

/**
 * The two bodies a user's phone really posts, verbatim from fixtures: the Health Auto Export app's REST automation
 * (export version 2, JSON, no envelope of ours) and the Shortcut built from the setup dialog's steps. The fixtures
 * carry fixed dates, so the clock is pinned to the day after them (only Date is faked; DynamoDB Local is real).
 */
const NOW = new Date('2026-11-22T20:00:00.000Z');

beforeAll(() => {
  useAppleEnv();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterAll(() => vi.useRealTimers());

const accepted = (result: { status: number; json: unknown }) => {
  expect(result.status, JSON.stringify(result.json)).toBe(200);
  return AppleIngestResponse.parse(result.json);
};

const FIELDS = [
  'activity_type',
  'start_time',
  'duration_seconds',
  'distance_meters',
  'calories_burned',
  'steps',
  'heart_rate_avg',
  'heart_rate_max',
  'elevation_gain_meters',
  'average_speed_mps',
  'activity_level',
] as const;

async function storedById(userId: string) {
  const items = await storedActivities(userId);
  return Object.fromEntries(
    items.map((item) => [
      String(item.provider_activity_id),
      Object.fromEntries(FIELDS.map((field) => [field, item[field] ?? null])),
    ]),
  );
}

describe("POST /api/apple/ingest with Health Auto Export's own REST body", () => {
  it('accepts {"data": {"metrics", "workouts"}} as the app posts it, converting km/mi, kJ/kcal, m/ft and summing step series', async () => {
    const userId = newUserId();
    const { token } = await issueToken(userId);

    const result = accepted(await ingest(token, healthAutoExportV2));
    expect(result).toMatchObject({ accepted: 5, duplicates: 0, rejected: [] });
    expect(result.skipped).toEqual([
      { index: 4, list: 'steps', message: expect.stringMatching(/^2026-11-21: 640 steps/) },
    ]);

    expect(await storedById(userId)).toEqual({
      '5a4b2c1d-7e8f-4a0b-9c1d-2e3f4a5b6c7d': {
        activity_type: 'Hiking',
        start_time: '2026-11-20T15:12:00.000Z',
        duration_seconds: 9331,
        distance_meters: 11820,
        calories_burned: 872.7, // 3651.2 kJ
        steps: 14461, // 7540 + 6921
        heart_rate_avg: 131.2,
        heart_rate_max: 168,
        elevation_gain_meters: 612.4,
        average_speed_mps: 1.267,
        activity_level: 'very_active',
      },
      '9d0c3b4a-1f2e-4d5c-8b7a-6e5f4d3c2b1a': {
        activity_type: 'Outdoor Run',
        start_time: '2026-11-21T14:30:00.000Z',
        duration_seconds: 1689,
        distance_meters: 5005.1, // 3.11 mi
        calories_burned: 402,
        steps: 4712,
        heart_rate_avg: 152,
        heart_rate_max: 178,
        elevation_gain_meters: 27.1, // 89 ft
        average_speed_mps: 2.963,
        activity_level: 'very_active',
      },
      '0e1d2c3b-4a59-4687-8796-a5b4c3d2e1f0': {
        activity_type: 'Indoor Cycling',
        start_time: '2026-11-19T02:05:00.000Z',
        duration_seconds: 2700,
        distance_meters: null,
        calories_burned: 360, // 1506.2 kJ
        steps: null,
        heart_rate_avg: 126,
        heart_rate_max: 149,
        elevation_gain_meters: null,
        average_speed_mps: null,
        activity_level: 'active',
      },
      'steps#2026-11-19': {
        activity_type: 'Walking',
        start_time: '2026-11-19T08:00:00.000Z',
        duration_seconds: 0,
        distance_meters: 9630,
        calories_burned: 513.6,
        steps: 12840,
        heart_rate_avg: null,
        heart_rate_max: null,
        elevation_gain_meters: null,
        average_speed_mps: null,
        activity_level: 'active',
      },
      'steps#2026-11-20': {
        activity_type: 'Walking',
        start_time: '2026-11-20T15:00:00.000Z',
        duration_seconds: 0,
        distance_meters: 7914.8, // 4210 + 3877 + 2466 hourly parts
        calories_burned: 422.1,
        steps: 10553,
        heart_rate_avg: null,
        heart_rate_max: null,
        elevation_gain_meters: null,
        average_speed_mps: null,
        activity_level: 'active',
      },
    });
    expect((await getConnection(userId, 'apple_health', null))?.lastSyncAt).toBe(NOW.toISOString());

    // The automation re-sends overlapping periods: nothing is doubled.
    expect(accepted(await ingest(token, healthAutoExportV2))).toMatchObject({ accepted: 0, duplicates: 5 });
    expect(await storedActivities(userId)).toHaveLength(5);
  });

  it('keeps route points and sample series out of the stored raw record', async () => {
    const userId = newUserId();
    const { token } = await issueToken(userId);
    accepted(await ingest(token, healthAutoExportV2));
    const hike = (await storedActivities(userId)).find(
      (item) => item.provider_activity_id === '5a4b2c1d-7e8f-4a0b-9c1d-2e3f4a5b6c7d',
    )!;
    const raw = JSON.parse(String(hike.raw_data)) as Record<string, unknown>;
    expect(raw).toMatchObject({ name: 'Hiking', distance: { qty: 11.82, units: 'km' } });
    expect(raw).not.toHaveProperty('route');
    expect(raw).not.toHaveProperty('heartRateData');
  });

  it('accepts an empty export (a period with nothing new) and writes nothing', async () => {
    const userId = newUserId();
    const { token } = await issueToken(userId);
    expect(accepted(await ingest(token, { data: { metrics: [], workouts: [] } }))).toMatchObject({
      accepted: 0,
      duplicates: 0,
      rejected: [],
    });
    expect(await storedActivities(userId)).toEqual([]);
  });

  it.each([
    ['data that is not an object', { data: 'workouts' }, /data must be an object/],
    [
      'data without workouts or metrics (another export format)',
      { data: { stateOfMind: [] } },
      /no workouts or metrics list/,
    ],
    ['workouts that are not a list', { data: { workouts: { id: 'x' } } }, /data\.workouts must be a list/],
  ])('refuses %s with 400 unsupported_health_data and writes nothing', async (_, body, message) => {
    const userId = newUserId();
    const { token } = await issueToken(userId);
    const result = await ingest(token, body);
    expect(result.status).toBe(400);
    expect(result.json).toEqual({
      error: {
        code: 'unsupported_health_data',
        message: expect.stringMatching(message),
        fields: { data: expect.any(String) },
      },
    });
    expect(await storedActivities(userId)).toEqual([]);
  });

  it('still needs the ingest token', async () => {
    expect((await ingest(null, healthAutoExportV2)).status).toBe(401);
    expect((await ingest('tbah_' + 'B'.repeat(43), healthAutoExportV2)).status).toBe(401);
  });
});

describe("POST /api/apple/ingest with the body the setup dialog's Shortcut steps produce", () => {
  it('stores the workouts (ISO 8601 start as id, measurements as text with units) and the days of steps', async () => {
    const userId = newUserId();
    const { token } = await issueToken(userId);

    const result = accepted(await ingest(token, trailBuddyShortcut));
    expect(result).toMatchObject({ accepted: 5, duplicates: 0, rejected: [] });
    expect(result.skipped).toEqual([
      { index: 2, list: 'steps', message: expect.stringMatching(/^2026-11-21: 640 steps/) },
    ]);

    const stored = await storedById(userId);
    expect(Object.keys(stored).sort()).toEqual([
      '2026-11-18T18:05:00-08:00',
      '2026-11-20T07:12:00-08:00',
      '2026-11-21T06:30:00-08:00',
      'steps#2026-11-19',
      'steps#2026-11-20',
    ]);
    expect(stored['2026-11-20T07:12:00-08:00']).toEqual({
      activity_type: 'Hiking',
      start_time: '2026-11-20T15:12:00.000Z',
      duration_seconds: 9331,
      distance_meters: 11820,
      calories_burned: 872.7,
      steps: null,
      heart_rate_avg: null,
      heart_rate_max: null,
      elevation_gain_meters: null,
      average_speed_mps: 1.267,
      activity_level: 'very_active',
    });
    expect(stored['2026-11-21T06:30:00-08:00']).toMatchObject({
      activity_type: 'Running',
      distance_meters: 5005.1,
      calories_burned: 402,
      average_speed_mps: 2.963,
      activity_level: 'active',
    });
    expect(stored['2026-11-18T18:05:00-08:00']).toMatchObject({
      activity_type: 'Cycling',
      start_time: '2026-11-19T02:05:00.000Z',
      distance_meters: 0,
      calories_burned: 360,
      activity_level: 'active',
    });
    expect(stored['steps#2026-11-19']).toMatchObject({
      steps: 12840,
      distance_meters: 9630,
      start_time: '2026-11-19T20:00:00.000Z',
    });
    expect(stored['steps#2026-11-20']).toMatchObject({ steps: 10553, calories_burned: 422.1 });

    // Run again (the automation runs daily over the last 30 days): the same items, refreshed.
    expect(accepted(await ingest(token, trailBuddyShortcut))).toMatchObject({ accepted: 0, duplicates: 5 });
  });

  it('takes a workout start with a positive offset as its id', async () => {
    const userId = newUserId();
    const { token } = await issueToken(userId);
    const workout = {
      ...trailBuddyShortcut.health_data.workouts[0],
      id: '2026-11-20T16:12:00+01:00',
      startDate: '2026-11-20T16:12:00+01:00',
    };
    expect(accepted(await ingest(token, { health_data: { workouts: [workout] } }))).toMatchObject({
      accepted: 1,
      rejected: [],
    });
    expect(Object.keys(await storedById(userId))).toEqual(['2026-11-20T16:12:00+01:00']);
  });
});
