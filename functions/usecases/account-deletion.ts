import { logger } from '../lib/logger';
import { listConnections } from '../repositories/connections';
import { countUserPartition, deleteUserIndexedItems, deleteUserPartition, getUserProfile } from '../repositories/user-profiles';
import type { ProviderType } from '../shared/schemas/activity';
import { DEFAULT_PROFILE_SETTINGS, type AccountDeletionResponse } from '../shared/schemas/profile';
import { TABLE_IDS } from '../shared/tables';
import { eraseAppleDataOfUser } from './apple-erasure';
import { refreshPartnerIndex } from './partner-index';
import { erasePartnerDataOfUser } from './partners-erasure';
import { erasePlanDataOfUser } from './plan-erasure';

export interface AccountDeletionDeps {
  /** Deauthorizes TrailBuddy at the provider (best effort), then deletes the connection's tokens and activities. */
  disconnectProvider: (userId: string, provider: ProviderType) => Promise<void>;
  /** Each capability's own eraser for what it keeps about the user in the social table (it knows the other parties). */
  erasers: Readonly<Record<'partners' | 'plans' | 'apple', (userId: string, now: Date) => Promise<number>>>;
  refreshPartnerIndex: typeof refreshPartnerIndex;
}

export const accountDeletionDeps = (disconnectProvider: AccountDeletionDeps['disconnectProvider']): AccountDeletionDeps => ({
  disconnectProvider,
  erasers: { partners: erasePartnerDataOfUser, plans: erasePlanDataOfUser, apple: eraseAppleDataOfUser },
  refreshPartnerIndex,
});

/**
 * DELETE /api/me (spec core-app §9: deletion within 48 h; we do it at once). Removes everything the user owns:
 * providers are deauthorized first (that needs the tokens), the user leaves partner search, each capability
 * erases its shared records, then every item under the user's partition in every table goes, whatever its kind.
 * Idempotent: a second call finds nothing and removes nothing. The Cognito account is deleted by the client after.
 */
export async function deleteAccount(userId: string, now: Date, deps: AccountDeletionDeps): Promise<AccountDeletionResponse> {
  const removed: Record<string, number> = {};
  // Counted first: disconnecting deletes a provider's activities itself, and they count as removed too.
  const ownedBefore = await Promise.all(TABLE_IDS.map((table) => countUserPartition(table, userId)));

  const activeProviders = (await listConnections(userId)).filter((connection) => connection.isActive).map((connection) => connection.provider);
  for (const provider of activeProviders) await deps.disconnectProvider(userId, provider);
  removed.providersDisconnected = activeProviders.length;

  const settings = (await getUserProfile(userId))?.settings ?? DEFAULT_PROFILE_SETTINGS;
  await deps.refreshPartnerIndex(userId, { ...settings, discoverable: false }, now);

  for (const [name, erase] of Object.entries(deps.erasers)) removed[name] = await erase(userId, now);

  const swept = await Promise.all(TABLE_IDS.map((table) => deleteUserPartition(table, userId)));
  TABLE_IDS.forEach((table, i) => (removed[table] = Math.max(ownedBefore[i]!, swept[i]!)));
  removed.users = (removed.users ?? 0) + (await deleteUserIndexedItems('users', userId));

  logger.info('account data deleted', { userId, removed });
  return { deletedAt: now.toISOString(), removed };
}
