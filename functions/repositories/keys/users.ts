/** users: a member's profile and sync preferences, both under `USER#<sub>`. */
export const userKeys = {
  userProfile: (userId: string) => ({ pk: `USER#${userId}`, sk: 'PROFILE' }),
  /** users: sync preferences (spec user_sync_preferences: manual_sync_only). */
  syncPreferences: (userId: string) => ({ pk: `USER#${userId}`, sk: 'SYNC_PREFS' }),
} as const;

const USER_PREFIX = 'USER#';

/** The member id of a `USER#<sub>` partition key. */
export function userIdOfPartition(pk: string): string {
  return pk.slice(USER_PREFIX.length);
}
