import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { handler } from '../../../../functions/handlers/analysis/get-analysis';
import { emptyDailyAggregate, localTimeIn, shiftDate } from '../../../../functions/domain/metrics';
import { activitiesOfUser, upsertActivities } from '../../../../functions/repositories/activities';
import { saveTokenlessConnection } from '../../../../functions/repositories/connections';
import { saveProviderDailyAggregates } from '../../../../functions/repositories/metrics';
import { ANALYSIS_ROUTES } from '../../../../functions/shared/route-areas/analysis';
import type { UnifiedActivity } from '../../../../functions/shared/schemas/activity';
import { AnalysisResponse } from '../../../../functions/shared/schemas/analysis';
import { DEFAULT_TIME_ZONE } from '../../../../functions/shared/schemas/metrics';
import { recalculateUserMetrics } from '../../../../functions/usecases/metrics';
import { invoke, userClaims } from '../../../support/api-events';

const route = { id: 'get-analysis', method: 'GET', path: '/api/analysis' } as const;
const HOUR_MS = 3_600_000;
/** The connection predates the old aggregates: parts summed before a connection began belong to an earlier one and no longer count. */
const CONNECTED_LONG_AGO = new Date('2023-06-01T00:00:00.000Z');

function activity(userId: string, startMs: number, overrides: Partial<UnifiedActivity> = {}): UnifiedActivity {
  return {
    user_id: userId,
    provider_type: 'strava',
    provider_activity_id: randomUUID(),
    activity_type: 'Run',
    name: 'Evening Run',
    start_time: new Date(startMs).toISOString(),
    duration_seconds: 1800,
    distance_meters: 6000,
    calories_burned: 400,
    steps: null,
    heart_rate_avg: null,
    heart_rate_max: null,
    activity_level: 'active',
    elevation_gain_meters: null,
    average_speed_mps: null,
    fetched_at: new Date().toISOString(),
    ...overrides,
  };
}

/** A user with two recent activities (raw data still held) and two older days known only from their aggregates. */
async function seedUser(userId: string, { recentName = 'Evening Run' } = {}) {
  const nowMs = Date.now();
  const today = localTimeIn(DEFAULT_TIME_ZONE)(nowMs).date;
  const recent = [
    activity(userId, nowMs - HOUR_MS, { name: recentName }),
    activity(userId, nowMs - 3 * 24 * HOUR_MS, { activity_type: 'Ride', distance_meters: 20_000 }),
  ];
  await upsertActivities(recent.map((a) => ({ activity: a, raw: { id: a.provider_activity_id } })));
  await saveTokenlessConnection({
    userId,
    provider: 'strava',
    providerUserId: `athlete-${userId}`,
    scopes: ['activity:read'],
    now: CONNECTED_LONG_AGO,
    keepHistory: false,
  });
  const longAgo = {
    provider: 'strava' as const,
    rawNewestFetch: '2024-01-01T00:00:00.000Z',
    rawOldestFetch: '2024-01-01T00:00:00.000Z',
  };
  await saveProviderDailyAggregates(userId, [
    {
      ...emptyDailyAggregate(shiftDate(today, -200)),
      ...longAgo,
      sessions: 1,
      minutes: 90,
      distanceMeters: 15_000,
      types: { Hike: 1 },
      hours: hoursWith(9),
    },
    {
      ...emptyDailyAggregate(shiftDate(today, -500)),
      ...longAgo,
      sessions: 2,
      minutes: 60,
      distanceMeters: 8000,
      types: { Run: 2 },
      hours: hoursWith(7, 2),
    },
  ]);
  await recalculateUserMetrics(userId, new Date(), { listActivities: activitiesOfUser });
  return { recent, today };
}

function hoursWith(hour: number, count = 1): number[] {
  const hours = new Array<number>(24).fill(0);
  hours[hour] = count;
  return hours;
}

async function analysis(userId: string, query: string) {
  const response = await invoke(handler, route, { claims: userClaims(userId), query });
  expect(response.status).toBe(200);
  return AnalysisResponse.parse(response.json);
}

describe('GET /api/analysis', () => {
  it('is listed as an authenticated route reading only the users, activities and connections tables', () => {
    expect(ANALYSIS_ROUTES.filter((listed) => listed.path === '/api/analysis')).toEqual([
      expect.objectContaining({
        ...route,
        public: false,
        access: { users: 'read', activities: 'read', connections: 'read' },
      }),
    ]);
  });

  it.each([
    { range: 'week', sessions: 2, distanceMeters: 26_000 },
    { range: 'month', sessions: 2, distanceMeters: 26_000 },
    { range: 'year', sessions: 3, distanceMeters: 41_000 },
    { range: 'all', sessions: 5, distanceMeters: 49_000 },
  ])(
    'sums the $range from the daily aggregates, including days whose raw data is gone',
    async ({ range, sessions, distanceMeters }) => {
      const userId = `analysis-${randomUUID()}`;
      await seedUser(userId);
      const result = await analysis(userId, `range=${range}`);
      expect(result.range).toBe(range);
      expect(result.totals).toMatchObject({ sessions, distanceMeters });
      expect(result.chart.bars.reduce((sum, bar) => sum + bar.sessions, 0)).toBe(sessions);
      expect(result.allTime.sessions).toBe(5);
      expect(result.lastSevenDays.sessions).toBe(2);
      expect(result.heatmap.days.filter((day) => day.sessions > 0)).toHaveLength(3);
      expect(result.recentActivities).toHaveLength(2);
      expect(result.metrics.topActivityTypes.map((t) => t.type)).toEqual(['Hike', 'Ride', 'Run']);
      expect(result.metrics.daysActive).toBe(3);
    },
  );

  it("answers with the caller's data only, whatever the query says", async () => {
    const [alice, bob] = [`analysis-${randomUUID()}`, `analysis-${randomUUID()}`];
    await seedUser(alice, { recentName: "Alice's secret loop" });
    await seedUser(bob, { recentName: "Bob's secret loop" });
    const response = await invoke(handler, route, { claims: userClaims(bob), query: 'range=all' });
    expect(response.status).toBe(200);
    const body = JSON.stringify(response.json);
    expect(body).toContain("Bob's secret loop");
    expect(body).not.toContain("Alice's secret loop");
    expect(body).not.toContain(alice);
    expect(body).not.toContain('raw_data');
  });

  it('defaults to the month and gives a new user complete, empty figures', async () => {
    const result = await analysis(`analysis-${randomUUID()}`, '');
    expect(result).toMatchObject({ range: 'month', hasActivity: false, recentActivities: [] });
    expect(result.chart.bars).toHaveLength(30);
    expect(result.metrics).toMatchObject({ activityScore: 0, activityLevelLabel: 'Getting Started' });
  });

  it.each(['range=decade', 'range=week&userId=someone-else', 'range='])(
    'refuses %s with a 400 and the error envelope',
    async (query) => {
      const response = await invoke(handler, route, { claims: userClaims(`analysis-${randomUUID()}`), query });
      expect(response.status).toBe(400);
      expect(response.json).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
    },
  );

  it('is unauthorized without verified claims', async () => {
    expect((await invoke(handler, route, { query: 'range=week' })).status).toBe(401);
  });
});
