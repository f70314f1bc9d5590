import { deleteMessageQuotas } from '../repositories/messages';
import { deleteNotificationsOfUser, scrubNotificationsFrom } from '../repositories/notifications';
import { displayNamesOf } from '../repositories/user-profiles';
import { getPartnerSnapshot, replacePartnerListing } from '../repositories/partner-index';
import { deleteRelationshipPairs, listRelationships } from '../repositories/partner-relationships';
import { DELETED_USER } from '../shared/schemas/partners';
import { eraseConversation } from './messages';

/** Attempts at removing the index entries while a profile save races the deletion. */
const MAX_ATTEMPTS = 5;

/**
 * Account deletion: removes what this capability keeps for `userId` — partner profile index, partner requests, messages, blocks, notifications
 * (their own; in the inboxes of everyone they had a relationship with, notifications about them read 'Deleted user').
 * Both sides of every relationship go (the other member's view of a request, partnership or block) and
 * whole conversations (the other member loses the thread with a deleted account).
 * Returns the number of items removed. Called by the account-deletion use case.
 */
export async function erasePartnerDataOfUser(userId: string, _now: Date): Promise<number> {
  let removed = 0;

  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const snapshot = await getPartnerSnapshot(userId);
    if (!snapshot) break;
    if (await replacePartnerListing(userId, snapshot, null)) {
      removed += snapshot.indexKeys.length + 1;
      break;
    }
  }

  const relationships = await listRelationships(userId);
  // Notifications in the other members' inboxes that tell of this member now say 'Deleted user'.
  const name = (await displayNamesOf([userId])).get(userId) ?? null;
  for (const { otherUserId } of relationships)
    removed += await scrubNotificationsFrom(otherUserId, userId, name, DELETED_USER);
  for (const { otherUserId } of relationships) removed += await eraseConversation(userId, otherUserId);
  removed += await deleteRelationshipPairs(
    userId,
    relationships.map(({ otherUserId }) => otherUserId),
  );

  removed += await deleteMessageQuotas(userId);
  removed += await deleteNotificationsOfUser(userId);
  return removed;
}
