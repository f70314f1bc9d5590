import { describe, expect, it } from 'vitest';
import { dashboardStats, latestActivities } from '@/features/dashboard/utils/dashboard-stats';
import { activity } from '../../../test-utils';
import { analysisOf } from '../../analysis/analysis-fixture';

const TZ = 'America/Vancouver';
// 10 March 2026, 09:00 in Vancouver.
const now = new Date('2026-03-10T16:00:00.000Z');

describe('dashboardStats (spec core-app §2)', () => {
  it('counts This Week as the last 7 local days, today included, across midnight', () => {
    const activities = [
      activity({ provider_activity_id: 'a', start_time: '2026-03-10T15:00:00Z' }), // today 08:00
      activity({ provider_activity_id: 'b', start_time: '2026-03-04T08:30:00Z' }), // 4 March 00:30: the 7th day back
      activity({ provider_activity_id: 'c', start_time: '2026-03-04T07:30:00Z' }), // 3 March 23:30: one day too early
      activity({ provider_activity_id: 'd', start_time: '2026-02-08T18:00:00Z' }),
    ];
    const stats = dashboardStats(analysisOf(activities, 'all', now, TZ));
    expect(stats.totalActivities).toBe(4);
    expect(stats.thisWeek).toBe(2);
  });

  it.each([
    [[], '0.0'],
    [[5000], '5.0'],
    [[8200, 12_400, null], '20.6'],
    [[1049, 0], '1.0'],
    [[1050], '1.1'],
    [[999, 999, 999], '3.0'],
    [[42_195, 21_097.5], '63.3'],
  ] as const)('sums the distances %j to %s km', (distances, expected) => {
    const activities = distances.map((distance_meters, index) =>
      activity({ provider_activity_id: String(index), start_time: '2026-03-01T18:00:00Z', distance_meters }),
    );
    expect(dashboardStats(analysisOf(activities, 'all', now, TZ)).totalDistanceKm).toBe(expected);
  });
});

describe('latestActivities', () => {
  it('keeps the newest five, newest first', () => {
    const activities = Array.from({ length: 7 }, (_, n) =>
      activity({ provider_activity_id: String(n), start_time: new Date(now.getTime() - n * 3_600_000).toISOString() }),
    );
    expect(latestActivities(activities.reverse()).map((a) => a.provider_activity_id)).toEqual([
      '0',
      '1',
      '2',
      '3',
      '4',
    ]);
  });
});
