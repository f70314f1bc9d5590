import type { ActivityLevel } from './schemas/activity';

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
