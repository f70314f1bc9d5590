/**
 * What partner matching may know about a person's activity, and from where.
 *
 * Strava API Agreement (strava.com/api-agreement, effective 11 November 2024, the version in force when read on
 * 2026-11-28): "Strava Data provided by a specific user can only be displayed or disclosed in your Developer
 * Application to that user. Strava Data related to other users ... may not be displayed or disclosed." A
 * compatibility percent, a level, a pace band or a time of day another member sees discloses what it was computed
 * from, so nothing here is ever computed from Strava's API. Other members are matched only on what a person declared
 * on their profile and, with their consent (profile setting `useActivityForMatching`, off by default), on activity
 * from the sources listed in MATCHING_SOURCES. The owner's own suggestions (activitySuggestions) may use Strava: they
 * are shown to that same user only.
 */
import { computeActivityMetrics, combineDailyAggregates, lastLocalDays } from './metrics';
import { PACE_WINDOW_DAYS, paceBandsFromDailyAggregates, type PaceBands } from './matching-pace';
import { timeOfDayOf } from './matching';
import type { ProviderType } from '../shared/schemas/activity';
import type { ActivityLevelLabel, DailyAggregate, ProviderDailyAggregate } from '../shared/schemas/metrics';
import { ACTIVITY_LEVEL_LABELS } from '../shared/schemas/metrics-plain';
import {
  SUGGESTABLE_TIMES,
  type ActivitySuggestions,
  type DeclaredPaces,
  type ProfileSettings,
} from '../shared/schemas/profile';

/** Outings the member imported from their own files (POST /api/imports/files): no provider, a source of its own. */
export const FILE_SOURCE = 'file';

/** Where a member's activity comes from, as matching tells sources apart: a provider, or their own files. */
export type MatchingSource = ProviderType | typeof FILE_SOURCE;

/**
 * The sources whose terms let a member's activity inform what other members see, given the member's consent: Google
 * Health and Apple Health data, and the files the member uploads themselves, are the member's own to share. An
 * archive the member downloaded from Strava's website is their own copy, not data received through Strava's API, so
 * the API agreement does not reach it. An allow-list, so a new provider is left out until its terms are read.
 */
export const MATCHING_SOURCES: readonly MatchingSource[] = ['google_health', 'apple_health', FILE_SOURCE];

export function isMatchingSource(source: MatchingSource): boolean {
  return MATCHING_SOURCES.includes(source);
}

/** Coarse facts about a member's activity as matching compares them; server-side only, never sent as such. */
export interface ActivityFacts {
  activityScore: number;
  activityLevelLabel: ActivityLevelLabel;
  /** Most frequent local start hours, 0–23. */
  preferredHours: number[];
  paceBands: PaceBands;
}

/** A declared level compares as the middle of its score band (20 points wide: 0–19 Getting Started … 80+ Elite). */
export function declaredLevelScore(label: ActivityLevelLabel): number {
  return ACTIVITY_LEVEL_LABELS.indexOf(label) * 20 + 10;
}

function paceWindowDays(days: readonly DailyAggregate[], now: Date, timeZone: string): DailyAggregate[] {
  const { start } = lastLocalDays(now, timeZone, PACE_WINDOW_DAYS);
  return days.filter((day) => day.date >= start);
}

/** Level, usual hours and pace from the given days; null when they hold no activity at all. */
function factsOfDays(
  days: readonly DailyAggregate[],
  sources: readonly ProviderType[],
  now: Date,
  timeZone: string,
): ActivityFacts | null {
  if (!days.some((day) => day.sessions > 0 || day.steps > 0)) return null;
  const metrics = computeActivityMetrics(days, { now, timeZone }, sources);
  return {
    activityScore: metrics.activityScore,
    activityLevelLabel: metrics.activityLevelLabel,
    preferredHours: metrics.preferredHours.map((entry) => entry.hour),
    paceBands: paceBandsFromDailyAggregates(paceWindowDays(days, now, timeZone)),
  };
}

/**
 * The facts other members may be matched on, with consent: only the parts of days from MATCHING_SOURCES, so a
 * member's Strava activity (however much of it) changes nothing here. `fileDays`: the days' figures from the member's
 * imported files (each outing once, a copy a provider holds stepping aside: fileDailyParts). Null when those sources
 * hold nothing.
 */
export function matchingFactsFromParts(
  parts: readonly ProviderDailyAggregate[],
  clock: { now: Date; timeZone: string },
  fileDays: readonly DailyAggregate[] = [],
): ActivityFacts | null {
  const allowed = parts.filter((part) => isMatchingSource(part.provider));
  const sources = [...new Set(allowed.map((part) => part.provider))];
  const files = isMatchingSource(FILE_SOURCE) ? fileDays : [];
  return factsOfDays(combineDailyAggregates([...allowed, ...files]), sources, clock.now, clock.timeZone);
}

/** What other members are matched against: a level (with the usual hours behind it) and pace bands. */
export interface FactsOthersMaySee {
  /** Null when nothing is known about the member's level. */
  level: Omit<ActivityFacts, 'paceBands'> | null;
  paceBands: PaceBands;
}

/**
 * The declared level and paces first; then, only with the member's consent, the facts from MATCHING_SOURCES for what
 * they left undeclared. Without consent, nothing from any activity source takes part.
 */
export function factsOthersMaySee(
  settings: Pick<ProfileSettings, 'level' | 'paces' | 'useActivityForMatching'>,
  consented: ActivityFacts | null,
): FactsOthersMaySee {
  const fromActivity = settings.useActivityForMatching ? consented : null;
  const paceBands: PaceBands = { ...(fromActivity?.paceBands ?? {}), ...settings.paces };
  const preferredHours = fromActivity?.preferredHours ?? [];
  if (settings.level) {
    const activityLevelLabel = settings.level;
    return {
      level: { activityScore: declaredLevelScore(activityLevelLabel), activityLevelLabel, preferredHours },
      paceBands,
    };
  }
  if (!fromActivity) return { level: null, paceBands };
  const { activityScore, activityLevelLabel } = fromActivity;
  return { level: { activityScore, activityLevelLabel, preferredHours }, paceBands };
}

/** The parts of the day a member's usual start hours fall in, as availability slots. */
export function suggestedTimes(preferredHours: readonly number[]): ActivitySuggestions['times'] {
  const times = new Set(preferredHours.map(timeOfDayOf));
  return SUGGESTABLE_TIMES.filter((time) => times.has(time));
}

/**
 * The owner's own suggestions from all their activity (Strava included: shown to them alone), for them to put on
 * their profile with one tap, after which it is their declaration.
 */
export function activitySuggestions(
  days: readonly DailyAggregate[],
  sources: readonly ProviderType[],
  clock: { now: Date; timeZone: string },
): ActivitySuggestions {
  const facts = factsOfDays(days, sources, clock.now, clock.timeZone);
  return {
    level: facts?.activityLevelLabel ?? null,
    paces: (facts?.paceBands ?? {}) as DeclaredPaces,
    times: suggestedTimes(facts?.preferredHours ?? []),
  };
}
