import type { ActivityLevel, ProviderType } from './schemas/activity';

export type { ActivityLevel };

/** What the spec §9 workout rule looks at; any of them may be unknown. */
export interface WorkoutIntensity {
  durationSeconds: number | null | undefined;
  averageSpeedMps?: number | null | undefined;
  averageHeartRate?: number | null | undefined;
}

/** A missing or nonsensical reading never counts towards a higher level. */
function known(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function above(value: number | null | undefined, threshold: number): boolean {
  return known(value) && value > threshold;
}

/**
 * Spec §9, Apple Health and Strava workouts. The short-workout rule comes first: a 9-minute sprint
 * at 5 m/s is still light. An unknown duration counts as 0 s, as the earlier product did.
 */
export function workoutActivityLevel({
  durationSeconds,
  averageSpeedMps,
  averageHeartRate,
}: WorkoutIntensity): ActivityLevel {
  const duration = known(durationSeconds) ? durationSeconds : 0;
  if (duration < 600) return 'light';
  if (duration > 3600 || above(averageSpeedMps, 4) || above(averageHeartRate, 150)) return 'very_active';
  if (duration > 1800 || above(averageSpeedMps, 2) || above(averageHeartRate, 120)) return 'active';
  if (duration > 900 || above(averageHeartRate, 100)) return 'moderate';
  return 'light';
}

/** Spec §9, Google Health exercises: by duration only. */
export function sessionActivityLevel(durationSeconds: number | null | undefined): ActivityLevel {
  if (above(durationSeconds, 3600)) return 'very_active';
  if (above(durationSeconds, 1800)) return 'active';
  if (above(durationSeconds, 900)) return 'moderate';
  return 'light';
}

/** Spec §9, daily step summaries. */
export function dailyStepsActivityLevel(steps: number | null | undefined): ActivityLevel {
  if (above(steps, 10_000)) return 'active';
  if (above(steps, 5_000)) return 'moderate';
  return 'light';
}

/** What a figure can be made of. A person's sources decide which of these are measured at all. */
export const MEASURES = ['minutes', 'sessions', 'distance', 'steps', 'calories'] as const;
export type Measure = (typeof MEASURES)[number];

/**
 * What each source measures. Strava's activity list (SummaryActivity) carries no step count and no calories
 * (calories are only on a single activity's DetailedActivity: developers.strava.com/docs/reference, read
 * 2026-11-28), so a Strava-only member's steps and calories are not measured rather than zero.
 */
export const SOURCE_MEASURES: Readonly<Record<ProviderType, readonly Measure[]>> = {
  strava: ['minutes', 'sessions', 'distance'],
  apple_health: MEASURES,
  google_health: MEASURES,
};

/**
 * The measures a person's sources provide, in MEASURES order: what their connected sources measure, plus anything
 * their data shows a value for (a Strava activity that did carry calories still counts).
 */
export function measuresOf(sources: Iterable<ProviderType>, seen: Partial<Record<Measure, number>> = {}): Measure[] {
  const provided = new Set<Measure>();
  for (const source of sources) for (const measure of SOURCE_MEASURES[source]) provided.add(measure);
  for (const measure of MEASURES) if ((seen[measure] ?? 0) > 0) provided.add(measure);
  return MEASURES.filter((measure) => provided.has(measure));
}
