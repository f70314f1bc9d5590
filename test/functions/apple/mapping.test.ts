import { describe, expect, it } from 'vitest';
import { appleActivityTypeName, mapAppleWorkout, type EntryOutcome } from '../../../functions/domain/apple-workout';
import { mapAppleDailySteps } from '../../../functions/domain/apple-steps';
import { readHealthAutoExportData, readHealthData } from '../../../functions/domain/apple-payload';
import { bearerToken, hashIngestToken, ingestTokenFrom } from '../../../functions/domain/apple-ingest-token';
import { UnifiedActivity, type ActivityLevel } from '../../../functions/shared/schemas/activity';

const receivedAt = new Date('2026-11-21T12:00:00.000Z');
const context = { userId: 'user-1', receivedAt };

/** A Health Auto Export workout with only the required fields; each case adds or overrides what it tests. */
const hae = (fields: Record<string, unknown> = {}) => ({
  id: 'hae-1',
  name: 'Outdoor Run',
  start: '2026-11-20 07:00:00 -0800',
  duration: 1200,
  ...fields,
});
/** A workout in the spec's Apple fields. */
const spec = (fields: Record<string, unknown> = {}) => ({
  uuid: 'apple-1',
  workoutActivityType: 'HKWorkoutActivityTypeRunning',
  startDate: '2026-11-20T07:00:00-08:00',
  duration: 1200,
  ...fields,
});

function activityOf(outcome: EntryOutcome) {
  if (outcome.kind !== 'activity') throw new Error(`expected an activity, got ${outcome.kind}: ${outcome.message}`);
  // Whatever the mapping makes must be a valid unified activity on the wire.
  return UnifiedActivity.parse(outcome.activity);
}
const map = (entry: unknown) => mapAppleWorkout(entry, context);

describe('mapAppleWorkout: both formats end to end', () => {
  it('reads the spec Apple workout fields', () => {
    const activity = activityOf(
      map({
        uuid: 'A1B2C3D4-0000-4000-8000-00000000000F',
        workoutActivityType: 'HKWorkoutActivityTypeRunning',
        sourceName: 'Apple Watch',
        startDate: '2026-11-20T07:12:00-08:00',
        endDate: '2026-11-20T07:52:00-08:00',
        duration: 2400,
        totalDistance: { doubleValue: 8000 },
        totalEnergyBurned: { doubleValue: 520 },
        averageHeartRate: 148,
        maxHeartRate: 171,
        steps: 7000,
      }),
    );
    expect(activity).toEqual({
      user_id: 'user-1',
      provider_type: 'apple_health',
      provider_activity_id: 'a1b2c3d4-0000-4000-8000-00000000000f',
      activity_type: 'Running',
      name: 'Running',
      start_time: '2026-11-20T15:12:00.000Z',
      duration_seconds: 2400,
      distance_meters: 8000,
      calories_burned: 520,
      steps: 7000,
      heart_rate_avg: 148,
      heart_rate_max: 171,
      activity_level: 'active',
      elevation_gain_meters: null,
      average_speed_mps: 3.333,
      fetched_at: '2026-11-21T12:00:00.000Z',
    });
  });

  it('reads the Health Auto Export workout format', () => {
    const activity = activityOf(
      map({
        id: '5E0B7A52-1C3D-4F6A-9B8E-2D4C6A8E0F13',
        name: 'Outdoor Walk',
        start: '2026-11-20 07:12:00 -0800',
        end: '2026-11-20 07:42:00 -0800',
        duration: 1800,
        distance: { qty: 2.5, units: 'mi' },
        activeEnergyBurned: { qty: 836.8, units: 'kJ' },
        heartRate: { min: { qty: 80, units: 'bpm' }, avg: { qty: 101, units: 'bpm' }, max: { qty: 118, units: 'bpm' } },
        elevationUp: { qty: 100, units: 'ft' },
        route: [{ latitude: 49.3, longitude: -123.1, timestamp: '2026-11-20 07:12:00 -0800' }],
      }),
    );
    expect(activity).toMatchObject({
      provider_activity_id: '5e0b7a52-1c3d-4f6a-9b8e-2d4c6a8e0f13',
      activity_type: 'Outdoor Walk',
      start_time: '2026-11-20T15:12:00.000Z',
      duration_seconds: 1800,
      distance_meters: 4023.4,
      calories_burned: 200,
      heart_rate_avg: 101,
      heart_rate_max: 118,
      elevation_gain_meters: 30.5,
      // 1800 s is not over 1800, but 2.24 m/s is over 2: active.
      activity_level: 'active',
    });
  });

  it('keys the same workout alike whichever tool wrote its UUID', () => {
    const fromHealthKit = activityOf(map(spec({ uuid: 'ABCDEF01-2345-4678-9ABC-DEF012345678' })));
    const fromAutoExport = activityOf(map(hae({ id: 'abcdef01-2345-4678-9abc-def012345678' })));
    expect(fromHealthKit.provider_activity_id).toBe(fromAutoExport.provider_activity_id);
  });

  it('ignores a user id in the entry: the owner comes from the context only', () => {
    const activity = activityOf(map(hae({ user_id: 'someone-else', userId: 'someone-else' })));
    expect(activity.user_id).toBe('user-1');
  });
});

describe('mapAppleWorkout: units', () => {
  const distances: Array<[string, unknown, number]> = [
    ['km', { qty: 5, units: 'km' }, 5000],
    ['mi', { qty: 3.1, units: 'mi' }, 4989],
    ['m', { qty: 800, units: 'm' }, 800],
    ['ft', { qty: 1000, units: 'ft' }, 304.8],
    ['yd (pool)', { qty: 1000, units: 'yd' }, 914.4],
    ['HealthKit doubleValue without a unit is metres', { doubleValue: 1000 }, 1000],
    ['HealthKit doubleValue with unit km', { doubleValue: 1.5, unit: 'km' }, 1500],
    ['a bare number is metres', 1200, 1200],
    ['a number as text', '1500', 1500],
    ['unit spelled out', { qty: 2, units: 'kilometers' }, 2000],
    ["a Shortcut measurement as text, '11.82 km'", '11.82 km', 11820],
    ["text in miles without a space, '3.11mi'", '3.11mi', 5005.1],
    // As phones write numbers in English and French Canadian locales.
    ["a French Canadian decimal comma, '12,5 km'", '12,5 km', 12500],
    ["English thousands, '1,204.5 m'", '1,204.5 m', 1204.5],
    ["French Canadian thousands (narrow no-break space), '1\u202f204,5 m'", '1\u202f204,5 m', 1204.5],
    ["a no-break space between thousands, '2\u00a0500 m'", '2\u00a0500 m', 2500],
    ['a quantity whose qty is text with a decimal comma', { qty: '7,4', units: 'km' }, 7400],
  ];
  it.each(distances)('distance in %s', (_, distance, metres) => {
    expect(activityOf(map(hae({ distance }))).distance_meters).toBe(metres);
  });

  const energies: Array<[string, Record<string, unknown>, number]> = [
    ['kcal', { activeEnergyBurned: { qty: 100, units: 'kcal' } }, 100],
    ["a long hike's energy as a Shortcut sends it, '1,204 kcal'", { totalEnergyBurned: '1,204 kcal' }, 1204],
    ["the same in French Canadian, '1 204,5 kcal'", { totalEnergyBurned: '1 204,5 kcal' }, 1204.5],
    ['kJ', { activeEnergyBurned: { qty: 418.4, units: 'kJ' } }, 100],
    ["HealthKit 'Cal' (kilocalories)", { totalEnergyBurned: { doubleValue: 250, unit: 'Cal' } }, 250],
    ['spec totalEnergyBurned.doubleValue without a unit is kcal', { totalEnergyBurned: { doubleValue: 321 } }, 321],
    ['Health Auto Export v1 activeEnergy quantity', { activeEnergy: { qty: 1046, units: 'kJ' } }, 250],
    [
      'Health Auto Export activeEnergy series, mixed units, summed',
      {
        activeEnergy: [
          { qty: 50, units: 'kcal' },
          { qty: 209.2, units: 'kJ' },
        ],
      },
      100,
    ],
    [
      'activeEnergyBurned wins over the series',
      { activeEnergyBurned: { qty: 80, units: 'kcal' }, activeEnergy: [{ qty: 50, units: 'kcal' }] },
      80,
    ],
  ];
  it.each(energies)('energy in %s', (_, fields, kcal) => {
    expect(activityOf(map(hae(fields))).calories_burned).toBe(kcal);
  });

  const durations: Array<[string, Record<string, unknown>, number]> = [
    ['seconds', { duration: 1234 }, 1234],
    ['seconds as text', { duration: '1234.4' }, 1234],
    ['a minutes quantity', { duration: { qty: 45, units: 'min' } }, 2700],
    ['an hours quantity', { duration: { qty: 1.5, units: 'hr' } }, 5400],
    ['end − start when duration is missing', { duration: undefined, end: '2026-11-20 07:30:00 -0800' }, 1800],
    [
      'duration wins over end − start (pauses are left out)',
      { duration: 1500, end: '2026-11-20 07:30:00 -0800' },
      1500,
    ],
  ];
  it.each(durations)('duration from %s', (_, fields, seconds) => {
    expect(activityOf(map(hae(fields))).duration_seconds).toBe(seconds);
  });

  const heartRates: Array<[string, Record<string, unknown>, number | null, number | null]> = [
    ['spec numbers', { averageHeartRate: 140, maxHeartRate: 170 }, 140, 170],
    [
      'avgHeartRate / maxHeartRate quantities',
      { avgHeartRate: { qty: 135, units: 'bpm' }, maxHeartRate: { qty: 160, units: 'bpm' } },
      135,
      160,
    ],
    ['heartRate summary with numbers', { heartRate: { avg: 130, max: 150 } }, 130, 150],
    ['heartRate summary with capitalised keys', { heartRate: { Avg: 128, Max: 149 } }, 128, 149],
    ['0 means not measured', { averageHeartRate: 0 }, null, null],
    ['none at all', {}, null, null],
  ];
  it.each(heartRates)('heart rate from %s', (_, fields, avg, max) => {
    const activity = activityOf(map(hae(fields)));
    expect([activity.heart_rate_avg, activity.heart_rate_max]).toEqual([avg, max]);
  });

  const elevations: Array<[string, Record<string, unknown>, number | null]> = [
    ['elevationUp in m', { elevationUp: { qty: 250, units: 'm' } }, 250],
    ['elevationUp in ft', { elevationUp: { qty: 1000, units: 'ft' } }, 304.8],
    ['Health Auto Export v1 elevation.ascent', { elevation: { ascent: 120, descent: 118, units: 'm' } }, 120],
    ['none', {}, null],
  ];
  it.each(elevations)('elevation gain from %s', (_, fields, metres) => {
    expect(activityOf(map(hae(fields))).elevation_gain_meters).toBe(metres);
  });
});

describe('mapAppleWorkout: dates and offsets', () => {
  const dates: Array<[string, string]> = [
    ['2026-11-20 07:12:00 -0800', '2026-11-20T15:12:00.000Z'],
    ['2026-11-20 07:12:00 +0000', '2026-11-20T07:12:00.000Z'],
    ['2026-11-20T07:12:00Z', '2026-11-20T07:12:00.000Z'],
    ['2026-11-20T07:12:00-08:00', '2026-11-20T15:12:00.000Z'],
    ['2026-11-20T07:12:00+05:30', '2026-11-20T01:42:00.000Z'],
    ['2026-11-20T07:12:00.250-0800', '2026-11-20T15:12:00.250Z'],
    ['2026-11-20T07:12-07:00', '2026-11-20T14:12:00.000Z'],
    // Across midnight: a late workout in Vancouver is the next day in UTC.
    ['2026-11-19 23:30:00 -0800', '2026-11-20T07:30:00.000Z'],
  ];
  it.each(dates)('%s is %s', (start, iso) => {
    expect(activityOf(map(hae({ start }))).start_time).toBe(iso);
  });
});

describe('mapAppleWorkout: activity level (spec §9)', () => {
  const levels: Array<[string, Record<string, unknown>, ActivityLevel]> = [
    [
      'under 600 s is light whatever the speed and heart rate',
      { duration: 540, distance: { qty: 3, units: 'km' }, averageHeartRate: 170 },
      'light',
    ],
    ['over 3600 s is very_active', { duration: 3700 }, 'very_active'],
    ['speed over 4 m/s is very_active', { duration: 1200, distance: { qty: 6, units: 'km' } }, 'very_active'],
    ['heart rate over 150 is very_active', { duration: 1200, averageHeartRate: 155 }, 'very_active'],
    ['over 1800 s is active', { duration: 1900 }, 'active'],
    ['speed over 2 m/s is active', { duration: 1200, distance: { qty: 3, units: 'km' } }, 'active'],
    ['heart rate over 120 is active', { duration: 1200, heartRate: { avg: { qty: 125, units: 'bpm' } } }, 'active'],
    ['over 900 s is moderate', { duration: 1000 }, 'moderate'],
    ['heart rate over 100 is moderate', { duration: 700, avgHeartRate: { qty: 105, units: 'bpm' } }, 'moderate'],
    ['otherwise light', { duration: 700 }, 'light'],
    [
      'speed from distance estimated from steps counts too (9000 steps ≈ 6750 m in 1200 s)',
      { duration: 1200, steps: 9000 },
      'very_active',
    ],
  ];
  it.each(levels)('%s', (_, fields, level) => {
    expect(activityOf(map(hae(fields))).activity_level).toBe(level);
  });
});

describe('mapAppleWorkout: step estimates (0.75 m and 0.04 kcal per step)', () => {
  const estimates: Array<
    [string, Record<string, unknown>, { steps: number | null; distance: number | null; kcal: number | null }]
  > = [
    ['steps only: both estimated', { steps: 4000 }, { steps: 4000, distance: 3000, kcal: 160 }],
    [
      'measured distance is kept, energy estimated',
      { steps: 4000, distance: { qty: 5, units: 'km' } },
      { steps: 4000, distance: 5000, kcal: 160 },
    ],
    [
      'measured energy is kept, distance estimated',
      { steps: 4000, activeEnergyBurned: { qty: 300, units: 'kcal' } },
      { steps: 4000, distance: 3000, kcal: 300 },
    ],
    [
      'Health Auto Export stepCount series is summed',
      {
        stepCount: [
          { qty: 1000, units: 'count' },
          { qty: 1500, units: 'count' },
        ],
      },
      { steps: 2500, distance: 1875, kcal: 100 },
    ],
    ['steps as text', { steps: '1234' }, { steps: 1234, distance: 925.5, kcal: 49.4 }],
    ['no steps: nothing is made up', {}, { steps: null, distance: null, kcal: null }],
  ];
  it.each(estimates)('%s', (_, fields, expected) => {
    const activity = activityOf(map(hae(fields)));
    expect({ steps: activity.steps, distance: activity.distance_meters, kcal: activity.calories_burned }).toEqual(
      expected,
    );
  });
});

describe('appleActivityTypeName', () => {
  const names: Array<[unknown, string]> = [
    ['HKWorkoutActivityTypeHiking', 'Hiking'],
    ['HKWorkoutActivityTypeTraditionalStrengthTraining', 'Traditional Strength Training'],
    ['running', 'Running'],
    ['outdoor_run', 'Outdoor Run'],
    ['Outdoor Cycling', 'Outdoor Cycling'],
    [37, 'Running'],
    ['13', 'Cycling'],
    [46, 'Swimming'],
    [52, 'Walking'],
    [999, 'Workout'],
    [undefined, 'Workout'],
    ['  ', 'Workout'],
  ];
  it.each(names)('%s reads as %s', (value, name) => {
    expect(appleActivityTypeName(value)).toBe(name);
  });

  it('spec workouts take their type from workoutActivityType, Health Auto Export ones from name', () => {
    expect(activityOf(map(spec({ workoutActivityType: 'HKWorkoutActivityTypeSwimming' }))).activity_type).toBe(
      'Swimming',
    );
    expect(activityOf(map(hae({ name: 'Pool Swim' }))).activity_type).toBe('Pool Swim');
  });
});

describe('mapAppleWorkout: rejected and skipped entries', () => {
  const rejected: Array<[string, unknown, RegExp]> = [
    ['not an object', 'a string', /must be an object/],
    ['an array', [1, 2], /must be an object/],
    ['no id or uuid', { name: 'Run', start: '2026-11-20 07:00:00 -0800', duration: 600 }, /id or uuid is required/],
    ["an id with '#'", hae({ id: 'a#b' }), /id must be/],
    ['an id with a space', hae({ id: '2026-11-20 07:12' }), /id must be/],
    ['an id longer than 128', hae({ id: 'x'.repeat(129) }), /id must be/],
    ['no start', { id: 'x', duration: 600 }, /startDate \(or start\) is required/],
    ['a time without an offset', hae({ start: '2026-11-20 07:00:00' }), /with an offset/],
    ['an impossible date', hae({ start: '2026-02-30 07:00:00 +0000' }), /not a real date/],
    ['an impossible hour', hae({ start: '2026-11-20 25:00:00 +0000' }), /not a real date/],
    ['a date as a number', hae({ start: 1763650800 }), /is not a date/],
    ['words for a date', hae({ start: 'yesterday' }), /with an offset/],
    ['no duration and no end', hae({ duration: undefined }), /duration or endDate is required/],
    ['end before start', hae({ duration: undefined, end: '2026-11-20 06:00:00 -0800' }), /endDate is before startDate/],
    ['a negative duration', hae({ duration: -5 }), /duration must not be negative/],
    ['a duration longer than a week', hae({ duration: 8 * 24 * 3600 }), /longer than a week/],
    ['a duration that is not a number', hae({ duration: 'long' }), /duration is not a number/],
    ['a start more than an hour in the future', hae({ start: '2026-11-21 06:00:00 -0800' }), /in the future/],
  ];
  it.each(rejected)('rejects %s', (_, entry, message) => {
    const outcome = map(entry);
    expect(outcome.kind).toBe('rejected');
    expect(outcome.kind !== 'activity' && outcome.message).toMatch(message);
  });

  // An optional figure that cannot be read is left out; the workout itself is kept, and the reply names the figure.
  const incomplete: Array<[string, unknown, RegExp, keyof UnifiedActivity]> = [
    [
      'an unknown distance unit',
      hae({ distance: { qty: 1, units: 'furlong' } }),
      /unsupported unit 'furlong'/,
      'distance_meters',
    ],
    [
      'a negative distance',
      hae({ distance: { qty: -1, units: 'km' } }),
      /distance must not be negative/,
      'distance_meters',
    ],
    [
      "small calories ('cal'), which would be read 1000x too big",
      hae({ activeEnergyBurned: { qty: 10, units: 'cal' } }),
      /unsupported unit 'cal'/,
      'calories_burned',
    ],
    ['a quantity without qty', hae({ distance: { units: 'km' } }), /neither doubleValue nor qty/, 'distance_meters'],
    ['an absurd number', hae({ distance: { qty: 1e200, units: 'km' } }), /out of range/, 'distance_meters'],
    [
      'a measurement as text in an unknown unit',
      hae({ distance: '5 furlongs' }),
      /unsupported unit 'furlongs'/,
      'distance_meters',
    ],
    [
      'a measurement as text with the unit first',
      hae({ distance: 'km 5' }),
      /distance is not a number/,
      'distance_meters',
    ],
    [
      "small calories as text ('10 cal')",
      hae({ activeEnergyBurned: '10 cal' }),
      /unsupported unit 'cal'/,
      'calories_burned',
    ],
    ['a heart rate over 300', hae({ averageHeartRate: 400 }), /not a heart rate/, 'heart_rate_avg'],
    ['a negative heart rate', hae({ heartRate: { avg: -5 } }), /not a heart rate/, 'heart_rate_avg'],
    ['negative steps', hae({ steps: -10 }), /steps must not be negative/, 'steps'],
  ];
  it.each(incomplete)('keeps the workout without the figure for %s', (_, entry, message, field) => {
    const outcome = map(entry);
    expect(outcome.kind).toBe('activity');
    if (outcome.kind !== 'activity') return;
    expect(outcome.activity[field]).toBeNull();
    expect(outcome.unread).toEqual([expect.stringMatching(message)]);
    expect(outcome.activity.duration_seconds).toBeGreaterThan(0);
  });

  it('skips a workout older than the 30-day window and keeps one just inside it', () => {
    expect(map(hae({ start: '2026-10-22T11:59:00Z' }))).toEqual({
      kind: 'skipped',
      message: 'older than the 30-day sync window',
    });
    expect(map(hae({ start: '2026-10-22T12:01:00Z' })).kind).toBe('activity');
  });

  it('accepts a start a little ahead of the server clock (a phone clock running fast)', () => {
    expect(map(hae({ start: '2026-11-21T12:30:00Z' })).kind).toBe('activity');
  });
});

describe('mapAppleDailySteps', () => {
  it('turns a day above 1000 steps into one walking activity with the spec estimates and the daily-steps level', () => {
    const { activities, issues } = mapAppleDailySteps([{ date: '2026-11-20', steps: 8000 }], context);
    expect(issues).toEqual([]);
    expect(activities.map((a) => UnifiedActivity.parse(a))).toEqual([
      {
        user_id: 'user-1',
        provider_type: 'apple_health',
        provider_activity_id: 'steps#2026-11-20',
        activity_type: 'Walking',
        name: 'Daily steps',
        start_time: '2026-11-20T20:00:00.000Z',
        duration_seconds: 0,
        distance_meters: 6000,
        calories_burned: 320,
        steps: 8000,
        heart_rate_avg: null,
        heart_rate_max: null,
        activity_level: 'moderate',
        elevation_gain_meters: null,
        average_speed_mps: null,
        fetched_at: '2026-11-21T12:00:00.000Z',
      },
    ]);
  });

  const levels: Array<[number, ActivityLevel | 'skipped']> = [
    [1000, 'skipped'],
    [1001, 'light'],
    [5000, 'light'],
    [5001, 'moderate'],
    [10000, 'moderate'],
    [10001, 'active'],
  ];
  it.each(levels)('%i steps in a day: %s', (steps, expected) => {
    const { activities, issues } = mapAppleDailySteps([{ date: '2026-11-20', steps }], context);
    if (expected === 'skipped') {
      expect(activities).toEqual([]);
      expect(issues).toEqual([{ index: 0, kind: 'skipped', message: expect.stringMatching(/1000 or fewer/) }]);
    } else {
      expect(activities.map((a) => a.activity_level)).toEqual([expected]);
    }
  });

  it("sums Health Auto Export's hourly step_count entries into their day, as the sender's calendar has it", () => {
    const { activities } = mapAppleDailySteps(
      [
        { date: '2026-11-20 08:00:00 -0800', qty: 700 },
        { date: '2026-11-19 23:00:00 -0800', qty: 2000 },
        { date: '2026-11-20 09:00:00 -0800', qty: 600 },
      ],
      context,
    );
    expect(activities.map((a) => [a.provider_activity_id, a.steps, a.start_time])).toEqual([
      ['steps#2026-11-20', 1300, '2026-11-20T16:00:00.000Z'],
      ['steps#2026-11-19', 2000, '2026-11-20T07:00:00.000Z'],
    ]);
  });

  it('reports bad step entries one by one and keeps the good ones', () => {
    const { activities, issues } = mapAppleDailySteps(
      [
        null,
        { date: 'last tuesday', steps: 5000 },
        { steps: 5000 },
        { date: '2026-11-18', steps: -1 },
        { date: '2026-11-18', steps: 'many' },
        { date: '2026-10-01', steps: 5000 },
        { date: '2026-11-18', steps: 5000 },
      ],
      context,
    );
    expect(activities.map((a) => a.provider_activity_id)).toEqual(['steps#2026-11-18']);
    expect(issues.map(({ index, kind }) => [index, kind])).toEqual([
      [0, 'rejected'],
      [1, 'rejected'],
      [2, 'rejected'],
      [3, 'rejected'],
      [4, 'rejected'],
      [5, 'skipped'],
    ]);
  });
});

describe('readHealthData: the accepted shapes of health_data', () => {
  const workout = hae();
  const steps = { date: '2026-11-20', steps: 5000 };
  const accepted: Array<[string, unknown, { workouts: number; steps: number }]> = [
    ['the Test Connection ping', { workouts: [] }, { workouts: 0, steps: 0 }],
    [
      "TrailBuddy's Shortcut: workouts and steps",
      { workouts: [workout, workout], steps: [steps] },
      { workouts: 2, steps: 1 },
    ],
    ['steps only', { steps: [steps, steps] }, { workouts: 0, steps: 2 }],
    [
      'a Health Auto Export body (only step_count read from metrics)',
      {
        data: {
          workouts: [workout],
          metrics: [
            { name: 'step_count', units: 'count', data: [{ date: '2026-11-20 00:00:00 -0800', qty: 4000 }] },
            { name: 'heart_rate', units: 'bpm', data: [{ Avg: 70 }] },
          ],
        },
      },
      { workouts: 1, steps: 1 },
    ],
    ['Health Auto Export without the data wrapper', { workouts: [workout], metrics: [] }, { workouts: 1, steps: 0 }],
    ['a bare list of workouts', [workout, workout, workout], { workouts: 3, steps: 0 }],
    ['any of them as JSON text', JSON.stringify({ workouts: [workout] }), { workouts: 1, steps: 0 }],
  ];
  it.each(accepted)('accepts %s', (_, healthData, counts) => {
    const reading = readHealthData(healthData);
    if (!reading.ok) throw new Error(reading.message);
    expect({ workouts: reading.lists.workouts.length, steps: reading.lists.steps.length }).toEqual(counts);
  });

  const refused: Array<[string, unknown, RegExp]> = [
    ['a number', 42, /must be a list of workouts/],
    ['text that is not JSON', 'hello', /not JSON/],
    ['JSON text inside JSON text', JSON.stringify(JSON.stringify({ workouts: [] })), /must be a list of workouts/],
    ['an object without any list', { foo: 1 }, /must be a list of workouts/],
    ['workouts that are not a list', { workouts: 'x' }, /health_data\.workouts must be a list/],
    [
      'a Health Auto Export body with bad workouts',
      { data: { workouts: {} } },
      /health_data\.data\.workouts must be a list/,
    ],
    [
      'a step_count metric whose data is not a list',
      { metrics: [{ name: 'step_count', data: 5 }] },
      /step_count data must be a list/,
    ],
  ];
  it.each(refused)('refuses %s', (_, healthData, message) => {
    const reading = readHealthData(healthData);
    expect(reading.ok).toBe(false);
    expect(!reading.ok && reading.message).toMatch(message);
  });
});

describe("readHealthAutoExportData: Health Auto Export's body without our envelope", () => {
  it('reads data.workouts and the step_count metric, ignoring the other lists', () => {
    const reading = readHealthAutoExportData({
      workouts: [hae()],
      metrics: [{ name: 'step_count', units: 'count', data: [{ date: '2026-11-20 00:00:00 -0800', qty: 4000 }] }],
      stateOfMind: [{ id: 'x' }],
    });
    if (!reading.ok) throw new Error(reading.message);
    expect({ workouts: reading.lists.workouts.length, steps: reading.lists.steps.length }).toEqual({
      workouts: 1,
      steps: 1,
    });
  });

  it.each([
    ['a list', [hae()], /data must be an object/],
    ['text', '{"workouts": []}', /data must be an object/],
    ['an object with neither list', { ecg: [] }, /no workouts or metrics list/],
    ['metrics that are not a list', { metrics: {} }, /data\.metrics must be a list/],
  ])('refuses data that is %s', (_, data, message) => {
    const reading = readHealthAutoExportData(data);
    expect(!reading.ok && reading.message).toMatch(message);
  });
});

describe('ingest tokens', () => {
  it('are the prefix plus 32 random bytes in base64url, and need at least 32 bytes', () => {
    const token = ingestTokenFrom(Buffer.alloc(32, 7));
    expect(token).toMatch(/^tbah_[A-Za-z0-9_-]{43}$/);
    expect(() => ingestTokenFrom(Buffer.alloc(16))).toThrow(/32 random bytes/);
  });

  it('are stored as a SHA-256 hex digest', () => {
    expect(hashIngestToken('tbah_abc')).toMatch(/^[0-9a-f]{64}$/);
    expect(hashIngestToken('tbah_abc')).toBe(hashIngestToken('tbah_abc'));
    expect(hashIngestToken('tbah_abc')).not.toBe(hashIngestToken('tbah_abd'));
  });

  const headers: Array<[string | undefined, string | null]> = [
    ['Bearer tbah_xyz', 'tbah_xyz'],
    ['bearer   tbah_xyz  ', 'tbah_xyz'],
    [undefined, null],
    ['', null],
    ['tbah_xyz', null],
    ['Basic dXNlcjpwYXNz', null],
    ['Bearer a b', null],
    [`Bearer ${'x'.repeat(201)}`, null],
  ];
  it.each(headers)('Authorization %j gives %j', (header, token) => {
    expect(bearerToken(header)).toBe(token);
  });
});
