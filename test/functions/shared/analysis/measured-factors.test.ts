import { describe, expect, it } from 'vitest';
import { measuresOf } from '../../../../functions/shared/activity-level';
import { buildAnalysis } from '../../../../functions/shared/analysis/analysis';
import { buildDailyAggregates, computeActivityMetrics } from '../../../../functions/shared/analysis/activity-metrics';
import type { AggregatableActivity } from '../../../../functions/shared/analysis/daily-aggregates';
import type { ProviderType } from '../../../../functions/shared/schemas/activity';
import { AnalysisResponse } from '../../../../functions/shared/schemas/analysis';

const timeZone = 'America/Vancouver';
const now = new Date('2026-11-28T20:00:00Z');
const clock = { now, timeZone };

/** One workout a day at 17:00 UTC (09:00 in Vancouver) for the `days` days up to yesterday. */
function dailyWorkouts(provider: ProviderType, days: number, minutesEach: number): AggregatableActivity[] {
  return Array.from({ length: days }, (_, index) => ({
    provider_type: provider,
    activity_type: 'Run',
    start_time: new Date(Date.parse('2026-11-27T17:00:00Z') - index * 86_400_000).toISOString(),
    duration_seconds: minutesEach * 60,
    distance_meters: 8000,
    calories_burned: null,
    steps: null,
  }));
}

describe('the activity level over the factors a person measures', () => {
  it('a Strava-only member training 594 minutes a week is scored on minutes and sessions alone', () => {
    // 28 days of ~85 minutes: 594 min and 7 sessions a week, full marks on both of the parts Strava measures.
    const activities = dailyWorkouts('strava', 28, 594 / 7);
    const metrics = computeActivityMetrics(buildDailyAggregates(activities, timeZone), clock, ['strava']);
    expect(metrics.measured).toEqual(['minutes', 'sessions', 'distance']);
    expect(metrics.activityScore).toBe(100);
    expect(metrics.activityLevelLabel).toBe('Elite');
  });

  it('a source that measures steps counts a stepless month as zero steps', () => {
    const activities = dailyWorkouts('apple_health', 28, 594 / 7);
    const metrics = computeActivityMetrics(buildDailyAggregates(activities, timeZone), clock, ['apple_health']);
    expect(metrics.measured).toContain('steps');
    expect(metrics.activityScore).toBe(70);
    expect(metrics.scorePoints.steps).toBe(0);
  });

  it('half the measured parts earned is half the score, whichever parts are measured', () => {
    // 75 min in 2 sessions a week: 20 of 40 and 15 of 30 points → 35 of 70 = 50.
    const activities = dailyWorkouts('strava', 8, 37.5).filter((_, index) => index < 8);
    const metrics = computeActivityMetrics(buildDailyAggregates(activities, timeZone), clock, ['strava']);
    expect(metrics.scorePoints.minutes).toBe(20);
    expect(metrics.scorePoints.sessions).toBe(15);
    expect(metrics.activityScore).toBe(50);
  });

  it('no source at all scores 0 over nothing measured', () => {
    expect(computeActivityMetrics([], clock, []).activityScore).toBe(0);
    expect(computeActivityMetrics([], clock, []).measured).toEqual([]);
  });

  it('a value the data shows is measured even when its source usually lacks it', () => {
    expect(measuresOf(['strava'])).toEqual(['minutes', 'sessions', 'distance']);
    expect(measuresOf(['strava'], { calories: 650 })).toEqual(['minutes', 'sessions', 'distance', 'calories']);
    expect(measuresOf(['strava', 'google_health'])).toEqual(['minutes', 'sessions', 'distance', 'steps', 'calories']);
  });
});

describe("a day's distance counts the same ground once", () => {
  const run: AggregatableActivity = {
    provider_type: 'strava',
    activity_type: 'Run',
    start_time: '2026-11-27T16:00:00Z',
    duration_seconds: 2400,
    distance_meters: 7400,
    calories_burned: null,
    steps: null,
  };
  const dailySteps: AggregatableActivity = {
    provider_type: 'apple_health',
    activity_type: 'Daily steps',
    start_time: '2026-11-27T08:00:00Z',
    duration_seconds: 0,
    distance_meters: 8400,
    calories_burned: null,
    steps: 11_200,
  };

  function distanceOf(activities: AggregatableActivity[]) {
    const analysis = buildAnalysis(
      {
        range: 'week',
        sources: ['strava', 'apple_health'],
        aggregates: buildDailyAggregates(activities, timeZone),
        activities: [],
      },
      clock,
    );
    AnalysisResponse.parse(analysis);
    return {
      period: analysis.totals.distanceMeters,
      allTime: analysis.allTime.distanceMeters,
      chart: analysis.chart.bars.reduce((sum, bar) => sum + bar.distanceMeters, 0),
    };
  }

  it("a 7.4 km run and the day's 8.4 km step estimate make 8.4 km, not 15.8", () => {
    expect(distanceOf([run, dailySteps])).toEqual({ period: 8400, allTime: 8400, chart: 8400 });
  });

  it('a run longer than the step estimate counts in full', () => {
    expect(distanceOf([{ ...run, distance_meters: 12_000 }, dailySteps])).toEqual({
      period: 12_000,
      allTime: 12_000,
      chart: 12_000,
    });
  });

  it('a step estimate alone, or a run alone, counts as it is', () => {
    expect(distanceOf([dailySteps]).period).toBe(8400);
    expect(distanceOf([run]).period).toBe(7400);
  });
});

describe("a day's steps and energy count once: the phone's day count already holds the workout's", () => {
  const walk: AggregatableActivity = {
    provider_type: 'apple_health',
    activity_type: 'Hike',
    start_time: '2026-11-27T18:00:00Z',
    duration_seconds: 5400,
    distance_meters: 6000,
    calories_burned: 420,
    steps: 8_000,
  };
  const dayCount: AggregatableActivity = {
    provider_type: 'apple_health',
    activity_type: 'Daily steps',
    start_time: '2026-11-27T08:00:00Z',
    duration_seconds: 0,
    distance_meters: 9000,
    calories_burned: 610,
    steps: 12_500,
  };
  const dayOf = (activities: AggregatableActivity[]) => {
    const [day] = buildDailyAggregates(activities, timeZone);
    return { steps: day!.steps, calories: day!.calories, sessions: day!.sessions };
  };

  it('a hike of 8,000 steps on a day the phone counted 12,500 is a 12,500-step day, not 20,500', () => {
    expect(dayOf([walk, dayCount])).toEqual({ steps: 12_500, calories: 610, sessions: 1 });
  });

  it('a workout larger than the day count (recorded by a watch the phone never saw) counts in full', () => {
    expect(dayOf([{ ...walk, steps: 15_000, calories_burned: 900 }, dayCount])).toEqual({
      steps: 15_000,
      calories: 900,
      sessions: 1,
    });
  });

  it('two workouts with no day count add up', () => {
    expect(dayOf([walk, { ...walk, start_time: '2026-11-27T22:00:00Z' }])).toEqual({
      steps: 16_000,
      calories: 840,
      sessions: 2,
    });
  });
});
