/** The sort-key prefix of every message in a conversation (a paging cursor is checked against it). */
export const MESSAGE_SK_PREFIX = 'MSG#';

/** social: conversations and the monthly message counter (see functions/repositories/messages.ts). */
export const messageKeys = {
  conversation: (a: string, b: string) => ({ pk: `CONV#${[a, b].sort().join('#')}` }),
  message: (a: string, b: string, id: string) => ({
    ...messageKeys.conversation(a, b),
    sk: `${MESSAGE_SK_PREFIX}${id}`,
  }),
  messagesOf: (a: string, b: string) => ({ ...messageKeys.conversation(a, b), skPrefix: MESSAGE_SK_PREFIX }),
  quota: (userId: string, month: string) => ({ pk: `USER#${userId}`, sk: `MSGQUOTA#${month}` }),
  quotasOfUser: (userId: string) => ({ pk: `USER#${userId}`, skPrefix: 'MSGQUOTA#' }),
  /** users: a user's daily message digest (functions/repositories/message-digests.ts): the last day sent, and whether news waits. */
  messageDigest: (userId: string) => ({ pk: `USER#${userId}`, sk: 'MSG_DIGEST' }),
  /** users gsi1 (sparse): digests with news waiting, oldest first; the attribute goes once the digest is sent. */
  messageDigestPending: (since: string, userId: string) => ({
    gsi1pk: 'MSG_DIGEST_PENDING',
    gsi1sk: `${since}#${userId}`,
  }),
} as const;
