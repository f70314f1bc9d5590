import { describe, expect, it } from 'vitest';
import {
  MATCH_WEIGHTS,
  matchPartner,
  timeOfDayOf,
  visibleReasons,
  type MatchSubject,
} from '../../../functions/domain/matching';
import { outdoorActivityOf, paceBandsFromDailyAggregates } from '../../../functions/domain/matching-pace';
import type { DailyAggregate } from '../../../functions/shared/schemas/metrics';
import { compatibilityBand } from '../../../functions/shared/schemas/partners';
import { SHAREABLE_FIELDS } from '../../../functions/shared/schemas/profile';

const base: MatchSubject = {
  homeArea: 'north-vancouver',
  activities: ['running', 'hiking'],
  availability: ['weekends', 'mornings'],
  level: { label: 'Intermediate', score: 50 },
  preferredHours: [7],
  paceBands: { running: 'steady' },
};
const subject = (overrides: Partial<MatchSubject> = {}): MatchSubject => ({ ...base, ...overrides });

describe('matchPartner', () => {
  it('gives 100 to someone who matches on every factor, with reasons naming what is shared', () => {
    const result = matchPartner(base, subject());
    expect(result.compatibility).toBe(100);
    expect(result.notCompared).toEqual([]);
    expect(result.sharedActivities).toEqual(['running', 'hiking']);
    expect(result.reasons.map((r) => r.text)).toEqual([
      'both run mornings',
      'both enjoy running and hiking',
      'both free on weekends',
      'same level: Intermediate',
      'similar running pace',
      'both in North Vancouver',
    ]);
  });

  it.each([
    // [what differs, candidate, expected compatibility]
    [
      'no shared activity',
      { activities: ['cycling'] as const, paceBands: {} },
      100 - MATCH_WEIGHTS.activities - MATCH_WEIGHTS.pace / 2,
    ],
    ['one of two activities shared (min-normalised)', { activities: ['running'] as const }, 100],
    ['a neighbouring area', { homeArea: 'west-vancouver' as const }, 100 - MATCH_WEIGHTS.area / 2],
    ['a place up the Sea-to-Sky, within 50 km', { homeArea: 'squamish' as const }, 100 - MATCH_WEIGHTS.area / 2],
    ['across the water, Surrey (22 km)', { homeArea: 'surrey' as const }, 100 - MATCH_WEIGHTS.area / 2],
    ['a ferry away (Victoria)', { homeArea: 'victoria' as const }, 100 - MATCH_WEIGHTS.area],
    ['another region (Kelowna)', { homeArea: 'kelowna' as const }, 100 - MATCH_WEIGHTS.area],
    ['score 15 apart', { level: { label: 'Intermediate' as const, score: 65 } }, 100 - 0.3 * MATCH_WEIGHTS.level],
    ['score 30 apart', { level: { label: 'Advanced' as const, score: 80 } }, 100 - 0.65 * MATCH_WEIGHTS.level],
    ['score 50 apart', { level: { label: 'Elite' as const, score: 100 } }, 100 - MATCH_WEIGHTS.level],
    ['pace one band apart', { paceBands: { running: 'fast' as const } }, 100 - MATCH_WEIGHTS.pace / 2],
    ['weekdays only', { availability: ['weekdays', 'mornings'] as const }, 100 - MATCH_WEIGHTS.days],
    [
      'evenings only',
      { availability: ['weekends', 'evenings'] as const, preferredHours: [19] },
      100 - MATCH_WEIGHTS.timeOfDay,
    ],
  ])('scores %s', (_what, overrides, expected) => {
    expect(matchPartner(base, subject(overrides as Partial<MatchSubject>)).compatibility).toBe(Math.round(expected));
  });

  it.each([
    ['the searcher has no metrics', { level: null }, {}, ['level']],
    ['the candidate has no pace data', {}, { paceBands: {} }, ['pace']],
    ['the searcher set no area', { homeArea: null }, {}, ['area']],
    [
      'neither says which days',
      { availability: ['mornings'] as const },
      { availability: ['mornings'] as const },
      ['days'],
    ],
    [
      'the searcher has no preferred times at all',
      { availability: [] as const, preferredHours: [] },
      {},
      ['days', 'timeOfDay'],
    ],
    ['the searcher set no activities', { activities: [] as const }, {}, ['activities', 'pace']],
  ])(
    'leaves a factor out (half its points) when %s, and says so',
    (_what, searcherOverrides, candidateOverrides, notCompared) => {
      const result = matchPartner(
        subject(searcherOverrides as Partial<MatchSubject>),
        subject(candidateOverrides as Partial<MatchSubject>),
      );
      expect([...result.notCompared].sort()).toEqual([...notCompared].sort());
      const missing = notCompared.reduce(
        (sum, factor) => sum + MATCH_WEIGHTS[factor as keyof typeof MATCH_WEIGHTS] / 2,
        0,
      );
      expect(result.compatibility).toBe(Math.round(100 - missing));
    },
  );

  it('derives time of day from preferred start hours as well as stated availability', () => {
    const searcher = subject({ availability: ['weekends'], preferredHours: [18] });
    const candidate = subject({ availability: ['weekends', 'evenings'], preferredHours: [] });
    // Only the candidate states evenings: the shared time is said to come from the searcher's recorded activity.
    expect(matchPartner(searcher, candidate).reasons[0]!.text).toBe(
      'both often start evenings, by their recorded activity',
    );
  });

  it('never says "both run mornings" beside an availability of weekends and evenings', () => {
    // The candidate's runs start at 7, yet they state weekends and evenings: the sentence follows what each states.
    const searcher = subject({ availability: ['weekends', 'mornings'], preferredHours: [] });
    const candidate = subject({ availability: ['weekends', 'evenings'], preferredHours: [7] });
    const texts = matchPartner(searcher, candidate).reasons.map((reason) => reason.text);
    expect(texts).not.toContain('both run mornings');
    expect(texts[0]).toBe('both often start mornings, by their recorded activity');
    const stated = matchPartner(searcher, subject({ availability: ['mornings'], preferredHours: [] }));
    expect(stated.reasons[0]!.text).toBe('both run mornings');
  });

  it('falls back to days, then to the activity alone, for the first reason', () => {
    const onDays = matchPartner(
      subject({ availability: ['weekends'], preferredHours: [] }),
      subject({ availability: ['weekends'], preferredHours: [] }),
    );
    expect(onDays.reasons[0]!.text).toBe('both run on weekends');
    const activityOnly = matchPartner(
      subject({ activities: ['cycling'], availability: [], preferredHours: [] }),
      subject({ activities: ['cycling', 'hiking'] }),
    );
    expect(activityOnly.reasons[0]!.text).toBe('both enjoy cycling');
  });

  it('says "similar level" one label apart, and nothing about level further apart', () => {
    expect(
      matchPartner(base, subject({ level: { label: 'Advanced', score: 62 } })).reasons.map((r) => r.text),
    ).toContain('similar level: Advanced');
    expect(
      matchPartner(base, subject({ level: { label: 'Elite', score: 90 } })).reasons.some((r) =>
        r.text.includes('level'),
      ),
    ).toBe(false);
  });

  it('scores pace two bands apart as no match on pace', () => {
    const fastRunner = subject({ paceBands: { running: 'fast' } });
    expect(matchPartner(fastRunner, subject({ paceBands: { running: 'relaxed' } })).compatibility).toBe(
      100 - MATCH_WEIGHTS.pace,
    );
  });

  it('never goes below 0 or above 100', () => {
    const opposite = matchPartner(base, {
      homeArea: 'prince-george',
      activities: ['swimming'],
      availability: ['weekdays', 'evenings'],
      level: { label: 'Elite', score: 100 },
      preferredHours: [20],
      paceBands: {},
    });
    expect(opposite.compatibility).toBeGreaterThanOrEqual(0);
    expect(opposite.compatibility).toBeLessThan(20);
    expect(opposite.reasons).toEqual([]);
  });
});

describe('visibleReasons', () => {
  const { reasons } = matchPartner(base, subject());
  it.each([
    [[...SHAREABLE_FIELDS], 6],
    [['homeArea'], 1],
    [['activities'], 1],
    [['activities', 'availability'], 3],
    [['level'], 1],
    [[], 0],
  ] as const)('with visible fields %j shows %i reasons', (visible, count) => {
    expect(visibleReasons(reasons, visible)).toHaveLength(count);
  });

  it('never names an area the candidate keeps private', () => {
    const shown = visibleReasons(reasons, ['activities', 'availability', 'level', 'bio']);
    expect(shown.join(' ')).not.toContain('North Vancouver');
  });
});

describe('timeOfDayOf', () => {
  it.each([
    [4, null],
    [5, 'mornings'],
    [10, 'mornings'],
    [11, 'midday'],
    [16, 'midday'],
    [17, 'evenings'],
    [21, 'evenings'],
    [22, null],
  ])('hour %i is %s', (hour, expected) => expect(timeOfDayOf(hour)).toBe(expected));
});

describe('compatibilityBand (spec §9: 90+ green, 80+ blue, 70+ yellow, else red)', () => {
  it.each([
    [100, 'green'],
    [90, 'green'],
    [89, 'blue'],
    [80, 'blue'],
    [79, 'yellow'],
    [70, 'yellow'],
    [69, 'red'],
    [0, 'red'],
  ])('%i → %s', (percent, band) => expect(compatibilityBand(percent)).toBe(band));
});

describe('outdoorActivityOf', () => {
  it.each([
    ['Run', 'running'],
    ['TrailRun', 'running'],
    ['VirtualRun', 'running'],
    ['Ride', 'cycling'],
    ['MountainBikeRide', 'cycling'],
    ['Hike', 'hiking'],
    ['Walk', 'hiking'],
    ['Swim', 'swimming'],
    ['AlpineSki', 'skiing'],
    ['Snowboard', 'skiing'],
    ['RockClimbing', 'climbing'],
    ['Yoga', null],
    ['WeightTraining', null],
  ])('%s → %s', (type, expected) => expect(outdoorActivityOf(type)).toBe(expected));
});

describe('paceBandsFromDailyAggregates', () => {
  const day = (date: string, types: Record<string, number>, km: number, minutes: number): DailyAggregate => ({
    date,
    sessions: 1,
    minutes,
    steps: 0,
    distanceMeters: km * 1000,
    calories: 0,
    types,
    hours: new Array<number>(24).fill(0),
  });

  it.each([
    // 10 km in 50 min = 12 km/h = 5:00/km → fast
    [
      'running at 5:00/km',
      [day('2026-01-01', { Run: 1 }, 10, 50), day('2026-01-02', { Run: 1 }, 10, 50)],
      { running: 'fast' },
    ],
    [
      'running at 6:00/km',
      [day('2026-01-01', { Run: 1 }, 10, 60), day('2026-01-02', { TrailRun: 1 }, 10, 60)],
      { running: 'steady' },
    ],
    [
      'running at 7:00/km',
      [day('2026-01-01', { Run: 1 }, 10, 70), day('2026-01-02', { Run: 1 }, 10, 70)],
      { running: 'relaxed' },
    ],
    [
      'cycling at 30 km/h',
      [day('2026-01-01', { Ride: 1 }, 30, 60), day('2026-01-02', { Ride: 1 }, 60, 120)],
      { cycling: 'fast' },
    ],
    [
      'hiking at 4 km/h',
      [day('2026-01-01', { Hike: 1 }, 8, 120), day('2026-01-02', { Hike: 1 }, 8, 120)],
      { hiking: 'steady' },
    ],
    ['one day only (too little to tell)', [day('2026-01-01', { Run: 1 }, 10, 50)], {}],
    [
      'mixed days only (distance cannot be split)',
      [day('2026-01-01', { Run: 1, Ride: 1 }, 40, 110), day('2026-01-02', { Run: 1, Ride: 1 }, 40, 110)],
      {},
    ],
    [
      'climbing (no pace)',
      [day('2026-01-01', { RockClimbing: 1 }, 1, 120), day('2026-01-02', { RockClimbing: 1 }, 1, 120)],
      {},
    ],
    ['days without distance', [day('2026-01-01', { Run: 1 }, 0, 50), day('2026-01-02', { Run: 1 }, 0, 50)], {}],
  ])('%s', (_what, days, expected) => {
    expect(paceBandsFromDailyAggregates(days)).toEqual(expected);
  });

  it('takes the median, so one unusual day does not move the band', () => {
    const days = [
      day('2026-01-01', { Run: 1 }, 10, 60),
      day('2026-01-02', { Run: 1 }, 10, 60),
      day('2026-01-03', { Run: 1 }, 10, 30),
    ];
    expect(paceBandsFromDailyAggregates(days)).toEqual({ running: 'steady' });
  });
});
