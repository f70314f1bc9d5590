import { tableName } from '../lib/config';
import { batchGetAll } from './batch';
import { keys } from './keys';
import { metricsKeys } from './keys';
import type { ActivityLevelLabel } from '../shared/schemas/metrics';

/** The display names members chose (users table, PROFILE item); members without one are missing from the map. */
export async function displayNamesOf(userIds: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return new Map();
  const items = await batchGetAll(
    tableName('users'),
    unique.map((id) => keys.userProfile(id)),
    'userId, settings',
  );
  const names = new Map<string, string>();
  for (const item of items) {
    const name = (item.settings as { displayName?: unknown } | undefined)?.displayName;
    if (typeof name === 'string' && name.trim() !== '') names.set(String(item.userId), name);
  }
  return names;
}

/** The coarse part of a member's metrics matching uses; read server-side only, never sent to another member. */
export interface MatchingMetrics {
  activityScore: number;
  activityLevelLabel: ActivityLevelLabel;
  preferredHours: number[];
}

export async function matchingMetricsOf(userIds: readonly string[]): Promise<Map<string, MatchingMetrics>> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return new Map();
  const items = await batchGetAll(
    tableName('users'),
    unique.map((id) => metricsKeys.metrics(id)),
    'userId, activityScore, activityLevelLabel, preferredHours',
  );
  const byUser = new Map<string, MatchingMetrics>();
  for (const item of items) {
    if (typeof item.activityScore !== 'number' || typeof item.activityLevelLabel !== 'string') continue;
    const hours = Array.isArray(item.preferredHours)
      ? item.preferredHours
          .map((entry: { hour?: unknown }) => entry?.hour)
          .filter((hour): hour is number => typeof hour === 'number')
      : [];
    byUser.set(String(item.userId), {
      activityScore: item.activityScore,
      activityLevelLabel: item.activityLevelLabel as ActivityLevelLabel,
      preferredHours: hours,
    });
  }
  return byUser;
}
