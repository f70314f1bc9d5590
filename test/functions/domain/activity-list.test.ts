import { describe, expect, it } from 'vitest';
import { pageActivities } from '../../../functions/domain/activity-list';
import type { UnifiedActivity } from '../../../functions/shared/schemas/activity';

const now = new Date('2026-11-21T12:00:00.000Z');
const activity = (id: string, fields: Partial<UnifiedActivity> = {}): UnifiedActivity => ({
  user_id: 'u',
  provider_type: 'strava',
  provider_activity_id: id,
  activity_type: 'Run',
  name: id,
  start_time: '2026-11-20T10:00:00.000Z',
  duration_seconds: 600,
  distance_meters: null,
  calories_burned: null,
  steps: null,
  heart_rate_avg: null,
  heart_rate_max: null,
  activity_level: 'light',
  elevation_gain_meters: null,
  average_speed_mps: null,
  fetched_at: '2026-11-21T00:00:00.000Z',
  ...fields,
});
const query = { type: 'all', sort: 'date', order: 'desc', limit: 50 } as const;
const ids = (page: { activities: UnifiedActivity[] }) => page.activities.map((a) => a.provider_activity_id);

describe('pageActivities', () => {
  it('maps the spec filters onto Strava types', () => {
    const all = [
      activity('run', { activity_type: 'Run' }),
      activity('trail', { activity_type: 'TrailRun' }),
      activity('mtb', { activity_type: 'MountainBikeRide' }),
      activity('ride', { activity_type: 'Ride' }),
      activity('hike', { activity_type: 'Hike' }),
      activity('walk', { activity_type: 'Walk' }),
      activity('swim', { activity_type: 'Swim' }),
      activity('yoga', { activity_type: 'Yoga' }),
    ];
    expect(ids(pageActivities(all, { ...query, type: 'run' }, 0, now)).sort()).toEqual(['run', 'trail']);
    expect(ids(pageActivities(all, { ...query, type: 'ride' }, 0, now)).sort()).toEqual(['mtb', 'ride']);
    expect(ids(pageActivities(all, { ...query, type: 'hike' }, 0, now))).toEqual(['hike']);
    expect(ids(pageActivities(all, { ...query, type: 'walk' }, 0, now))).toEqual(['walk']);
    expect(ids(pageActivities(all, { ...query, type: 'swim' }, 0, now))).toEqual(['swim']);
    expect(pageActivities(all, query, 0, now).activities).toHaveLength(8);
  });

  it('hides what is past the 7-day retention at read time (exactly 7 days is still shown)', () => {
    const all = [
      activity('edge', { fetched_at: '2026-11-14T12:00:00.000Z' }),
      activity('old', { fetched_at: '2026-11-14T11:59:59.999Z' }),
    ];
    expect(ids(pageActivities(all, query, 0, now))).toEqual(['edge']);
  });

  it('sorts missing values last in descending order and pages without overlap', () => {
    const all = [
      activity('a', { distance_meters: 10 }),
      activity('b', { distance_meters: null }),
      activity('c', { distance_meters: 30 }),
      activity('d', { distance_meters: 20 }),
    ];
    const desc = { ...query, sort: 'distance', limit: 2 } as const;
    const first = pageActivities(all, desc, 0, now);
    expect(ids(first)).toEqual(['c', 'd']);
    expect(first.nextOffset).toBe(2);
    const second = pageActivities(all, desc, 2, now);
    expect(ids(second)).toEqual(['a', 'b']);
    expect(second.nextOffset).toBeNull();
    expect(ids(pageActivities(all, { ...desc, order: 'asc', limit: 4 }, 0, now))).toEqual(['b', 'a', 'd', 'c']);
  });
});
