import { describe, expect, it } from 'vitest';
import {
  DAILY_STEPS_ACTIVITY_THRESHOLD,
  dailyStepsActivity,
  exerciseFilter,
  googleActivityType,
  healthActivities,
  mapExercise,
  readStepDays,
  StepsRollup,
  type HealthItem,
} from '../../../functions/domain/google-health';
import {
  canReadActivity,
  GOOGLE_HEALTH_SCOPES,
  parseGoogleScopes,
} from '../../../functions/domain/google-health-oauth';
import { civilDates, localMidnightMs, syncWindow } from '../../../functions/domain/google-health-time';

const ZONE = 'America/Vancouver';
const context = { userId: 'user-1', fetchedAt: new Date('2026-05-20T12:00:00.000Z'), timeZone: ZONE };
const HOUR = 3_600_000;
// Local midnight, May 10 2026 in Vancouver (PDT).
const MAY_10 = Date.parse('2026-05-10T07:00:00.000Z');

/** An exercise data point as the reference writes it: int64 as strings, google-duration, doubles as numbers. */
function exercise(overrides: Record<string, unknown> = {}, metrics: Record<string, unknown> = {}) {
  return {
    name: 'users/A7kR2mQ9xL4/dataTypes/exercise/dataPoints/2026443605080188808',
    dataSource: { platform: 'FITBIT', device: { formFactor: 'WATCH', displayName: 'Pixel Watch 3' } },
    exercise: {
      interval: {
        startTime: new Date(MAY_10 + 8 * HOUR).toISOString(),
        endTime: new Date(MAY_10 + 9 * HOUR).toISOString(),
        startUtcOffset: '-25200s',
        civilStartTime: { date: { year: 2026, month: 5, day: 10 }, time: { hours: 8 } },
      },
      exerciseType: 'RUNNING',
      displayName: 'Morning run',
      activeDuration: '3300s',
      metricsSummary: {
        distanceMillimeters: 10_250_400,
        caloriesKcal: 612.4,
        steps: '9120',
        averageHeartRateBeatsPerMinute: '151',
        elevationGainMillimeters: 85_000,
        averageSpeedMillimetersPerSecond: 3106.2,
        activeZoneMinutes: '34',
        ...metrics,
      },
      ...overrides,
    },
  };
}

const rollup = (date: string, countSum: string): StepsRollup => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return StepsRollup.parse({ civilStartTime: { date: { year, month, day }, time: {} }, steps: { countSum } });
};

describe('exercise types into our one activity vocabulary', () => {
  it.each([
    ['RUNNING', 'run'],
    ['WALKING', 'walk'],
    ['BIKING', 'ride'],
    ['SWIMMING', 'swim'],
    ['HIKING', 'hike'],
    ['YOGA', 'yoga'],
    ['PILATES', 'yoga'],
    ['WEIGHTLIFTING', 'strength'],
    ['STRENGTH_TRAINING', 'strength'],
    ['HIIT', 'workout'],
    ['WORKOUT', 'workout'],
    ['OTHER', 'workout'],
    ['EXERCISE_TYPE_UNSPECIFIED', 'workout'],
    ['A_TYPE_GOOGLE_ADDS_LATER', 'workout'],
  ])('%s → %s', (exerciseType, type) => {
    expect(googleActivityType(exerciseType)).toBe(type);
  });
});

describe('an exercise as a unified activity', () => {
  it('takes the id from the data point name, duration from activeDuration, totals from metricsSummary (int64 strings read as numbers)', () => {
    expect(mapExercise(exercise(), context)).toEqual({
      user_id: 'user-1',
      provider_type: 'google_health',
      provider_activity_id: 'exercise:2026443605080188808',
      activity_type: 'run',
      name: 'Morning run',
      start_time: '2026-05-10T15:00:00.000Z',
      duration_seconds: 3300,
      distance_meters: 10250.4,
      calories_burned: 612.4,
      steps: 9120,
      heart_rate_avg: 151,
      heart_rate_max: null,
      activity_level: 'active',
      elevation_gain_meters: 85,
      average_speed_mps: 3.11,
      fetched_at: '2026-05-20T12:00:00.000Z',
    });
  });

  it('lasts its interval when Google gives no activeDuration, and leaves missing metrics empty', () => {
    const point = exercise({ activeDuration: undefined, displayName: '  ', exerciseType: 'HIKING' });
    point.exercise.metricsSummary = {} as never;
    expect(mapExercise(point, context)).toMatchObject({
      duration_seconds: 3600,
      name: 'Hike',
      activity_type: 'hike',
      distance_meters: null,
      calories_burned: null,
      steps: null,
      heart_rate_avg: null,
      activity_level: 'active',
    });
  });

  it('refuses an exercise it cannot read, naming the field', () => {
    expect(() => mapExercise(exercise({ activeDuration: 'an hour' }), context)).toThrow(/activeDuration/);
    expect(() => mapExercise(exercise({}, { steps: 'many' }), context)).toThrow(/steps/);
    expect(() => mapExercise({ ...exercise(), name: 'exercise-1' }, context)).toThrow(/name/);
    expect(() =>
      mapExercise(
        exercise({
          interval: { startTime: new Date(MAY_10).toISOString(), endTime: new Date(MAY_10).toISOString() },
        }),
        context,
      ),
    ).toThrow(/endTime/);
  });
});

describe('daily steps from the roll-up (spec §5/§9)', () => {
  it('reads countSum (an int64 string) per civil day, leaving out days without steps', () => {
    expect(readStepDays([rollup('2026-05-10', '6000'), rollup('2026-05-11', '0')])).toEqual([
      { date: '2026-05-10', steps: 6000 },
    ]);
  });

  it('a day over the threshold without a workout becomes a walk starting at its local midnight', () => {
    expect(DAILY_STEPS_ACTIVITY_THRESHOLD).toBe(1000);
    expect(dailyStepsActivity({ date: '2026-05-10', steps: 6000 }, new Set(), context)).toMatchObject({
      provider_activity_id: 'day:2026-05-10',
      activity_type: 'walk',
      name: 'Daily steps',
      start_time: new Date(MAY_10).toISOString(),
      duration_seconds: 0,
      steps: 6000,
      activity_level: 'moderate',
    });
    expect(dailyStepsActivity({ date: '2026-05-10', steps: 1000 }, new Set(), context)).toBeNull();
    expect(dailyStepsActivity({ date: '2026-05-10', steps: 6000 }, new Set(['2026-05-10']), context)).toBeNull();
  });
});

describe('one window: exercises plus the steps roll-up', () => {
  it('turns step days into activities only when no workout started that local day, and skips unreadable exercises', () => {
    const items: HealthItem[] = [
      { kind: 'steps', rollups: [rollup('2026-05-10', '12000'), rollup('2026-05-11', '4000')] },
      { kind: 'exercise', point: exercise() },
      { kind: 'exercise', point: { name: 'users/x/dataTypes/exercise/dataPoints/2', exercise: {} } },
    ];
    const { activities, skipped } = healthActivities(items, context);
    expect(activities.map((a) => a.activity.provider_activity_id)).toEqual([
      'exercise:2026443605080188808',
      'day:2026-05-11',
    ]);
    expect(skipped).toHaveLength(1);
  });
});

describe('Google Health scopes and filters', () => {
  it('asks only for the activity and fitness scope', () => {
    expect(GOOGLE_HEALTH_SCOPES).toEqual([
      'https://www.googleapis.com/auth/googlehealth.activity_and_fitness.readonly',
    ]);
  });

  it('reads activity with the read-only scope or the read-write one, and nothing else', () => {
    expect(canReadActivity(['https://www.googleapis.com/auth/googlehealth.activity_and_fitness.readonly'])).toBe(true);
    expect(canReadActivity(['https://www.googleapis.com/auth/googlehealth.activity_and_fitness'])).toBe(true);
    expect(canReadActivity(['https://www.googleapis.com/auth/googlehealth.sleep.readonly'])).toBe(false);
    expect(canReadActivity(['https://www.googleapis.com/auth/fitness.activity.read'])).toBe(false);
  });

  it('parses space-separated scopes, dropping duplicates and blanks', () => {
    expect(parseGoogleScopes(' a  b a ')).toEqual(['a', 'b']);
    expect(parseGoogleScopes(undefined)).toEqual([]);
  });

  it('filters exercises on the civil start time, start inclusive, end exclusive', () => {
    expect(exerciseFilter('2026-04-21', '2026-05-21')).toBe(
      'exercise.interval.civil_start_time >= "2026-04-21" AND exercise.interval.civil_start_time < "2026-05-21"',
    );
  });

  it('turns a window of instants into the local dates it covers', () => {
    const now = new Date('2026-05-20T19:30:00.000Z');
    const window = syncWindow(now, ZONE, 30);
    expect(civilDates({ startMs: window.startMs, endMs: now.getTime() }, ZONE)).toEqual({
      startDate: '2026-04-21',
      endDate: '2026-05-21',
    });
    expect(civilDates({ startMs: MAY_10, endMs: MAY_10 + 30 * 24 * HOUR }, ZONE)).toEqual({
      startDate: '2026-05-10',
      endDate: '2026-06-09',
    });
  });
});

describe('the sync window', () => {
  it('is 30 whole local days ending now', () => {
    const now = new Date('2026-05-20T19:30:00.000Z');
    expect(syncWindow(now, ZONE, 30)).toEqual({
      startMs: Date.parse('2026-04-21T07:00:00.000Z'),
      endMs: now.getTime(),
      firstDate: '2026-04-21',
    });
  });

  it('starts at local midnight on either side of the last DST switch, and on UTC−7 after November 2026', () => {
    expect(localMidnightMs('2026-03-08', ZONE)).toBe(Date.parse('2026-03-08T08:00:00.000Z'));
    expect(localMidnightMs('2026-03-09', ZONE)).toBe(Date.parse('2026-03-09T07:00:00.000Z'));
    expect(localMidnightMs('2026-11-01', ZONE)).toBe(Date.parse('2026-11-01T07:00:00.000Z'));
    expect(localMidnightMs('2026-11-02', ZONE)).toBe(Date.parse('2026-11-02T07:00:00.000Z'));
    expect(localMidnightMs('2027-01-15', ZONE)).toBe(Date.parse('2027-01-15T07:00:00.000Z'));
  });
});
