import { describe, expect, it } from 'vitest';
import { dashboardStats, latestActivities } from '@/features/dashboard/utils/dashboard-stats';
import { activity } from '../../../test-utils';

const now = new Date('2026-03-10T12:00:00.000Z');
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();

describe('dashboardStats (spec core-app §2)', () => {
  it('counts This Week as the last 7 days, boundary included, future excluded', () => {
    const activities = [
      activity({ provider_activity_id: 'a', start_time: hoursAgo(1) }),
      activity({ provider_activity_id: 'b', start_time: hoursAgo(6 * 24 + 23) }),
      activity({ provider_activity_id: 'c', start_time: hoursAgo(7 * 24) }),
      activity({ provider_activity_id: 'd', start_time: hoursAgo(7 * 24 + 1) }),
      activity({ provider_activity_id: 'e', start_time: hoursAgo(30 * 24) }),
      activity({ provider_activity_id: 'f', start_time: hoursAgo(-2) }),
    ];
    const stats = dashboardStats(activities, now);
    expect(stats.totalActivities).toBe(6);
    expect(stats.thisWeek).toBe(3);
  });

  it.each([
    [[], '0.0'],
    [[5000], '5.0'],
    [[8200, 12_400, null], '20.6'],
    [[1049, 0], '1.0'],
    [[1050], '1.1'],
    [[999, 999, 999], '3.0'],
    [[42_195, 21_097.5], '63.3'],
  ])('sums %j metres to %s km (one decimal)', (distances, expected) => {
    const activities = distances.map((distance_meters, n) => activity({ provider_activity_id: String(n), distance_meters }));
    expect(dashboardStats(activities, now).totalDistanceKm).toBe(expected);
  });

  it('picks the latest activities, newest first', () => {
    const activities = [3, 1, 7, 2, 9, 4, 5].map((days) =>
      activity({ provider_activity_id: `d${days}`, start_time: hoursAgo(days * 24) }),
    );
    expect(latestActivities(activities).map((a) => a.provider_activity_id)).toEqual(['d1', 'd2', 'd3', 'd4', 'd5']);
    expect(latestActivities(activities, 2)).toHaveLength(2);
  });
});
