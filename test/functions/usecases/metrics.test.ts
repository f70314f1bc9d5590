import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it, vi } from 'vitest';
import { InvalidTimeZoneError } from '../../../functions/domain/metrics';
import { tableName } from '../../../functions/lib/config';
import { dynamo } from '../../../functions/lib/dynamo';
import { activitiesOfUser, upsertActivities } from '../../../functions/repositories/activities';
import { activitiesForMetrics, getMetrics, listDailyAggregates, metricsKeys, saveDailyAggregates } from '../../../functions/repositories/metrics';
import type { UnifiedActivity } from '../../../functions/shared/schemas/activity';
import { recalculateUserMetrics } from '../../../functions/usecases/metrics';

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
    new QueryCommand({ TableName: tableName('users'), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `USER#${userId}` } }),
  );
  return result.Items ?? [];
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

    const returned = await recalculateUserMetrics(userId, NOW, { listActivities: async () => activities });

    expect(await getMetrics(userId)).toEqual(returned);
    // 3600 + 5400 + 3600 s = 210 min over 4 weeks; 3 sessions; 6000 steps over 28 days.
    expect(returned).toMatchObject({ weeklyMinutes: 52.5, weeklySessions: 0.75, dailySteps: 214, daysActive: 2, timeZone: 'America/Vancouver' });
    expect(await sessionsByDate(userId)).toEqual({ '2025-06-01': 1, '2025-06-09': 2 });

    const items = await storedItems(userId);
    expect(items.map((item) => item.sk).sort()).toEqual(['DAILY#2025-06-01', 'DAILY#2025-06-09', 'METRICS']);
    for (const item of items) {
      expect(item).not.toHaveProperty('expiresAt');
      expect(item).not.toHaveProperty('fetchedAt');
      expect(JSON.stringify(item)).not.toContain('Secret route name');
    }
  });

  it('keeps the aggregates of days whose raw data was purged, and counts them in the long-range figures', async () => {
    const userId = newUserId();
    const older = [activity(userId, '2025-03-01T18:00:00Z'), activity(userId, '2025-04-15T18:00:00Z', { activity_type: 'Hike' })];
    const recent = [activity(userId, '2025-06-08T18:00:00Z')];
    await recalculateUserMetrics(userId, NOW, { listActivities: async () => [...older, ...recent] });

    // A week later only the recent activity (re-fetched since) is still held.
    const later = new Date('2025-06-17T19:00:00Z');
    const metrics = await recalculateUserMetrics(userId, later, { listActivities: async () => recent });

    expect(await sessionsByDate(userId)).toEqual({ '2025-03-01': 1, '2025-04-15': 1, '2025-06-08': 1 });
    expect(metrics.daysActive).toBe(3);
    expect(metrics.topActivityTypes).toEqual([
      { type: 'Run', sessions: 2 },
      { type: 'Hike', sessions: 1 },
    ]);
  });

  it('recomputes days it still has raw data for, but never shrinks the oldest, possibly partial, day', async () => {
    const userId = newUserId();
    const first = [
      activity(userId, '2025-06-02T15:00:00Z'),
      activity(userId, '2025-06-02T18:00:00Z'),
      activity(userId, '2025-06-02T21:00:00Z'),
      activity(userId, '2025-06-05T18:00:00Z'),
      activity(userId, '2025-06-05T20:00:00Z'),
    ];
    await recalculateUserMetrics(userId, NOW, { listActivities: async () => first });

    // Two of 2 June's activities were purged (it is now the oldest day held), and one of 5 June's was deleted at the provider.
    const second = [first[2]!, first[3]!];
    await recalculateUserMetrics(userId, NOW, { listActivities: async () => second });

    expect(await sessionsByDate(userId)).toEqual({ '2025-06-02': 3, '2025-06-05': 1 });
  });

  it('writes only the days that changed', async () => {
    const userId = newUserId();
    const activities = [activity(userId, '2025-06-02T18:00:00Z'), activity(userId, '2025-06-05T18:00:00Z')];
    const save = vi.fn(saveDailyAggregates);
    await recalculateUserMetrics(userId, NOW, { listActivities: async () => activities, saveDailyAggregates: save });
    expect(save.mock.calls[0]?.[1].map((day) => day.date)).toEqual(['2025-06-02', '2025-06-05']);

    await recalculateUserMetrics(userId, NOW, { listActivities: async () => activities, saveDailyAggregates: save });
    expect(save).toHaveBeenCalledTimes(1);

    const withNewRun = [...activities, activity(userId, '2025-06-06T18:00:00Z')];
    await recalculateUserMetrics(userId, NOW, { listActivities: async () => withNewRun, saveDailyAggregates: save });
    expect(save.mock.calls[1]?.[1].map((day) => day.date)).toEqual(['2025-06-06']);
  });

  it("never touches another user's items", async () => {
    const alice = newUserId();
    const bob = newUserId();
    await recalculateUserMetrics(bob, NOW, { listActivities: async () => [activity(bob, '2025-06-03T18:00:00Z')] });
    const bobBefore = await storedItems(bob);

    await recalculateUserMetrics(alice, NOW, { listActivities: async () => [activity(alice, '2025-06-03T18:00:00Z'), activity(alice, '2025-06-04T18:00:00Z')] });

    expect(await storedItems(bob)).toEqual(bobBefore);
    expect(await sessionsByDate(alice)).toEqual({ '2025-06-03': 1, '2025-06-04': 1 });
    expect((await getMetrics(alice))?.daysActive).toBe(2);
    expect((await getMetrics(bob))?.daysActive).toBe(1);
  });

  it('stores an empty but valid record for a user without activities', async () => {
    const userId = newUserId();
    const metrics = await recalculateUserMetrics(userId, NOW, { listActivities: async () => [] });
    expect(metrics).toMatchObject({ activityScore: 0, activityLevelLabel: 'Getting Started', daysActive: 0 });
    expect(await getMetrics(userId)).toEqual(metrics);
    expect(await listDailyAggregates(userId)).toEqual([]);
  });

  it('uses the time zone it is given for local days', async () => {
    const userId = newUserId();
    // 06:30 UTC on 10 June is 9 June in Vancouver and 10 June in Kolkata.
    await recalculateUserMetrics(userId, NOW, { listActivities: async () => [activity(userId, '2025-06-10T06:30:00Z')] }, { timeZone: 'Asia/Kolkata' });
    expect(await sessionsByDate(userId)).toEqual({ '2025-06-10': 1 });
    expect((await getMetrics(userId))?.timeZone).toBe('Asia/Kolkata');
  });

  it('rejects an unknown time zone before writing anything', async () => {
    const userId = newUserId();
    await expect(
      recalculateUserMetrics(userId, NOW, { listActivities: async () => [activity(userId, '2025-06-02T18:00:00Z')] }, { timeZone: 'Atlantis/Capital' }),
    ).rejects.toBeInstanceOf(InvalidTimeZoneError);
    expect(await storedItems(userId)).toEqual([]);
  });

  it('reads back only the days asked for', async () => {
    const userId = newUserId();
    await recalculateUserMetrics(userId, NOW, {
      listActivities: async () => ['2025-05-01T18:00:00Z', '2025-05-20T18:00:00Z', '2025-06-01T18:00:00Z'].map((start) => activity(userId, start)),
    });
    expect((await listDailyAggregates(userId, { from: '2025-05-20' })).map((day) => day.date)).toEqual(['2025-05-20', '2025-06-01']);
    const item = await dynamo().send(new GetCommand({ TableName: tableName('users'), Key: metricsKeys.dailyAggregate(userId, '2025-05-01') }));
    expect(item.Item).toMatchObject({ entity: 'DailyAggregate', userId, date: '2025-05-01', sessions: 1, minutes: 60 });
  });

  describe('reading the activities itself (no listActivities given)', () => {
    async function store(userId: string, activities: UnifiedActivity[]) {
      await upsertActivities(activities.map((a) => ({ activity: a, raw: { id: a.provider_activity_id, polyline: 'x'.repeat(2000) } })));
    }

    it('reads only the aggregated attributes of the activities still within retention', async () => {
      const userId = newUserId();
      const held = [
        activity(userId, '2025-06-10T06:30:00Z', { steps: 1200 }),
        activity(userId, '2025-06-09T15:00:00Z', { activity_type: 'Ride', duration_seconds: 5400, calories_burned: null }),
      ];
      // Fetched 8 days before NOW: past the 7-day retention, so it must not count even if TTL has not removed it yet.
      const expired = activity(userId, '2025-06-01T16:00:00Z', { fetched_at: '2025-06-02T18:00:00Z' });
      await store(userId, [...held, expired]);

      const read = await activitiesForMetrics(userId, NOW);
      expect(read).toHaveLength(2);
      for (const item of read) {
        expect(Object.keys(item).sort()).toEqual(['activity_type', 'calories_burned', 'distance_meters', 'duration_seconds', 'fetched_at', 'provider_type', 'start_time', 'steps']);
        expect(item).not.toHaveProperty('name');
        expect(item).not.toHaveProperty('raw_data');
      }
    });

    it('gives the same metrics and aggregates as passing the full activities', async () => {
      const [viaDefault, viaFull] = [newUserId(), newUserId()];
      const make = (userId: string) => [
        activity(userId, '2025-06-10T06:30:00Z', { steps: 1200, provider_activity_id: 'a' }),
        activity(userId, '2025-06-09T15:00:00Z', { activity_type: 'Ride', duration_seconds: 5400, provider_activity_id: 'b' }),
        activity(userId, '2025-06-05T01:00:00Z', { activity_type: 'Walk', distance_meters: null, provider_activity_id: 'c' }),
      ];
      await store(viaDefault, make(viaDefault));
      await store(viaFull, make(viaFull));

      const fromDefault = await recalculateUserMetrics(viaDefault, NOW);
      const fromFull = await recalculateUserMetrics(viaFull, NOW, { listActivities: activitiesOfUser });
      expect(fromDefault).toEqual(fromFull);
      expect(fromDefault.weeklySessions).toBe(0.75);
      expect(await listDailyAggregates(viaDefault)).toEqual(await listDailyAggregates(viaFull));
    });
  });
});
