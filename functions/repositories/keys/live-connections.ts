/** The partition key prefix of every open-channel item (the publishers' IAM grant is limited to it). */
export const LIVE_CONNECTION_KEY_PREFIX = 'LIVE#';

export const liveConnectionKeys = {
  /** users: one open realtime channel (a signed-in tab), TTL-expired if $disconnect never came. */
  liveConnection: (connectionId: string) => ({ pk: `${LIVE_CONNECTION_KEY_PREFIX}${connectionId}`, sk: 'LIVE' }),
  /** users gsi1: a user's open channels, the ones an event is pushed to. */
  liveConnectionOfUser: (userId: string, connectionId: string) => ({
    gsi1pk: `USER#${userId}`,
    gsi1sk: `LIVE#${connectionId}`,
  }),
} as const;
