import { deriveKey, hmacSha256 } from '../lib/crypto';
import { appSecret } from '../lib/secrets';
import { deletedEmailMessagesUsed } from '../repositories/account-tombstones';
import { quotaMonthOf } from './messages-quota';

/** The email as one keyed hash (HMAC-SHA-256 under a key derived from APP_SECRET): equal for one address, unreadable. */
export async function emailTombstoneHash(email: string): Promise<string> {
  return hmacSha256(deriveKey(await appSecret(), 'email-tombstone'), email.trim().toLowerCase()).toString('base64url');
}

/**
 * Messages that accounts deleted this quota month had already sent from `email` (0 when none, or no email):
 * the messages quota adds these to a re-created account's count, so deleting an account never resets the allowance.
 */
export async function messagesUsedByDeletedAccounts(email: string | undefined, now: Date): Promise<number> {
  if (!email) return 0;
  return deletedEmailMessagesUsed(await emailTombstoneHash(email), quotaMonthOf(now));
}
