/**
 * One vocabulary of activity types across providers: Strava's sport types ('Run', 'TrailRun', 'Walk'),
 * Google Health's exercise types ('RUNNING', 'BIKING'), Apple Health's ('Walking', 'HKWorkoutActivityTypeHiking') all map to one
 * canonical type with one label. Aggregates, top types and list filters use it, on the server and in demo mode.
 */
export const ACTIVITY_TYPE_LABELS = {
  run: 'Run',
  ride: 'Ride',
  hike: 'Hike',
  walk: 'Walk',
  swim: 'Swim',
  ski: 'Ski',
  row: 'Row',
  yoga: 'Yoga',
  strength: 'Strength',
  climb: 'Climb',
  workout: 'Workout',
} as const;
export type CanonicalActivityType = keyof typeof ACTIVITY_TYPE_LABELS;

/** First match wins; tested against the provider's name with 'HKWorkoutActivityType' removed. */
const PATTERNS: ReadonlyArray<readonly [CanonicalActivityType, RegExp]> = [
  ['hike', /hik/i],
  ['walk', /walk/i],
  ['run', /run/i],
  ['ride', /ride|cycl|bik/i],
  ['swim', /swim/i],
  ['ski', /ski|snowboard/i],
  ['row', /row|kayak|canoe|paddl/i],
  ['yoga', /yoga|pilates/i],
  ['strength', /strength|weight|gym|crossfit/i],
  ['climb', /climb/i],
];

export function canonicalActivityType(providerType: string | null | undefined): CanonicalActivityType {
  const name = (providerType ?? '').replace(/^HKWorkoutActivityType/, '');
  for (const [type, pattern] of PATTERNS) if (pattern.test(name)) return type;
  return 'workout';
}

/** The label every screen shows for a provider's type name: 'Walking', 'walking' and 'Walk' are all 'Walk'. */
export function activityTypeLabel(providerType: string | null | undefined): string {
  return ACTIVITY_TYPE_LABELS[canonicalActivityType(providerType)];
}

/**
 * A day's step count stored as an activity (Apple Health and Google Health 'Daily steps'): no duration, only steps.
 * It adds its steps, distance and calories to the day, but it is not a session, and it has no duration to show.
 */
export function isDailyStepsEntry(activity: { duration_seconds: number; steps?: number | null }): boolean {
  return activity.duration_seconds <= 0 && (activity.steps ?? 0) > 0;
}
