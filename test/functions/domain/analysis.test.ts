import { describe, expect, it } from 'vitest';
import {
  analysisPeriod,
  bucketStart,
  buildAnalysis,
  chartBars,
  chartBucketFor,
  heatmapDays,
  heatmapLevel,
  recentActivitiesIn,
  totalsBetween,
} from '../../../functions/domain/analysis';
import { buildDailyAggregates, emptyDailyAggregate } from '../../../functions/domain/metrics';
import { PROVIDER_TYPES } from '../../../functions/shared/schemas/activity';
import { AnalysisResponse, MAX_CHART_BARS } from '../../../functions/shared/schemas/analysis';
import type { DailyAggregate } from '../../../functions/shared/schemas/metrics';
import { numberedActivities } from '../../support/unified-activity';

const VANCOUVER = 'America/Vancouver';
const activity = numberedActivities({
  user_id: 'user-1',
  name: 'Run',
  duration_seconds: 1800,
  distance_meters: 5000,
  activity_level: 'active',
  fetched_at: '2026-06-15T12:00:00Z',
});

function day(date: string, fields: Partial<DailyAggregate> = {}): DailyAggregate {
  return { ...emptyDailyAggregate(date), ...fields };
}

describe('analysisPeriod', () => {
  const aggregates = [
    day('2024-02-10', { sessions: 1 }),
    day('2023-12-01', { sessions: 0 }),
    day('2025-01-01', { sessions: 2 }),
  ];
  it.each([
    { range: 'week', start: '2026-06-09', end: '2026-06-15' },
    { range: 'month', start: '2026-05-17', end: '2026-06-15' },
    { range: 'year', start: '2025-06-16', end: '2026-06-15' },
    // 'all' starts at the first day with a session, not at an empty stored day.
    { range: 'all', start: '2024-02-10', end: '2026-06-15' },
  ] as const)('$range covers $start to $end', ({ range, start, end }) => {
    expect(analysisPeriod(range, aggregates, '2026-06-15')).toEqual({ start, end });
  });

  it("makes 'all' just today when there is no data", () => {
    expect(analysisPeriod('all', [], '2026-06-15')).toEqual({ start: '2026-06-15', end: '2026-06-15' });
  });
});

describe('chart buckets', () => {
  it.each([
    { start: '2026-06-09', end: '2026-06-15', bucket: 'day', bars: 7 },
    { start: '2026-05-17', end: '2026-06-15', bucket: 'day', bars: 30 },
    // 31 days need weeks.
    { start: '2026-05-16', end: '2026-06-15', bucket: 'week', bars: 6 },
    // A year: 13 calendar months (the first and the last partly).
    { start: '2025-06-16', end: '2026-06-15', bucket: 'month', bars: 13 },
    { start: '2024-01-01', end: '2026-06-15', bucket: 'month', bars: 30 },
    { start: '2023-12-31', end: '2026-06-15', bucket: 'quarter', bars: 11 },
    { start: '2010-01-01', end: '2026-06-15', bucket: 'year', bars: 17 },
  ] as const)('$start to $end: $bars bars of a $bucket', ({ start, end, bucket, bars }) => {
    expect(chartBucketFor(start, end)).toBe(bucket);
    const chart = chartBars([], start, end);
    expect(chart.bucket).toBe(bucket);
    expect(chart.bars).toHaveLength(bars);
    expect(chart.bars.length).toBeLessThanOrEqual(MAX_CHART_BARS);
    expect(chart.bars[0]!.start).toBe(start);
    expect(chart.bars.at(-1)!.end).toBe(end);
  });

  it.each([
    { date: '2026-06-17', bucket: 'week', start: '2026-06-15' }, // a Wednesday: weeks start on Monday
    { date: '2026-06-14', bucket: 'week', start: '2026-06-08' }, // a Sunday ends its week
    { date: '2026-06-17', bucket: 'month', start: '2026-06-01' },
    { date: '2026-08-31', bucket: 'quarter', start: '2026-07-01' },
    { date: '2026-08-31', bucket: 'year', start: '2026-01-01' },
  ] as const)('$date starts its $bucket on $start', ({ date, bucket, start }) => {
    expect(bucketStart(date, bucket)).toBe(start);
  });

  it('puts each day into its bar, leaves days outside the range out, and clips the bars to the range', () => {
    const aggregates = [
      day('2025-06-15', { sessions: 9, minutes: 900, distanceMeters: 9000 }), // the day before the range
      day('2025-06-16', { sessions: 1, minutes: 30, distanceMeters: 5000 }),
      day('2025-06-30', { sessions: 2, minutes: 60, distanceMeters: 1000 }),
      day('2026-02-01', { sessions: 1, minutes: 45, distanceMeters: 0 }),
      day('2026-06-15', { sessions: 3, minutes: 90, distanceMeters: 12_000 }),
    ];
    const { bars } = chartBars(aggregates, '2025-06-16', '2026-06-15');
    expect(bars[0]).toEqual({ start: '2025-06-16', end: '2025-06-30', sessions: 3, minutes: 90, distanceMeters: 6000 });
    expect(bars.find((bar) => bar.start === '2026-02-01')).toEqual({
      start: '2026-02-01',
      end: '2026-02-28',
      sessions: 1,
      minutes: 45,
      distanceMeters: 0,
    });
    expect(bars.at(-1)).toEqual({
      start: '2026-06-01',
      end: '2026-06-15',
      sessions: 3,
      minutes: 90,
      distanceMeters: 12_000,
    });
    expect(bars.reduce((sum, bar) => sum + bar.sessions, 0)).toBe(
      totalsBetween(aggregates, '2025-06-16', '2026-06-15').sessions,
    );
  });
});

describe('heatmap', () => {
  it.each([
    { sessions: 0, minutes: 0, busiest: 100, level: 0 },
    { sessions: 1, minutes: 1, busiest: 100, level: 1 },
    { sessions: 1, minutes: 25, busiest: 100, level: 1 },
    { sessions: 1, minutes: 26, busiest: 100, level: 2 },
    { sessions: 1, minutes: 50, busiest: 100, level: 2 },
    { sessions: 2, minutes: 75, busiest: 100, level: 3 },
    { sessions: 2, minutes: 76, busiest: 100, level: 4 },
    { sessions: 3, minutes: 100, busiest: 100, level: 4 },
    // A session with no duration (a step count) still shows.
    { sessions: 1, minutes: 0, busiest: 100, level: 1 },
    { sessions: 1, minutes: 0, busiest: 0, level: 1 },
  ])('$sessions sessions, $minutes of $busiest min → level $level', ({ sessions, minutes, busiest, level }) => {
    expect(heatmapLevel({ sessions, minutes }, busiest)).toBe(level);
  });

  it('lists every one of the last 365 days, relative to the busiest day within them', () => {
    const aggregates = [
      day('2025-06-15', { sessions: 5, minutes: 600 }), // 366 days ago: outside, so not the busiest
      day('2025-06-16', { sessions: 1, minutes: 20 }),
      day('2026-01-10', { sessions: 2, minutes: 80 }),
      day('2026-06-15', { sessions: 1, minutes: 40 }),
    ];
    const heatmap = heatmapDays(aggregates, '2026-06-15');
    expect(heatmap.days).toHaveLength(365);
    expect(heatmap).toMatchObject({ start: '2025-06-16', end: '2026-06-15', busiestMinutes: 80 });
    const levels = Object.fromEntries(heatmap.days.filter((d) => d.level > 0).map((d) => [d.date, d.level]));
    expect(levels).toEqual({ '2025-06-16': 1, '2026-01-10': 4, '2026-06-15': 2 });
    expect(heatmap.days[1]).toEqual({ date: '2025-06-17', sessions: 0, minutes: 0, level: 0 });
  });
});

describe('recentActivitiesIn', () => {
  it('keeps the 10 newest that started on a local date in the period, newest first', () => {
    const inside = Array.from({ length: 12 }, (_, n) =>
      activity({ provider_activity_id: `in-${n}`, start_time: new Date(Date.UTC(2026, 5, 14, 12, n)).toISOString() }),
    );
    // 8 June 23:30 in Vancouver, though 9 June in UTC: before a period starting 9 June.
    const lateEvening = activity({ provider_activity_id: 'late', start_time: '2026-06-09T06:30:00Z' });
    const recent = recentActivitiesIn([lateEvening, ...inside], { start: '2026-06-09', end: '2026-06-15' }, VANCOUVER);
    expect(recent.map((a) => a.provider_activity_id)).toEqual([
      'in-11',
      'in-10',
      'in-9',
      'in-8',
      'in-7',
      'in-6',
      'in-5',
      'in-4',
      'in-3',
      'in-2',
    ]);
    expect(recentActivitiesIn([lateEvening], { start: '2026-06-08', end: '2026-06-08' }, VANCOUVER)).toHaveLength(1);
  });
});

describe('buildAnalysis', () => {
  // 15 June 2026, 00:30 in Vancouver (07:30 UTC): just after local midnight.
  const now = new Date('2026-06-15T07:30:00Z');
  const clock = { now, timeZone: VANCOUVER };
  const activities = [
    activity({
      start_time: '2026-06-15T07:10:00Z',
      duration_seconds: 3600,
      distance_meters: 10_000,
      calories_burned: 500,
    }), // 15 June 00:10
    activity({ start_time: '2026-06-09T06:50:00Z', duration_seconds: 1200, distance_meters: 3000, steps: 4000 }), // 8 June 23:50: not in the last 7 days
    activity({
      start_time: '2026-06-09T07:10:00Z',
      duration_seconds: 1800,
      distance_meters: 5000,
      activity_type: 'Ride',
    }), // 9 June 00:10: in
    activity({
      start_time: '2025-11-03T16:00:00Z',
      duration_seconds: 4500,
      distance_meters: 12_000,
      activity_type: 'Hike',
    }), // long ago
    activity({ start_time: '2023-05-01T16:00:00Z', duration_seconds: 600, distance_meters: 1000 }),
  ];
  const aggregates = buildDailyAggregates(activities, VANCOUVER);

  it.each([
    { range: 'week', sessions: 2, minutes: 90, distanceMeters: 15_000, bars: 7 },
    { range: 'month', sessions: 3, minutes: 110, distanceMeters: 18_000, bars: 30 },
    { range: 'year', sessions: 4, minutes: 185, distanceMeters: 30_000, bars: 13 },
    { range: 'all', sessions: 5, minutes: 195, distanceMeters: 31_000, bars: 13 },
  ] as const)(
    '$range: $sessions sessions, $minutes min, $bars bars adding up to the totals',
    ({ range, sessions, minutes, distanceMeters, bars }) => {
      const analysis = AnalysisResponse.parse(
        buildAnalysis({ range, sources: PROVIDER_TYPES, aggregates, activities }, clock),
      );
      expect(analysis.totals).toMatchObject({ sessions, minutes, distanceMeters });
      expect(analysis.chart.bars).toHaveLength(bars);
      expect(analysis.chart.bars.reduce((sum, bar) => sum + bar.sessions, 0)).toBe(sessions);
      expect(analysis.chart.bars.reduce((sum, bar) => sum + bar.minutes, 0)).toBeCloseTo(minutes, 6);
      // Not filtered by range.
      expect(analysis.lastSevenDays).toMatchObject({ sessions: 2, minutes: 90 });
      expect(analysis.allTime).toMatchObject({ sessions: 5, minutes: 195, distanceMeters: 31_000 });
      expect(analysis.hasActivity).toBe(true);
    },
  );

  it('computes the metrics as of now, the heatmap over the last 365 days and the recent list within the period', () => {
    const analysis = buildAnalysis({ range: 'week', sources: PROVIDER_TYPES, aggregates, activities }, clock);
    expect(analysis.metrics).toMatchObject({
      windowEnd: '2026-06-15',
      activityScore: expect.any(Number),
      timeZone: VANCOUVER,
    });
    expect(analysis.metrics.topActivityTypes.map((t) => t.type)).toEqual(['Run', 'Hike', 'Ride']);
    expect(analysis.heatmap.days.find((d) => d.date === '2025-11-03')).toEqual({
      date: '2025-11-03',
      sessions: 1,
      minutes: 75,
      level: 4,
    });
    expect(analysis.heatmap.days.find((d) => d.date === '2026-06-15')).toMatchObject({
      sessions: 1,
      minutes: 60,
      level: 4,
    });
    expect(analysis.recentActivities.map((a) => a.start_time)).toEqual([
      '2026-06-15T07:10:00Z',
      '2026-06-09T07:10:00Z',
    ]);
    expect(analysis.period).toEqual({ start: '2026-06-09', end: '2026-06-15' });
  });

  it('says there is no activity at all for a new user, with empty but complete figures', () => {
    const analysis = AnalysisResponse.parse(
      buildAnalysis({ range: 'all', sources: PROVIDER_TYPES, aggregates: [], activities: [] }, clock),
    );
    expect(analysis.hasActivity).toBe(false);
    expect(analysis.totals.sessions).toBe(0);
    expect(analysis.metrics.activityLevelLabel).toBe('Getting Started');
    expect(analysis.chart.bars).toHaveLength(1);
    expect(analysis.heatmap.days.every((d) => d.level === 0)).toBe(true);
  });
});
