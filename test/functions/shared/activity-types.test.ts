import { describe, expect, it } from 'vitest';
import { buildDailyAggregates } from '../../../functions/shared/analysis/daily-aggregates';
import { buildAnalysis } from '../../../functions/shared/analysis/analysis';

const base = { provider_type: 'apple_health' as const, distance_meters: null, calories_burned: null };

describe('one vocabulary, each figure defined once', () => {
  const activities = [
    { ...base, activity_type: 'Walk', start_time: '2025-06-09T16:00:00Z', duration_seconds: 1800, steps: null },
    {
      ...base,
      provider_type: 'google_health' as const,
      activity_type: 'walking',
      start_time: '2025-06-08T16:00:00Z',
      duration_seconds: 1200,
      steps: null,
    },
    {
      ...base,
      activity_type: 'HKWorkoutActivityTypeWalking',
      start_time: '2025-06-07T16:00:00Z',
      duration_seconds: 600,
      steps: null,
    },
    // Daily steps: no duration, only steps.
    { ...base, activity_type: 'Walking', start_time: '2025-06-06T07:00:00Z', duration_seconds: 0, steps: 9400 },
  ];

  it("counts 'Walk', 'walking' and Apple's walking as one type, and a daily step count as steps but not a session", () => {
    const days = buildDailyAggregates(activities, 'America/Vancouver');
    expect(days.map((d) => [d.date, d.sessions, d.steps, d.types])).toEqual([
      ['2025-06-06', 0, 9400, {}],
      ['2025-06-07', 1, 0, { Walk: 1 }],
      ['2025-06-08', 1, 0, { Walk: 1 }],
      ['2025-06-09', 1, 0, { Walk: 1 }],
    ]);
    const analysis = buildAnalysis(
      { range: 'all', sources: ['apple_health'], aggregates: days, activities: [] },
      { now: new Date('2025-06-10T19:00:00Z'), timeZone: 'America/Vancouver' },
    );
    expect(analysis.metrics.topActivityTypes).toEqual([{ type: 'Walk', sessions: 3 }]);
    expect(analysis.allTime).toMatchObject({ sessions: 3, steps: 9400, activeDays: 3 });
    // 'All time' runs from the first day with any data (the step day) to today: 5 days, 3 of them active.
    expect(analysis.period).toEqual({ start: '2025-06-06', end: '2025-06-10' });
  });
});
