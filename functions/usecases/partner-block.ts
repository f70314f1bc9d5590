import type { ConnectionActionResponse } from '../shared/schemas/partners';
import { separateSharedPlans } from './group-activity-blocks';
import { blockUser } from './partner-connections';

/**
 * POST /api/partners/{userId}/block: the block itself (partners), then what it ends in plans the two share
 * (functions/usecases/group-activity-blocks.ts). Both halves can run again: a retried block changes nothing more.
 */
export async function blockMemberEverywhere(
  userId: string,
  otherUserId: string,
  now: Date,
): Promise<ConnectionActionResponse> {
  const answer = await blockUser(userId, otherUserId, now);
  await separateSharedPlans(userId, otherUserId, now);
  return answer;
}
