import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it, vi } from 'vitest';
import { InvalidTimeZoneError } from '../../../functions/domain/metrics';
import { tableName } from '../../../functions/lib/config';
import { dynamo } from '../../../functions/lib/dynamo';
import { activitiesOfUser, upsertActivities } from '../../../functions/repositories/activities';
import {
  activitiesForMetrics,
  getMetrics,
  listDailyAggregates,
  listProviderDailyAggregates,
  saveProviderDailyAggregates,
} from '../../../functions/repositories/metrics';
import { metricsKeys } from '../../../functions/repositories/keys';
import type { ProviderType, UnifiedActivity } from '../../../functions/shared/schemas/activity';
import { recalculateUserMetrics, type MetricsDeps } from '../../../functions/usecases/metrics';

// Noon on 10 June 2025 in Vancouver.
const NOW = new Date('2025-06-10T19:00:00Z');

function newUserId(): string {
  return `metrics-${randomUUID()}`;
}

function activity(userId: string, startTime: string, overrides: Partial<UnifiedActivity> = {}): UnifiedActivity {
  return {
    user_id: userId,
    provider_type: 'strava',
    provider_activity_id: randomUUID(),
    activity_type: 'Run',
    name: 'Secret route name',
    start_time: startTime,
    duration_seconds: 3600,
    distance_meters: 10_000,
    calories_burned: 700,
    steps: null,
    heart_rate_avg: 150,
    heart_rate_max: 170,
    activity_level: 'active',
    elevation_gain_meters: 120,
    average_speed_mps: 2.8,
    fetched_at: '2025-06-10T18:00:00Z',
    ...overrides,
  };
}

async function storedItems(userId: string): Promise<Record<string, unknown>[]> {
  const result = await dynamo().send(
    new QueryCommand({
      TableName: tableName('users'),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': `USER#${userId}` },
    }),
  );
  return result.Items ?? [];
}

/** The activities held and the providers connected (Strava unless told otherwise), in place of DynamoDB reads. */
function holding(activities: UnifiedActivity[], providers: ProviderType[] = ['strava']): Partial<MetricsDeps> {
  return {
    listActivities: async () => activities,
    listActiveProviders: async () =>
      providers.map((provider) => ({ provider, connectedAt: '2025-01-01T00:00:00.000Z' })),
  };
}

async function sessionsByDate(userId: string): Promise<Record<string, number>> {
  return Object.fromEntries((await listDailyAggregates(userId)).map((day) => [day.date, day.sessions]));
}

describe('recalculateUserMetrics (DynamoDB Local)', () => {
  it('stores the metrics and one aggregate per local day, with no TTL and no raw fields', async () => {
    const userId = newUserId();
    const activities = [
      activity(userId, '2025-06-10T06:30:00Z'), // 9 June 23:30 local
      activity(userId, '2025-06-09T15:00:00Z', { activity_type: 'Ride', duration_seconds: 5400 }), // 9 June 08:00
      activity(userId, '2025-06-01T16:00:00Z', { activity_type: 'Walk', steps: 6000 }), // 1 June 09:00
    ];

    const returned = await recalculateUserMetrics(userId, NOW, holding(activities));

    expect(await getMetrics(userId)).toEqual(returned);
    // 3600 + 5400 + 3600 s = 210 min over 4 weeks; 3 sessions; 6000 steps over 28 days.
    expect(returned).toMatchObject({
      weeklyMinutes: 52.5,
      weeklySessions: 0.75,
      dailySteps: 214,
      daysActive: 2,
      timeZone: 'America/Vancouver',
    });
    expect(await sessionsByDate(userId)).toEqual({ '2025-06-01': 1, '2025-06-09': 2 });

    const items = await storedItems(userId);
    expect(items.map((item) => item.sk).sort()).toEqual([
      'DAILY#2025-06-01#strava',
      'DAILY#2025-06-09#strava',
      'METRICS',
    ]);
    for (const item of items) {
      expect(item).not.toHaveProperty('expiresAt');
      expect(item).not.toHaveProperty('fetchedAt');
      expect(JSON.stringify(item)).not.toContain('Secret route name');
    }
  });

  it('keeps the aggregates of days whose raw data was purged, and counts them in the long-range figures', async () => {
    const userId = newUserId();
    const older = [
      activity(userId, '2025-03-01T18:00:00Z'),
      activity(userId, '2025-04-15T18:00:00Z', { activity_type: 'Hike' }),
    ];
    const recent = [activity(userId, '2025-06-08T18:00:00Z')];
    await recalculateUserMetrics(userId, NOW, holding([...older, ...recent]));

    // A week later only the recent activity (re-fetched since) is still held.
    const later = new Date('2025-06-17T19:00:00Z');
    const metrics = await recalculateUserMetrics(userId, later, holding(recent));

    expect(await sessionsByDate(userId)).toEqual({ '2025-03-01': 1, '2025-04-15': 1, '2025-06-08': 1 });
    expect(metrics.daysActive).toBe(3);
    expect(metrics.topActivityTypes).toEqual([
      { type: 'Run', sessions: 2 },
      { type: 'Hike', sessions: 1 },
    ]);
  });

  it('never shrinks a day part of which was purged, but shows deletions at the provider at once', async () => {
    const userId = newUserId();
    const early = '2025-06-02T20:00:00Z'; // past the 7-day retention at NOW
    const first = [
      activity(userId, '2025-06-02T15:00:00Z', { fetched_at: early }),
      activity(userId, '2025-06-02T18:00:00Z', { fetched_at: early }),
      activity(userId, '2025-06-02T21:00:00Z', { fetched_at: early }),
      activity(userId, '2025-06-05T18:00:00Z'),
      activity(userId, '2025-06-05T20:00:00Z'),
      activity(userId, '2025-06-07T18:00:00Z'),
    ];
    await recalculateUserMetrics(userId, new Date('2025-06-03T19:00:00Z'), holding(first));
    expect(await sessionsByDate(userId)).toEqual({ '2025-06-02': 3, '2025-06-05': 2, '2025-06-07': 1 });

    // Two of 2 June's activities were purged (the third was fetched again since); one of 5 June's and 7 June's only
    // one were deleted at Strava while still within retention.
    const second = [{ ...first[2]!, fetched_at: '2025-06-10T18:00:00Z' }, first[3]!];
    await recalculateUserMetrics(userId, NOW, holding(second));

    expect(await sessionsByDate(userId)).toEqual({ '2025-06-02': 3, '2025-06-05': 1 });
  });

  it("keeps each provider's part of a day apart, and drops a disconnected provider's parts from every total", async () => {
    const userId = newUserId();
    const activities = [
      activity(userId, '2025-06-05T18:00:00Z'),
      activity(userId, '2025-06-05T19:00:00Z', { provider_type: 'apple_health', activity_type: 'Walk', steps: 4000 }),
      activity(userId, '2025-06-06T18:00:00Z', { provider_type: 'google_health', activity_type: 'Walk' }),
    ];
    const all: ProviderType[] = ['strava', 'apple_health', 'google_health'];
    await recalculateUserMetrics(userId, NOW, holding(activities, all));
    expect(
      (await listProviderDailyAggregates(userId)).map((part) => `${part.date} ${part.provider} ${part.sessions}`),
    ).toEqual(['2025-06-05 apple_health 1', '2025-06-05 strava 1', '2025-06-06 google_health 1']);
    expect(await sessionsByDate(userId)).toEqual({ '2025-06-05': 2, '2025-06-06': 1 });

    // Apple is disconnected; even a recompute that still sees its raw records (a delete under way) leaves it out.
    const metrics = await recalculateUserMetrics(userId, NOW, holding(activities, ['strava', 'google_health']));
    expect(await sessionsByDate(userId)).toEqual({ '2025-06-05': 1, '2025-06-06': 1 });
    expect(metrics.weeklySteps).toBe(0);
    expect((await listProviderDailyAggregates(userId)).map((part) => part.provider)).toEqual([
      'strava',
      'google_health',
    ]);
  });

  it('after an import re-aggregates only the days it touched', async () => {
    const userId = newUserId();
    const earlier = '2025-06-09T18:00:00Z';
    const held = [
      activity(userId, '2025-06-02T18:00:00Z', { fetched_at: earlier }),
      activity(userId, '2025-06-04T18:00:00Z', { fetched_at: earlier }),
      activity(userId, '2025-06-04T19:00:00Z', { provider_type: 'apple_health', fetched_at: earlier }),
    ];
    const providers: ProviderType[] = ['strava', 'apple_health'];
    await recalculateUserMetrics(userId, new Date(earlier), holding(held, providers));

    // A Strava import at NOW stores one new activity on 6 June and fetches 4 June's again with a longer duration.
    const imported = [
      held[0]!,
      { ...held[1]!, duration_seconds: 7200, fetched_at: NOW.toISOString() },
      held[2]!,
      activity(userId, '2025-06-06T18:00:00Z', { fetched_at: NOW.toISOString() }),
    ];
    const save = vi.fn(saveProviderDailyAggregates);
    await recalculateUserMetrics(
      userId,
      NOW,
      { ...holding(imported, providers), saveProviderDailyAggregates: save },
      { only: { provider: 'strava', touchedSince: NOW } },
    );

    expect(save).toHaveBeenCalledTimes(1);
    expect(save.mock.calls[0]![1].map((part) => `${part.date} ${part.provider}`)).toEqual([
      '2025-06-04 strava',
      '2025-06-06 strava',
    ]);
    const parts = await listProviderDailyAggregates(userId);
    expect(parts.find((part) => part.date === '2025-06-04' && part.provider === 'strava')?.minutes).toBe(120);
    expect(await sessionsByDate(userId)).toEqual({ '2025-06-02': 1, '2025-06-04': 2, '2025-06-06': 1 });
  });

  it('writes only the days that changed', async () => {
    const userId = newUserId();
    const activities = [activity(userId, '2025-06-02T18:00:00Z'), activity(userId, '2025-06-05T18:00:00Z')];
    const save = vi.fn(saveProviderDailyAggregates);
    await recalculateUserMetrics(userId, NOW, { ...holding(activities), saveProviderDailyAggregates: save });
    expect(save.mock.calls[0]?.[1].map((day) => day.date)).toEqual(['2025-06-02', '2025-06-05']);

    await recalculateUserMetrics(userId, NOW, { ...holding(activities), saveProviderDailyAggregates: save });
    expect(save).toHaveBeenCalledTimes(1);

    const withNewRun = [...activities, activity(userId, '2025-06-06T18:00:00Z')];
    await recalculateUserMetrics(userId, NOW, { ...holding(withNewRun), saveProviderDailyAggregates: save });
    expect(save.mock.calls[1]?.[1].map((day) => day.date)).toEqual(['2025-06-06']);
  });

  it("never touches another user's items", async () => {
    const alice = newUserId();
    const bob = newUserId();
    await recalculateUserMetrics(bob, NOW, holding([activity(bob, '2025-06-03T18:00:00Z')]));
    const bobBefore = await storedItems(bob);

    await recalculateUserMetrics(
      alice,
      NOW,
      holding([activity(alice, '2025-06-03T18:00:00Z'), activity(alice, '2025-06-04T18:00:00Z')]),
    );

    expect(await storedItems(bob)).toEqual(bobBefore);
    expect(await sessionsByDate(alice)).toEqual({ '2025-06-03': 1, '2025-06-04': 1 });
    expect((await getMetrics(alice))?.daysActive).toBe(2);
    expect((await getMetrics(bob))?.daysActive).toBe(1);
  });

  it('stores an empty but valid record for a user without activities', async () => {
    const userId = newUserId();
    const metrics = await recalculateUserMetrics(userId, NOW, holding([]));
    expect(metrics).toMatchObject({ activityScore: 0, activityLevelLabel: 'Getting Started', daysActive: 0 });
    expect(await getMetrics(userId)).toEqual(metrics);
    expect(await listDailyAggregates(userId)).toEqual([]);
  });

  it('uses the time zone it is given for local days', async () => {
    const userId = newUserId();
    // 06:30 UTC on 10 June is 9 June in Vancouver and 10 June in Kolkata.
    await recalculateUserMetrics(userId, NOW, holding([activity(userId, '2025-06-10T06:30:00Z')]), {
      timeZone: 'Asia/Kolkata',
    });
    expect(await sessionsByDate(userId)).toEqual({ '2025-06-10': 1 });
    expect((await getMetrics(userId))?.timeZone).toBe('Asia/Kolkata');
  });

  it('rejects an unknown time zone before writing anything', async () => {
    const userId = newUserId();
    await expect(
      recalculateUserMetrics(userId, NOW, holding([activity(userId, '2025-06-02T18:00:00Z')]), {
        timeZone: 'Atlantis/Capital',
      }),
    ).rejects.toBeInstanceOf(InvalidTimeZoneError);
    expect(await storedItems(userId)).toEqual([]);
  });

  it('reads back only the days asked for', async () => {
    const userId = newUserId();
    await recalculateUserMetrics(
      userId,
      NOW,
      holding(
        ['2025-05-01T18:00:00Z', '2025-05-20T18:00:00Z', '2025-06-01T18:00:00Z'].map((start) =>
          activity(userId, start),
        ),
      ),
    );
    expect((await listDailyAggregates(userId, { from: '2025-05-20' })).map((day) => day.date)).toEqual([
      '2025-05-20',
      '2025-06-01',
    ]);
    const item = await dynamo().send(
      new GetCommand({
        TableName: tableName('users'),
        Key: metricsKeys.dailyAggregate(userId, '2025-05-01', 'strava'),
      }),
    );
    expect(item.Item).toMatchObject({ entity: 'DailyAggregate', userId, date: '2025-05-01', sessions: 1, minutes: 60 });
  });

  describe('reading the activities itself (no listActivities given)', () => {
    async function store(userId: string, activities: UnifiedActivity[]) {
      await upsertActivities(
        activities.map((a) => ({ activity: a, raw: { id: a.provider_activity_id, polyline: 'x'.repeat(2000) } })),
      );
    }

    it('reads only the aggregated attributes of the activities still within retention', async () => {
      const userId = newUserId();
      const held = [
        activity(userId, '2025-06-10T06:30:00Z', { steps: 1200 }),
        activity(userId, '2025-06-09T15:00:00Z', {
          activity_type: 'Ride',
          duration_seconds: 5400,
          calories_burned: null,
        }),
      ];
      // Fetched 8 days before NOW: past the 7-day retention, so it must not count even if TTL has not removed it yet.
      const expired = activity(userId, '2025-06-01T16:00:00Z', { fetched_at: '2025-06-02T18:00:00Z' });
      await store(userId, [...held, expired]);

      const read = await activitiesForMetrics(userId, NOW);
      expect(read).toHaveLength(2);
      for (const item of read) {
        expect(Object.keys(item).sort()).toEqual([
          'activity_type',
          'calories_burned',
          'distance_meters',
          'duration_seconds',
          'fetched_at',
          'provider_type',
          'start_time',
          'steps',
        ]);
        expect(item).not.toHaveProperty('name');
        expect(item).not.toHaveProperty('raw_data');
      }
    });

    it('gives the same metrics and aggregates as passing the full activities', async () => {
      const [viaDefault, viaFull] = [newUserId(), newUserId()];
      const make = (userId: string) => [
        activity(userId, '2025-06-10T06:30:00Z', { steps: 1200, provider_activity_id: 'a' }),
        activity(userId, '2025-06-09T15:00:00Z', {
          activity_type: 'Ride',
          duration_seconds: 5400,
          provider_activity_id: 'b',
        }),
        activity(userId, '2025-06-05T01:00:00Z', {
          activity_type: 'Walk',
          distance_meters: null,
          provider_activity_id: 'c',
        }),
      ];
      await store(viaDefault, make(viaDefault));
      await store(viaFull, make(viaFull));

      const connected = holding([]);
      delete connected.listActivities;
      const fromDefault = await recalculateUserMetrics(viaDefault, NOW, connected);
      const fromFull = await recalculateUserMetrics(viaFull, NOW, { ...connected, listActivities: activitiesOfUser });
      expect(fromDefault).toEqual(fromFull);
      expect(fromDefault.weeklySessions).toBe(0.75);
      expect(await listDailyAggregates(viaDefault)).toEqual(await listDailyAggregates(viaFull));
    });
  });
});
