import { tableName } from '../lib/config';
import { batchGetAll } from './batch';
import { keys } from './keys';
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

/** The coarse level facts matching compares (see domain/matching-facts.ts for where they may come from). */
export interface MatchingMetrics {
  activityScore: number;
  activityLevelLabel: ActivityLevelLabel;
  preferredHours: number[];
}
