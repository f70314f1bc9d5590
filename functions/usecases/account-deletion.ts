import type { DeleteSignIn } from '../adapters/cognito/user-directory';
import { logger } from '../lib/logger';
import { putDeletedEmailTombstone, putDeletedUserTombstone } from '../repositories/account-tombstones';
import { listConnections } from '../repositories/connections';
import { messagesUsed } from '../repositories/messages';
import { countUserPartition, deleteUserIndexedItems, deleteUserPartition } from '../repositories/user-profiles';
import type { ProviderType } from '../shared/schemas/activity';
import type { AccountDeletionResponse } from '../shared/schemas/profile';
import { TABLE_IDS } from '../shared/tables';
import { eraseAppleDataOfUser } from './apple-erasure';
import { emailTombstoneHash, messagesUsedByDeletedAccounts } from './email-tombstone';
import { quotaMonthOf, quotaResetsAt } from './messages-quota';
import { savePartnerListing } from './partner-listing';
import { erasePartnerDataOfUser } from './partners-erasure';
import { eraseGroupActivityDataOfUser } from './group-activities-erasure';
import { eraseTripContactsOfUser } from './trip-contacts';
import { eraseTripPlansOfUser } from './trip-plans-erasure';
import { eraseEmailOfUser } from './email';
import { queueStripeCleanupOfUser } from './billing-erasure';

export interface AccountDeletionDeps {
  /** Deauthorizes TrailBuddy at the provider (best effort), then deletes the connection's tokens and activities. */
  disconnectProvider: (userId: string, provider: ProviderType) => Promise<void>;
  /** Each capability's own eraser for what it keeps about the user in the social table (it knows the other parties). */
  erasers: Readonly<
    Record<
      'partners' | 'groupActivities' | 'apple' | 'tripPlans' | 'email',
      (userId: string, now: Date) => Promise<number>
    >
  >;
  /** Queues the end of the user's Stripe subscriptions and open checkout (done at Stripe by a job, with retries). */
  endStripeBilling: (userId: string, now: Date) => Promise<number>;
  /** Takes the user out of partner search at once (before the erasers run). */
  leavePartnerSearch: (userId: string) => Promise<void>;
  /** Deletes the Cognito user (AdminDeleteUser), so the sign-in is gone whatever the browser does. */
  deleteSignIn: DeleteSignIn;
}

export const accountDeletionDeps = (
  disconnectProvider: AccountDeletionDeps['disconnectProvider'],
  deleteSignIn: DeleteSignIn,
): AccountDeletionDeps => ({
  disconnectProvider,
  deleteSignIn,
  erasers: {
    partners: erasePartnerDataOfUser,
    groupActivities: eraseGroupActivityDataOfUser,
    apple: eraseAppleDataOfUser,
    tripPlans: eraseTripPlansOfUser,
    // Stop links in contact emails are email too.
    email: async (userId) => (await eraseEmailOfUser(userId)) + (await eraseTripContactsOfUser(userId)),
  },
  endStripeBilling: queueStripeCleanupOfUser,
  leavePartnerSearch: (userId) => savePartnerListing(userId, null),
});

/** The account being deleted, as the verified token names it. */
export interface DeletedAccount {
  userId: string;
  /** Cognito's username (`cognito:username`; a federated user's differs from the sub); the sub when absent. */
  username?: string;
  email: string | undefined;
}

/**
 * The tombstone refuses a deleted user's tokens until they expire (Cognito: at most one day for ID and access tokens),
 * and tells a Stripe event about the deleted account to store nothing. Stripe resends an undelivered event for up to
 * three days, and its List Events API, from which an event is resent by hand, holds the last 30 days (docs.stripe.com
 * /webhooks/process-undelivered-events, read 2026-11-29): kept 35 days, no event about the account can outlive it.
 */
export const DELETED_USER_TOMBSTONE_MS = 35 * 86_400_000;

export { emailTombstoneHash, messagesUsedByDeletedAccounts } from './email-tombstone';

/**
 * DELETE /api/me (spec core-app §9: deletion within 48 h; we do it at once). Removes everything the user owns:
 * providers are deauthorized first (that needs the tokens), the end of their Stripe subscriptions is queued (that
 * needs the plan item; the `billing-stripe-cleanup` job cancels them at Stripe), the user leaves partner search, each capability
 * erases its shared records, then every item under the user's partition in every table goes, whatever its kind.
 * Then the Cognito user is deleted here (not left to the browser), and last the tombstones are written: the user id,
 * so any token issued before now is refused (functions/lib/http.ts), and the hashed email with the month's message
 * count. Written last so a deletion that failed half-way can be retried with the same token.
 * Idempotent: a second call finds nothing and removes nothing.
 */
export async function deleteAccount(
  account: DeletedAccount,
  now: Date,
  deps: AccountDeletionDeps,
): Promise<AccountDeletionResponse> {
  const { userId } = account;
  const removed: Record<string, number> = {};
  // Read before the sweep removes the counter; what an earlier deleted account of this email used counts too.
  const month = quotaMonthOf(now);
  const monthMessagesUsed =
    (await messagesUsed(userId, month)) + (await messagesUsedByDeletedAccounts(account.email, now));
  // Counted first: disconnecting deletes a provider's activities itself, and they count as removed too.
  const ownedBefore = await Promise.all(TABLE_IDS.map((table) => countUserPartition(table, userId)));

  const activeProviders = (await listConnections(userId))
    .filter((connection) => connection.isActive)
    .map((connection) => connection.provider);
  for (const provider of activeProviders) await deps.disconnectProvider(userId, provider);
  removed.providersDisconnected = activeProviders.length;
  removed.stripeCleanupsQueued = await deps.endStripeBilling(userId, now);

  await deps.leavePartnerSearch(userId);

  for (const [name, erase] of Object.entries(deps.erasers)) removed[name] = await erase(userId, now);

  const swept = await Promise.all(TABLE_IDS.map((table) => deleteUserPartition(table, userId)));
  TABLE_IDS.forEach((table, i) => (removed[table] = Math.max(ownedBefore[i]!, swept[i]!)));
  removed.users = (removed.users ?? 0) + (await deleteUserIndexedItems('users', userId));

  await deps.deleteSignIn(account.username ?? userId);
  if (account.email)
    await putDeletedEmailTombstone(
      await emailTombstoneHash(account.email),
      month,
      monthMessagesUsed,
      quotaResetsAt(now),
    );
  await putDeletedUserTombstone(userId, now, new Date(now.getTime() + DELETED_USER_TOMBSTONE_MS));

  logger.info('account data deleted', { userId, removed });
  return { deletedAt: now.toISOString(), removed };
}
