import { describe, expect, it } from 'vitest';
import {
  FILE_SOURCE,
  MATCHING_SOURCES,
  activitySuggestions,
  factsOthersMaySee,
  matchingFactsFromParts,
  type ActivityFacts,
} from '../../../functions/domain/matching-facts';
import { PROVIDER_TYPES, type ProviderType } from '../../../functions/shared/schemas/activity';
import type { ProviderDailyAggregate } from '../../../functions/shared/schemas/metrics';

const now = new Date('2026-03-10T18:00:00.000Z');
const clock = { now, timeZone: 'America/Vancouver' };

/** A 40-minute 7 km run at 7 a.m. on each of the last `days` local days, from `provider`. */
function runs(provider: ProviderType, days: number): ProviderDailyAggregate[] {
  return Array.from({ length: days }, (_, i) => {
    const date = new Date(now.getTime() - (i + 1) * 86_400_000).toISOString().slice(0, 10);
    const hours = Array<number>(24).fill(0);
    hours[7] = 1;
    return {
      date,
      sessions: 1,
      minutes: 40,
      steps: 6000,
      distanceMeters: 7000,
      calories: 400,
      types: { Run: 1 },
      hours,
      provider,
      rawNewestFetch: now.toISOString(),
      rawOldestFetch: now.toISOString(),
    };
  });
}

describe('matchingFactsFromParts', () => {
  it('takes nothing from Strava, however much it holds', () => {
    expect(matchingFactsFromParts(runs('strava', 300), clock)).toBeNull();
    const google = matchingFactsFromParts(runs('google_health', 30), clock);
    expect(google).not.toBeNull();
    expect(matchingFactsFromParts([...runs('strava', 300), ...runs('google_health', 30)], clock)).toEqual(google);
  });

  it('reads level, usual hours and pace from Google Health and Apple Health', () => {
    expect(MATCHING_SOURCES).not.toContain('strava');
    for (const provider of ['google_health', 'apple_health'] as const) {
      expect(matchingFactsFromParts(runs(provider, 30), clock)).toMatchObject({
        preferredHours: [7],
        paceBands: { running: 'steady' },
      });
    }
  });

  it("counts the days of the member's imported files, beside the consented providers' and never Strava's", () => {
    expect(MATCHING_SOURCES).toContain(FILE_SOURCE);
    const fileDays = runs('google_health', 30).map(({ provider: _provider, ...day }) => day);
    const fromFiles = matchingFactsFromParts([], clock, fileDays);
    expect(fromFiles).toMatchObject({ preferredHours: [7], paceBands: { running: 'steady' } });
    expect(matchingFactsFromParts(runs('strava', 300), clock, fileDays)).toEqual(fromFiles);
    expect(matchingFactsFromParts([], clock, [])).toBeNull();
  });

  it('leaves out every provider not on the allow-list', () => {
    for (const provider of PROVIDER_TYPES.filter((p) => !MATCHING_SOURCES.includes(p))) {
      expect(matchingFactsFromParts(runs(provider, 30), clock)).toBeNull();
    }
  });
});

describe('factsOthersMaySee', () => {
  const consented: ActivityFacts = {
    activityScore: 72,
    activityLevelLabel: 'Advanced',
    preferredHours: [7],
    paceBands: { running: 'fast', cycling: 'steady' },
  };
  const declared = { level: null, paces: {}, useActivityForMatching: false } as const;

  it('without consent, only what was declared', () => {
    expect(factsOthersMaySee(declared, consented)).toEqual({ level: null, paceBands: {} });
    expect(factsOthersMaySee({ ...declared, level: 'Beginner', paces: { running: 'relaxed' } }, consented)).toEqual({
      level: { activityScore: 30, activityLevelLabel: 'Beginner', preferredHours: [] },
      paceBands: { running: 'relaxed' },
    });
  });

  it('with consent, the activity facts fill in what was not declared; a declaration wins', () => {
    const on = { ...declared, useActivityForMatching: true };
    expect(factsOthersMaySee(on, consented)).toEqual({
      level: { activityScore: 72, activityLevelLabel: 'Advanced', preferredHours: [7] },
      paceBands: { running: 'fast', cycling: 'steady' },
    });
    expect(factsOthersMaySee({ ...on, level: 'Elite', paces: { running: 'steady' } }, consented)).toEqual({
      level: { activityScore: 90, activityLevelLabel: 'Elite', preferredHours: [7] },
      paceBands: { running: 'steady', cycling: 'steady' },
    });
    expect(factsOthersMaySee(on, null)).toEqual({ level: null, paceBands: {} });
  });
});

describe('activitySuggestions (the owner alone sees them)', () => {
  it('uses every source, Strava included', () => {
    expect(activitySuggestions([], [], clock)).toEqual({ level: null, paces: {}, times: [] });
    const suggested = activitySuggestions(runs('strava', 30), ['strava'], clock);
    expect(suggested.level).not.toBeNull();
    expect(suggested.paces).toEqual({ running: 'steady' });
    expect(suggested.times).toEqual(['mornings']);
  });
});
