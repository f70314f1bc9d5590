import { describe, expect, it } from 'vitest';
import { activityOrderKey, filterAndSortActivities, pageAt } from '../../../functions/shared/activity-list';
import type { UnifiedActivity } from '../../../functions/shared/schemas/activity';
import { ACTIVITY_SORTS } from '../../../functions/shared/schemas/connections';
import { unifiedActivity } from '../../support/unified-activity';

const activity = (id: string, fields: Partial<UnifiedActivity> = {}) =>
  unifiedActivity({ provider_activity_id: id, fetched_at: '2026-11-21T00:00:00.000Z', ...fields });
const query = { type: 'all', sort: 'date', order: 'desc' } as const;
const ids = (activities: readonly UnifiedActivity[]) => activities.map((a) => a.provider_activity_id);

describe('filterAndSortActivities', () => {
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
    expect(ids(filterAndSortActivities(all, { ...query, type: 'run' })).sort()).toEqual(['run', 'trail']);
    expect(ids(filterAndSortActivities(all, { ...query, type: 'ride' })).sort()).toEqual(['mtb', 'ride']);
    expect(ids(filterAndSortActivities(all, { ...query, type: 'hike' }))).toEqual(['hike']);
    expect(ids(filterAndSortActivities(all, { ...query, type: 'walk' }))).toEqual(['walk']);
    expect(ids(filterAndSortActivities(all, { ...query, type: 'swim' }))).toEqual(['swim']);
    expect(filterAndSortActivities(all, query)).toHaveLength(8);
  });

  it('sorts missing values last in descending order, and pages without overlap', () => {
    const all = [
      activity('a', { distance_meters: 10 }),
      activity('b', { distance_meters: null }),
      activity('c', { distance_meters: 30 }),
      activity('d', { distance_meters: 20 }),
    ];
    const desc = filterAndSortActivities(all, { ...query, sort: 'distance' });
    expect(ids(pageAt(desc, 0, 2).items)).toEqual(['c', 'd']);
    expect(pageAt(desc, 0, 2).nextOffset).toBe(2);
    expect(ids(pageAt(desc, 2, 2).items)).toEqual(['a', 'b']);
    expect(pageAt(desc, 2, 2).nextOffset).toBeNull();
    expect(ids(filterAndSortActivities(all, { ...query, sort: 'distance', order: 'asc' }))).toEqual([
      'b',
      'a',
      'd',
      'c',
    ]);
  });
});

describe('activityOrderKey', () => {
  it('sorts as strings exactly as the list rule sorts, in every order, ties and missing values included', () => {
    const values = [null, 0, 0.5, 1, 9, 10, 99.99, 100, 1234.5, 1e7];
    const starts = ['2026-11-20T10:00:00.000Z', '2026-11-20T10:00:00.001Z', '2019-01-01T00:00:00.000Z'];
    const all: UnifiedActivity[] = [];
    for (let i = 0; i < 60; i++) {
      all.push(
        activity(`id-${(i * 37) % 11}${i % 3 === 0 ? 'B' : 'a'}${i}`, {
          distance_meters: values[i % values.length]!,
          elevation_gain_meters: values[(i * 7) % values.length]!,
          duration_seconds: values[(i * 3) % values.length] ?? 0,
          start_time: starts[i % starts.length]!,
        }),
      );
    }
    // Same value and start time, different ids: the last tie-break.
    all.push(activity('tie-b', { distance_meters: 5 }), activity('tie-a', { distance_meters: 5 }));
    for (const sort of ACTIVITY_SORTS.filter((s) => s !== 'date')) {
      const byKey = [...all].sort((a, b) => {
        const [x, y] = [activityOrderKey(a, sort), activityOrderKey(b, sort)];
        return x < y ? -1 : x > y ? 1 : 0;
      });
      expect(ids(byKey), sort).toEqual(ids(filterAndSortActivities(all, { ...query, sort, order: 'asc' })));
      expect(ids(byKey).reverse(), sort).toEqual(ids(filterAndSortActivities(all, { ...query, sort, order: 'desc' })));
    }
  });
});
