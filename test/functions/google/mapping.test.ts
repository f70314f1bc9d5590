import { describe, expect, it } from 'vitest';
import {
  dailyStepsActivity,
  DAILY_STEPS_ACTIVITY_THRESHOLD,
  fitActivities,
  FitBucket,
  googleActivityType,
  mapFitSession,
  readFitDays,
  type FitDay,
} from '../../../functions/domain/google-fit';
import {
  canReadFitArea,
  GOOGLE_FIT_SCOPES,
  hasFitnessScope,
  idTokenSubject,
  parseGoogleScopes,
} from '../../../functions/domain/google-fit-oauth';
import { bucketDate, localMidnightMs, syncWindow } from '../../../functions/domain/google-fit-time';

const ZONE = 'America/Vancouver';
const context = { userId: 'user-1', fetchedAt: new Date('2026-05-20T12:00:00.000Z'), timeZone: ZONE };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// Local midnight, May 10 2026 in Vancouver (PDT).
const MAY_10 = Date.parse('2026-05-10T07:00:00.000Z');

function session(overrides: Record<string, unknown> = {}) {
  return {
    id: 's1',
    name: 'Morning run',
    activityType: 8,
    startTimeMillis: String(MAY_10 + 8 * HOUR),
    endTimeMillis: String(MAY_10 + 9 * HOUR),
    application: { packageName: 'com.google.android.apps.fitness' },
    ...overrides,
  };
}

/** A daily bucket as Google sends it, with whichever measurements are given. */
function bucket(
  startMs: number,
  values: {
    steps?: number;
    calories?: number;
    distance?: number;
    heart?: [number, number, number];
    firstStepMs?: number;
  },
): FitBucket {
  const point = (type: string, value: unknown[], startMs2 = startMs) => ({
    startTimeNanos: `${startMs2}000000`,
    endTimeNanos: `${startMs + DAY}000000`,
    dataTypeName: type,
    value,
  });
  const dataset = (source: string, points: ReturnType<typeof point>[]) => ({
    dataSourceId: `derived:${source}:com.google.android.gms:aggregated`,
    point: points,
  });
  // Parsed as the adapter parses Google's answer: int64 as strings, nanosecond times read as milliseconds.
  return FitBucket.parse({
    startTimeMillis: String(startMs),
    endTimeMillis: String(startMs + DAY),
    dataset: [
      dataset(
        'com.google.step_count.delta',
        values.steps === undefined
          ? []
          : [point('com.google.step_count.delta', [{ intVal: values.steps }], values.firstStepMs ?? startMs)],
      ),
      dataset(
        'com.google.calories.expended',
        values.calories === undefined ? [] : [point('com.google.calories.expended', [{ fpVal: values.calories }])],
      ),
      dataset(
        'com.google.distance.delta',
        values.distance === undefined ? [] : [point('com.google.distance.delta', [{ fpVal: values.distance }])],
      ),
      dataset(
        'com.google.heart_rate.summary',
        values.heart === undefined
          ? []
          : [
              point(
                'com.google.heart_rate.summary',
                values.heart.map((fpVal) => ({ fpVal })),
              ),
            ],
      ),
    ],
  });
}

const day = (overrides: Partial<FitDay> = {}): FitDay => ({
  date: '2026-05-10',
  startMs: MAY_10 + 7 * HOUR,
  steps: 6000,
  calories: 1900,
  distanceMeters: 4500,
  heartRateAvg: 72,
  heartRateMax: 120,
  ...overrides,
});

describe('Google activity type codes (spec §9)', () => {
  it.each([
    [7, 'walking'],
    [8, 'running'],
    [1, 'cycling'],
    [72, 'gym'],
    [109, 'swimming'],
    [112, 'hiking'],
    [0, 'workout'],
    [9, 'workout'],
    [35, 'workout'],
    [80, 'workout'],
    [-1, 'workout'],
  ])('code %i is %s', (code, type) => {
    expect(googleActivityType(code)).toBe(type);
    expect(mapFitSession(session({ activityType: code }), context).activity_type).toBe(type);
  });
});

describe('session level by duration (spec §9: over 3600 s very_active, over 1800 active, over 900 moderate, else light)', () => {
  it.each([
    [60, 'light'],
    [900, 'light'],
    [901, 'moderate'],
    [1800, 'moderate'],
    [1801, 'active'],
    [3600, 'active'],
    [3601, 'very_active'],
    [4 * 3600, 'very_active'],
  ])('%i s is %s', (seconds, level) => {
    const mapped = mapFitSession(
      session({ startTimeMillis: String(MAY_10), endTimeMillis: String(MAY_10 + seconds * 1000) }),
      context,
    );
    expect(mapped.duration_seconds).toBe(seconds);
    expect(mapped.activity_level).toBe(level);
  });
});

describe('a session as a unified activity', () => {
  it('keeps id, name, start and duration; leaves what Google does not give per session empty', () => {
    expect(mapFitSession(session(), context)).toEqual({
      user_id: 'user-1',
      provider_type: 'google_health',
      provider_activity_id: 'session:s1',
      activity_type: 'running',
      name: 'Morning run',
      start_time: '2026-05-10T15:00:00.000Z',
      duration_seconds: 3600,
      distance_meters: null,
      calories_burned: null,
      steps: null,
      heart_rate_avg: null,
      heart_rate_max: null,
      activity_level: 'active',
      elevation_gain_meters: null,
      average_speed_mps: null,
      fetched_at: '2026-05-20T12:00:00.000Z',
    });
  });

  it.each([
    ['a missing name', { name: undefined }, 'Run'],
    ['a blank name', { name: '  ' }, 'Run'],
    ['a null name on an unknown code', { name: null, activityType: 4 }, 'Workout'],
  ])('names a session with %s by its type', (_case, overrides, name) => {
    expect(mapFitSession(session(overrides), context).name).toBe(name);
  });

  it('accepts int64 millis as numbers too', () => {
    expect(
      mapFitSession(session({ startTimeMillis: MAY_10, endTimeMillis: MAY_10 + 1000 }), context).duration_seconds,
    ).toBe(1);
  });
});

describe('daily step summaries (spec §5/§9)', () => {
  it.each([
    ['exactly 1000 steps', 1000, false, null],
    ['1001 steps', 1001, false, 'light'],
    ['5000 steps', 5000, false, 'light'],
    ['5001 steps', 5001, false, 'moderate'],
    ['10000 steps', 10_000, false, 'moderate'],
    ['10001 steps', 10_001, false, 'active'],
    ['25000 steps', 25_000, false, 'active'],
    ['12000 steps on a day with a workout', 12_000, true, null],
    ['0 steps', 0, false, null],
  ])('%s → %s', (_case, steps, hasWorkout, level) => {
    const workoutDates = new Set(hasWorkout ? ['2026-05-10'] : []);
    const activity = dailyStepsActivity(day({ steps }), workoutDates, context);
    if (level === null) expect(activity).toBeNull();
    else
      expect(activity).toMatchObject({
        activity_level: level,
        steps,
        activity_type: 'walking',
        name: 'Daily steps',
        provider_activity_id: 'day:2026-05-10',
        duration_seconds: 0,
      });
  });

  it('the threshold is the spec value', () => {
    expect(DAILY_STEPS_ACTIVITY_THRESHOLD).toBe(1000);
  });

  it('carries the day totals (empty measurements as null)', () => {
    expect(dailyStepsActivity(day(), new Set(), context)).toMatchObject({
      distance_meters: 4500,
      calories_burned: 1900,
      heart_rate_avg: 72,
      heart_rate_max: 120,
      start_time: new Date(MAY_10 + 7 * HOUR).toISOString(),
    });
    expect(
      dailyStepsActivity(
        day({ distanceMeters: 0, calories: 0, heartRateAvg: null, heartRateMax: null }),
        new Set(),
        context,
      ),
    ).toMatchObject({ distance_meters: null, calories_burned: null, heart_rate_avg: null, heart_rate_max: null });
  });
});

describe('reading daily buckets: days kept only with steps or calories above 0', () => {
  it.each([
    ['steps and calories', { steps: 800, calories: 1600 }, true],
    ['steps only', { steps: 20 }, true],
    ['calories only', { calories: 1500 }, true],
    ['distance and heart rate only', { distance: 300, heart: [60, 80, 50] as [number, number, number] }, false],
    ['zero values', { steps: 0, calories: 0 }, false],
    ['no data at all', {}, false],
  ])('a day with %s kept: %s', (_case, values, kept) => {
    expect(readFitDays([bucket(MAY_10, values)], ZONE)).toHaveLength(kept ? 1 : 0);
  });

  it('reads each measurement by its type, whatever the dataset order, and starts the day at its first step', () => {
    const b = bucket(MAY_10, {
      steps: 7321,
      calories: 2100.46,
      distance: 5012.34,
      heart: [71.44, 131, 52],
      firstStepMs: MAY_10 + 7 * HOUR + 5 * 60_000,
    });
    b.dataset.reverse();
    expect(readFitDays([b], ZONE)).toEqual([
      {
        date: '2026-05-10',
        startMs: MAY_10 + 7 * HOUR + 5 * 60_000,
        steps: 7321,
        calories: 2100.5,
        distanceMeters: 5012.3,
        heartRateAvg: 71.4,
        heartRateMax: 131,
      },
    ]);
  });

  it('names each bucket by the local day it stands for, across a DST switch too', () => {
    // Nov 1 2026: Vancouver falls back; 24 h buckets from the Oct 31 midnight start an hour early after it.
    const oct31 = localMidnightMs('2026-10-31', ZONE);
    const days = readFitDays(
      [0, 1, 2].map((i) => bucket(oct31 + i * DAY, { steps: 2000 })),
      ZONE,
    );
    expect(days.map((d) => d.date)).toEqual(['2026-10-31', '2026-11-01', '2026-11-02']);
    expect(bucketDate(oct31 + 2 * DAY, ZONE)).toBe('2026-11-02');
  });

  it('ignores negative or non-finite values', () => {
    expect(readFitDays([bucket(MAY_10, { steps: -5, calories: -1 })], ZONE)).toEqual([]);
  });
});

describe('one sync: sessions plus daily buckets', () => {
  it('turns step days into activities only when no workout started that local day, and skips unreadable sessions', () => {
    const may11 = MAY_10 + DAY;
    const may12 = MAY_10 + 2 * DAY;
    const result = fitActivities(
      {
        buckets: [
          bucket(MAY_10, { steps: 12_000, calories: 2200 }),
          bucket(may11, { steps: 9000, calories: 2000 }),
          bucket(may12, { steps: 600, calories: 1700 }),
        ],
        sessions: [
          // Late evening in Vancouver on May 10, already May 11 in UTC: it makes May 10 a workout day.
          session({
            id: 'late',
            startTimeMillis: String(MAY_10 + 23 * HOUR),
            endTimeMillis: String(MAY_10 + 23.5 * HOUR),
          }),
          session({ id: 'broken', startTimeMillis: 'soon' }),
          session({ id: 'backwards', startTimeMillis: String(may11 + 2 * HOUR), endTimeMillis: String(may11 + HOUR) }),
        ],
      },
      context,
    );
    expect(result.activities.map((a) => a.activity.provider_activity_id)).toEqual(['session:late', 'day:2026-05-11']);
    expect(result.skipped).toHaveLength(2);
    expect(result.activities[1]!.raw).toMatchObject({ startTimeMillis: may11 });
    expect(result.activities[0]!.raw).toMatchObject({ id: 'late' });
  });
});

describe('Google OAuth scopes', () => {
  it('asks for the spec §6 scopes', () => {
    expect(GOOGLE_FIT_SCOPES).toEqual([
      'openid',
      'email',
      'profile',
      'https://www.googleapis.com/auth/fitness.activity.read',
      'https://www.googleapis.com/auth/fitness.body.read',
      'https://www.googleapis.com/auth/fitness.location.read',
      'https://www.googleapis.com/auth/fitness.heart_rate.read',
      'https://www.googleapis.com/auth/fitness.sleep.read',
    ]);
  });

  it.each([
    ['openid https://www.googleapis.com/auth/fitness.activity.read', true],
    ['https://www.googleapis.com/auth/fitness.sleep.read', true],
    ['https://www.googleapis.com/auth/fitness.body.write', true],
    ['openid email profile', false],
    ['https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/drive', false],
    ['https://www.googleapis.com/auth/fitness.activity.readonly', false],
    ['https://evil.example/auth/fitness.activity.read', false],
    ['', false],
  ])('%j counts as a fitness grant: %s', (scope, expected) => {
    expect(hasFitnessScope(parseGoogleScopes(scope))).toBe(expected);
  });

  it('parses space-separated scopes, dropping duplicates and blanks', () => {
    expect(parseGoogleScopes(' openid  email openid ')).toEqual(['openid', 'email']);
    expect(parseGoogleScopes(undefined)).toEqual([]);
  });

  it('knows which scope reads which area', () => {
    const scopes = [
      'https://www.googleapis.com/auth/fitness.activity.read',
      'https://www.googleapis.com/auth/fitness.body.write',
    ];
    expect(canReadFitArea(scopes, 'activity')).toBe(true);
    expect(canReadFitArea(scopes, 'body')).toBe(true);
    expect(canReadFitArea(scopes, 'location')).toBe(false);
  });

  it('reads the subject of an ID token, and nothing from junk', () => {
    const token = (claims: unknown) => `h.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.s`;
    expect(idTokenSubject(token({ sub: '123' }))).toBe('123');
    expect(idTokenSubject(token({ sub: 5 }))).toBeNull();
    expect(idTokenSubject('not-a-jwt')).toBeNull();
    expect(idTokenSubject('a.%%%.b')).toBeNull();
    expect(idTokenSubject(undefined)).toBeNull();
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
