import type { UnifiedActivity } from '../../functions/shared/schemas/activity';

/** A stored-shape activity for tests: a light 10-minute Strava run fetched now, nothing else known, unless overridden. */
export function unifiedActivity(
  fields: Partial<UnifiedActivity> & Pick<UnifiedActivity, 'provider_activity_id'>,
): UnifiedActivity {
  return {
    user_id: 'u',
    provider_type: 'strava',
    activity_type: 'Run',
    name: fields.provider_activity_id,
    start_time: '2026-11-20T10:00:00.000Z',
    duration_seconds: 600,
    distance_meters: null,
    calories_burned: null,
    steps: null,
    heart_rate_avg: null,
    heart_rate_max: null,
    activity_level: 'light',
    elevation_gain_meters: null,
    average_speed_mps: null,
    fetched_at: new Date().toISOString(),
    ...fields,
  };
}

/** Makes activities numbered 1, 2, … (their provider ids) in `defaults`, each field overridable by the call. */
export function numberedActivities(defaults: Partial<UnifiedActivity>) {
  let nextId = 1;
  return (fields: Partial<UnifiedActivity> & Pick<UnifiedActivity, 'start_time'>): UnifiedActivity =>
    unifiedActivity({ provider_activity_id: String(nextId++), ...defaults, ...fields });
}
