import { describe, expect, it } from 'vitest';
import {
  activityLevelLabel,
  activityScore,
  buildDailyAggregates,
  computeActivityMetrics,
  computeActivityMetricsFromActivities,
  emptyDailyAggregate,
  mergeDailyAggregates,
  possiblyPartialDates,
  sameDailyAggregate,
  shiftDate,
  totalsForLastDays,
} from '../../../functions/domain/metrics';
import { PROVIDER_TYPES } from '../../../functions/shared/schemas/activity';
import { ActivityMetrics, DailyAggregate } from '../../../functions/shared/schemas/metrics';
import { numberedActivities } from '../../support/unified-activity';

const VANCOUVER = 'America/Vancouver';
const activity = numberedActivities({
  user_id: 'user-1',
  name: 'Morning Run',
  duration_seconds: 1800,
  activity_level: 'active',
  fetched_at: '2025-06-10T12:00:00Z',
});

function day(date: string, fields: Partial<DailyAggregate> = {}): DailyAggregate {
  return { ...emptyDailyAggregate(date), ...fields };
}

/** A day with `sessions` sessions of `minutesEach` at `hour`, all of `type`. */
function sessionsDay(
  date: string,
  sessions: number,
  { minutesEach = 30, hour = 7, type = 'Run', steps = 0 } = {},
): DailyAggregate {
  const hours = new Array<number>(24).fill(0);
  hours[hour] = sessions;
  return day(date, {
    sessions,
    minutes: sessions * minutesEach,
    steps,
    types: sessions > 0 ? { [type]: sessions } : {},
    hours,
  });
}

describe('activityLevelLabel', () => {
  it.each([
    [0, 'Getting Started'],
    [19, 'Getting Started'],
    [20, 'Beginner'],
    [39, 'Beginner'],
    [40, 'Intermediate'],
    [59, 'Intermediate'],
    [60, 'Advanced'],
    [79, 'Advanced'],
    [80, 'Elite'],
    [100, 'Elite'],
  ] as const)('score %i is %s', (score, label) => {
    expect(activityLevelLabel(score)).toBe(label);
  });
});

describe('activityScore', () => {
  it.each([
    {
      case: 'nothing at all',
      weeklyMinutes: 0,
      weeklySessions: 0,
      dailySteps: 0,
      score: 0,
      label: 'Getting Started',
      points: { minutes: 0, sessions: 0, steps: 0 },
    },
    {
      case: 'every target met exactly',
      weeklyMinutes: 150,
      weeklySessions: 4,
      dailySteps: 10_000,
      score: 100,
      label: 'Elite',
      points: { minutes: 40, sessions: 30, steps: 30 },
    },
    {
      case: 'double every target (capped)',
      weeklyMinutes: 300,
      weeklySessions: 8,
      dailySteps: 20_000,
      score: 100,
      label: 'Elite',
      points: { minutes: 40, sessions: 30, steps: 30 },
    },
    {
      case: 'absurd values (capped)',
      weeklyMinutes: 1e9,
      weeklySessions: 1e9,
      dailySteps: 1e9,
      score: 100,
      label: 'Elite',
      points: { minutes: 40, sessions: 30, steps: 30 },
    },
    {
      case: 'minutes only',
      weeklyMinutes: 150,
      weeklySessions: 0,
      dailySteps: 0,
      score: 40,
      label: 'Intermediate',
      points: { minutes: 40, sessions: 0, steps: 0 },
    },
    {
      case: 'sessions only',
      weeklyMinutes: 0,
      weeklySessions: 4,
      dailySteps: 0,
      score: 30,
      label: 'Beginner',
      points: { minutes: 0, sessions: 30, steps: 0 },
    },
    {
      case: 'steps only',
      weeklyMinutes: 0,
      weeklySessions: 0,
      dailySteps: 10_000,
      score: 30,
      label: 'Beginner',
      points: { minutes: 0, sessions: 0, steps: 30 },
    },
    {
      case: 'half of everything',
      weeklyMinutes: 75,
      weeklySessions: 2,
      dailySteps: 5_000,
      score: 50,
      label: 'Intermediate',
      points: { minutes: 20, sessions: 15, steps: 15 },
    },
    {
      case: 'capped minutes, some sessions',
      weeklyMinutes: 600,
      weeklySessions: 3,
      dailySteps: 0,
      score: 63,
      label: 'Advanced',
      points: { minutes: 40, sessions: 22.5, steps: 0 },
    },
    // 19.5 points round up to 20: the label follows the score the user sees.
    {
      case: '19.5 points',
      weeklyMinutes: 0,
      weeklySessions: 0,
      dailySteps: 6_500,
      score: 20,
      label: 'Beginner',
      points: { minutes: 0, sessions: 0, steps: 19.5 },
    },
    {
      case: 'just under 19.5 points',
      weeklyMinutes: 0,
      weeklySessions: 0,
      dailySteps: 6_499,
      score: 19,
      label: 'Getting Started',
      points: { minutes: 0, sessions: 0, steps: 19.5 },
    },
    {
      case: '79.5 points',
      weeklyMinutes: 150,
      weeklySessions: 4,
      dailySteps: 3_166.67,
      score: 80,
      label: 'Elite',
      points: { minutes: 40, sessions: 30, steps: 9.5 },
    },
    {
      case: 'negative and NaN inputs count as nothing',
      weeklyMinutes: -50,
      weeklySessions: Number.NaN,
      dailySteps: -1,
      score: 0,
      label: 'Getting Started',
      points: { minutes: 0, sessions: 0, steps: 0 },
    },
  ])('$case → $score ($label)', ({ weeklyMinutes, weeklySessions, dailySteps, score, label, points }) => {
    expect(activityScore({ weeklyMinutes, weeklySessions, dailySteps })).toEqual({ score, label, points });
  });
});

describe('buildDailyAggregates', () => {
  it('puts a workout at 23:30 Vancouver time on that local day, not the UTC day', () => {
    const [only, ...rest] = buildDailyAggregates(
      [activity({ start_time: '2025-06-10T06:30:00Z', duration_seconds: 2700, distance_meters: 5000 })],
      VANCOUVER,
    );
    expect(rest).toEqual([]);
    expect(only).toMatchObject({ date: '2025-06-09', sessions: 1, minutes: 45, distanceMeters: 5000 });
    expect(only!.hours[23]).toBe(1);
    expect(only!.hours.reduce((a, b) => a + b, 0)).toBe(1);
  });

  it('sums one local day and keeps days apart, oldest first', () => {
    const days = buildDailyAggregates(
      [
        activity({
          start_time: '2025-06-02T15:00:00Z',
          activity_type: 'Ride',
          duration_seconds: 3600,
          distance_meters: 20_000,
          calories_burned: 600,
        }),
        activity({
          start_time: '2025-06-01T16:00:00Z',
          activity_type: 'Walk',
          duration_seconds: 1200,
          steps: 2000,
          distance_meters: 1500,
        }),
        activity({
          start_time: '2025-06-02T01:00:00Z',
          activity_type: 'Run',
          duration_seconds: 1800,
          calories_burned: 300,
        }), // 18:00 on 1 June locally
      ],
      VANCOUVER,
    );
    expect(days.map((d) => d.date)).toEqual(['2025-06-01', '2025-06-02']);
    expect(days[0]).toMatchObject({
      sessions: 2,
      minutes: 50,
      steps: 2000,
      distanceMeters: 1500,
      calories: 300,
      types: { Walk: 1, Run: 1 },
    });
    expect(days[0]!.hours[9]).toBe(1);
    expect(days[0]!.hours[18]).toBe(1);
    expect(days[1]).toMatchObject({
      sessions: 1,
      minutes: 60,
      steps: 0,
      distanceMeters: 20_000,
      calories: 600,
      types: { Ride: 1 },
    });
    expect(days[1]!.hours[8]).toBe(1);
  });

  it('counts sessions with missing values as sessions with zeros, and skips unreadable start times', () => {
    const days = buildDailyAggregates(
      [
        activity({
          start_time: '2025-06-01T16:00:00Z',
          duration_seconds: 0,
          steps: null,
          distance_meters: null,
          calories_burned: null,
        }),
        activity({ start_time: 'not a time' }),
        {
          provider_type: 'apple_health',
          activity_type: 'Swim',
          start_time: '2025-06-01T17:00:00Z',
          duration_seconds: Number.NaN,
        },
      ],
      VANCOUVER,
    );
    expect(days).toHaveLength(1);
    expect(days[0]).toMatchObject({
      date: '2025-06-01',
      sessions: 2,
      minutes: 0,
      steps: 0,
      distanceMeters: 0,
      calories: 0,
      types: { Run: 1, Swim: 1 },
    });
    for (const aggregate of days) expect(DailyAggregate.safeParse(aggregate).success).toBe(true);
  });

  it('returns nothing for no activities', () => {
    expect(buildDailyAggregates([], VANCOUVER)).toEqual([]);
  });

  it('assigns the hour twice lived at the November fall-back to hour 1 both times', () => {
    const [only] = buildDailyAggregates(
      [activity({ start_time: '2025-11-02T08:30:00Z' }), activity({ start_time: '2025-11-02T09:30:00Z' })],
      VANCOUVER,
    );
    expect(only).toMatchObject({ date: '2025-11-02', sessions: 2 });
    expect(only!.hours[1]).toBe(2);
  });
});

describe('computeActivityMetrics', () => {
  // Noon in Vancouver on Tuesday 10 June 2025; the 28-day window is 14 May – 10 June.
  const clock = { now: new Date('2025-06-10T19:00:00Z'), timeZone: VANCOUVER };

  it('computes every figure from activities, with local days and hours', () => {
    const activities = [
      activity({
        start_time: '2025-06-10T06:30:00Z',
        activity_type: 'Run',
        duration_seconds: 3600,
        distance_meters: 10_000,
      }), // 9 June 23:30
      activity({ start_time: '2025-05-14T07:15:00Z', activity_type: 'Ride', duration_seconds: 5400 }), // 14 May 00:15: first day of the window
      activity({ start_time: '2025-05-14T06:45:00Z', activity_type: 'Hike', duration_seconds: 7200 }), // 13 May 23:45: outside, though 14 May in UTC
      activity({ start_time: '2025-06-01T16:00:00Z', activity_type: 'Walk', duration_seconds: 3000, steps: 8000 }), // 1 June 09:00
    ];
    const { metrics, dailyAggregates } = computeActivityMetricsFromActivities(activities, clock);

    expect(dailyAggregates.map((d) => d.date)).toEqual(['2025-05-13', '2025-05-14', '2025-06-01', '2025-06-09']);
    // In the window: 3600 + 5400 + 3000 s = 200 min and 3 sessions over 4 weeks; 8000 steps over 28 days.
    expect(metrics).toEqual({
      calculatedAt: '2025-06-10T19:00:00.000Z',
      timeZone: VANCOUVER,
      windowStart: '2025-05-14',
      windowEnd: '2025-06-10',
      weeklyMinutes: 50,
      weeklySessions: 0.75,
      weeklySteps: 2000,
      dailySteps: 286,
      // 50/150·40 = 13.33, 0.75/4·30 = 5.625, 285.7/10000·30 = 0.857: 19.8 rounds to 20.
      activityScore: 20,
      activityLevelLabel: 'Beginner',
      scorePoints: { minutes: 13.3, sessions: 5.6, steps: 0.9 },
      // The activities' sources and what their data shows: no calories anywhere.
      measured: ['minutes', 'sessions', 'distance', 'steps'],
      preferredHours: [
        { hour: 23, sessions: 2 },
        { hour: 0, sessions: 1 },
        { hour: 9, sessions: 1 },
      ],
      topActivityTypes: [
        { type: 'Hike', sessions: 1 },
        { type: 'Ride', sessions: 1 },
        { type: 'Run', sessions: 1 },
      ],
      daysActive: 4,
      daysActivePercent: 1.1,
    });
    expect(ActivityMetrics.parse(metrics)).toEqual(metrics);
  });

  it('gives zeros, Getting Started and empty lists for no data', () => {
    const metrics = computeActivityMetrics([], clock, PROVIDER_TYPES);
    expect(metrics).toMatchObject({
      weeklyMinutes: 0,
      weeklySessions: 0,
      weeklySteps: 0,
      dailySteps: 0,
      activityScore: 0,
      activityLevelLabel: 'Getting Started',
      preferredHours: [],
      topActivityTypes: [],
      daysActive: 0,
      daysActivePercent: 0,
    });
    expect(ActivityMetrics.safeParse(metrics).success).toBe(true);
  });

  it('never scores above 100, however much activity there is', () => {
    const days = Array.from({ length: 28 }, (_, i) =>
      sessionsDay(shiftDate('2025-05-14', i), 20, { minutesEach: 300, steps: 200_000 }),
    );
    const metrics = computeActivityMetrics(days, clock, PROVIDER_TYPES);
    expect(metrics.activityScore).toBe(100);
    expect(metrics.activityLevelLabel).toBe('Elite');
    expect(metrics.scorePoints).toEqual({ minutes: 40, sessions: 30, steps: 30 });
    expect(ActivityMetrics.safeParse(metrics).success).toBe(true);
  });

  it('counts distinct active days over the last 365 local days, today included', () => {
    const metrics = computeActivityMetrics(
      [
        sessionsDay('2024-06-10', 1), // 365 days ago: outside
        sessionsDay('2024-06-11', 1), // first day of the 365
        sessionsDay('2025-01-01', 3), // three sessions, one day
        sessionsDay('2025-06-10', 1), // today
        sessionsDay('2025-06-11', 1), // tomorrow: not yet
        day('2025-03-01'), // an aggregate with no sessions is not an active day
      ],
      clock,
      PROVIDER_TYPES,
    );
    expect(metrics.daysActive).toBe(3);
    expect(metrics.daysActivePercent).toBe(0.8); // 3 / 365
  });

  it('ranks preferred hours and types by sessions, ties by hour and by name', () => {
    const metrics = computeActivityMetrics(
      [
        sessionsDay('2025-06-01', 2, { hour: 18, type: 'Ride' }),
        sessionsDay('2025-06-02', 2, { hour: 6, type: 'Run' }),
        sessionsDay('2025-06-03', 3, { hour: 12, type: 'Hike' }),
        sessionsDay('2025-06-04', 1, { hour: 5, type: 'Swim' }),
        sessionsDay('2025-06-05', 2, { hour: 7, type: 'Walk' }),
      ],
      clock,
      PROVIDER_TYPES,
    );
    expect(metrics.preferredHours).toEqual([
      { hour: 12, sessions: 3 },
      { hour: 6, sessions: 2 },
      { hour: 7, sessions: 2 },
    ]);
    expect(metrics.topActivityTypes).toEqual([
      { type: 'Hike', sessions: 3 },
      { type: 'Ride', sessions: 2 },
      { type: 'Run', sessions: 2 },
    ]);
  });

  it.each([
    // Spring: window 21 Feb – 20 Mar 2025; 21 Feb starts at 08:00 UTC (PST) while 'now' is in PDT.
    {
      season: 'March (DST starts)',
      now: '2025-03-20T19:00:00Z',
      inside: '2025-02-21T08:15:00Z',
      outside: '2025-02-21T07:45:00Z',
    },
    // Autumn: window 24 Oct – 20 Nov 2025; 24 Oct starts at 07:00 UTC (PDT) while 'now' is in PST.
    {
      season: 'November (DST ends)',
      now: '2025-11-20T20:00:00Z',
      inside: '2025-10-24T07:15:00Z',
      outside: '2025-10-24T06:45:00Z',
    },
  ])('the 28-day window starts at local midnight across the $season change', ({ now, inside, outside }) => {
    const { metrics } = computeActivityMetricsFromActivities(
      [
        activity({ start_time: inside, duration_seconds: 3600 }),
        activity({ start_time: outside, duration_seconds: 7200 }),
      ],
      { now: new Date(now), timeZone: VANCOUVER },
    );
    expect(metrics.weeklySessions).toBe(0.25);
    expect(metrics.weeklyMinutes).toBe(15);
    expect(metrics.daysActive).toBe(2);
  });

  it('uses the time zone it is given', () => {
    // 06:30 UTC on 10 June: 23:30 on 9 June in Vancouver, 12:00 on 10 June in Kolkata.
    const activities = [activity({ start_time: '2025-06-10T06:30:00Z' })];
    const now = new Date('2025-06-10T07:00:00Z');
    expect(
      computeActivityMetricsFromActivities(activities, { now, timeZone: VANCOUVER }).metrics.preferredHours,
    ).toEqual([{ hour: 23, sessions: 1 }]);
    expect(
      computeActivityMetricsFromActivities(activities, { now, timeZone: 'Asia/Kolkata' }).metrics.preferredHours,
    ).toEqual([{ hour: 12, sessions: 1 }]);
    expect(() => computeActivityMetrics([], { now, timeZone: 'Nowhere/Special' }, PROVIDER_TYPES)).toThrow(
      /Unknown time zone/,
    );
  });
});

describe('totalsForLastDays', () => {
  const aggregates = buildDailyAggregates(
    [
      activity({ start_time: '2025-06-03T06:50:00Z', duration_seconds: 600, steps: 100 }), // 2 June 23:50 local: 8 days before the 10th
      activity({ start_time: '2025-06-04T07:10:00Z', duration_seconds: 1200, steps: 200 }), // 4 June 00:10 local
      activity({ start_time: '2025-06-10T06:50:00Z', duration_seconds: 1800, steps: 400 }), // 9 June 23:50 local
      activity({ start_time: '2025-06-10T07:10:00Z', duration_seconds: 2400, steps: 800 }), // 10 June 00:10 local
    ],
    VANCOUVER,
  );

  it.each([
    // Just after midnight on 10 June: the last 7 days are 4–10 June.
    { at: '00:30 on 10 June', now: '2025-06-10T07:30:00Z', sessions: 3, minutes: 90, steps: 1400 },
    // Just before midnight on 9 June: 3–9 June, so the 10 June workout has not happened and 4 June is in.
    { at: '23:55 on 9 June', now: '2025-06-10T06:55:00Z', sessions: 2, minutes: 50, steps: 600 },
    // A week later at 00:30 on 11 June: 5–11 June.
    { at: '00:30 on 11 June', now: '2025-06-11T07:30:00Z', sessions: 2, minutes: 70, steps: 1200 },
  ])('the last 7 days at $at local', ({ now, sessions, minutes, steps }) => {
    expect(totalsForLastDays(aggregates, { now: new Date(now), timeZone: VANCOUVER }, 7)).toMatchObject({
      sessions,
      minutes,
      steps,
    });
  });
});

describe('mergeDailyAggregates', () => {
  const stored = [sessionsDay('2025-06-01', 2), sessionsDay('2025-06-02', 3), sessionsDay('2025-06-03', 1)];

  it.each([
    {
      case: 'days without raw data keep their stored aggregate',
      fresh: [],
      partial: [],
      expected: { '2025-06-01': 2, '2025-06-02': 3, '2025-06-03': 1 },
    },
    {
      case: 'a day with raw data is recomputed, also downwards',
      fresh: [sessionsDay('2025-06-03', 4), sessionsDay('2025-06-02', 1)],
      partial: [],
      expected: { '2025-06-01': 2, '2025-06-02': 1, '2025-06-03': 4 },
    },
    {
      case: 'a partial day never shrinks',
      fresh: [sessionsDay('2025-06-02', 1), sessionsDay('2025-06-03', 1)],
      partial: ['2025-06-02'],
      expected: { '2025-06-01': 2, '2025-06-02': 3, '2025-06-03': 1 },
    },
    {
      case: 'a partial day can grow',
      fresh: [sessionsDay('2025-06-02', 5)],
      partial: ['2025-06-02'],
      expected: { '2025-06-01': 2, '2025-06-02': 5, '2025-06-03': 1 },
    },
    {
      case: 'new days are added in date order',
      fresh: [sessionsDay('2025-06-05', 1), sessionsDay('2025-05-30', 2)],
      partial: [],
      expected: { '2025-05-30': 2, '2025-06-01': 2, '2025-06-02': 3, '2025-06-03': 1, '2025-06-05': 1 },
    },
  ])('$case', ({ fresh, partial, expected }) => {
    const merged = mergeDailyAggregates(stored, fresh, new Set(partial));
    expect(Object.fromEntries(merged.map((d) => [d.date, d.sessions]))).toEqual(expected);
    expect(merged.map((d) => d.date)).toEqual(Object.keys(expected).sort());
  });
});

describe('possiblyPartialDates', () => {
  it("is each provider's oldest local day", () => {
    const dates = possiblyPartialDates(
      [
        activity({ provider_type: 'strava', start_time: '2025-06-05T18:00:00Z' }),
        activity({ provider_type: 'strava', start_time: '2025-06-03T06:30:00Z' }), // 2 June 23:30 local
        activity({ provider_type: 'apple_health', start_time: '2025-06-08T18:00:00Z' }),
        activity({ provider_type: 'apple_health', start_time: '2025-06-09T18:00:00Z' }),
      ],
      VANCOUVER,
    );
    expect([...dates].sort()).toEqual(['2025-06-02', '2025-06-08']);
  });
});

describe('sameDailyAggregate', () => {
  const base = sessionsDay('2025-06-01', 2, { steps: 100 });
  it.each([
    { case: 'an identical copy', other: structuredClone(base), same: true },
    { case: 'another date', other: { ...base, date: '2025-06-02' }, same: false },
    { case: 'other minutes', other: { ...base, minutes: base.minutes + 1 }, same: false },
    { case: 'other steps', other: { ...base, steps: 101 }, same: false },
    { case: 'other hours', other: { ...base, hours: [...base.hours.slice(0, 23), 1] }, same: false },
    { case: 'another type', other: { ...base, types: { Ride: 2 } }, same: false },
    { case: 'an extra type', other: { ...base, types: { ...base.types, Ride: 1 } }, same: false },
  ])('$case → $same', ({ other, same }) => {
    expect(sameDailyAggregate(base, other)).toBe(same);
  });
});
