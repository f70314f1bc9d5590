import { randomBytes } from 'node:crypto';
import { isPastRetention } from '../domain/retention';
import { appleSettings, type AppleSettings } from '../lib/config';
import { activitiesOfUser } from '../repositories/activities';
import { recalculateUserMetrics } from './metrics';

/** Everything the Apple Health use cases need from outside, passed in explicitly (tests swap what they must). */
export interface AppleDeps {
  settings: AppleSettings;
  /** Fresh random bytes for ingest tokens. */
  randomBytes: (size: number) => Buffer;
  /** Ingest requests one user may make per hour; a Shortcut runs a few times a day. */
  ingestRequestsPerHour: number;
  /** Hook: recompute the user's activity metrics after their activities changed. */
  recalculateMetrics: (userId: string, now: Date) => Promise<void>;
}

export const DEFAULT_INGEST_REQUESTS_PER_HOUR = 60;

/** Recomputes the user's metrics and the Apple part of the daily aggregates on the days the ingest touched. */
export async function recalculateMetricsAfterIngest(userId: string, now: Date): Promise<void> {
  await recalculateUserMetrics(
    userId,
    now,
    {
      listActivities: async (id) =>
        (await activitiesOfUser(id)).filter((activity) => !isPastRetention(activity.fetched_at, now)),
    },
    { only: { provider: 'apple_health', touchedSince: now } },
  );
}

export function appleDeps(overrides: Partial<AppleDeps> = {}): AppleDeps {
  return {
    settings: overrides.settings ?? appleSettings(),
    randomBytes: overrides.randomBytes ?? ((size) => randomBytes(size)),
    ingestRequestsPerHour: overrides.ingestRequestsPerHour ?? DEFAULT_INGEST_REQUESTS_PER_HOUR,
    recalculateMetrics: overrides.recalculateMetrics ?? recalculateMetricsAfterIngest,
  };
}
