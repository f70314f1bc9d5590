import type { ConnectionStatus } from '../../shared/schemas/partners';

/** social: one relationship item on each side; gsi1 lists one state, newest first (see functions/repositories/partner-relationships.ts). */
export const relationshipKeys = {
  relationship: (userId: string, otherUserId: string) => ({ pk: `USER#${userId}`, sk: `REL#${otherUserId}` }),
  relationshipsOfUser: (userId: string) => ({ pk: `USER#${userId}`, skPrefix: 'REL#' }),
  byState: (userId: string, state: ConnectionStatus, since: string, otherUserId: string) => ({
    gsi1pk: `REL#${userId}#${state}`,
    gsi1sk: `${since}#${otherUserId}`,
  }),
} as const;
