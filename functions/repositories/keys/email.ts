/** social and users: the email outbox, suppressions, unsubscribe tokens and choices (see functions/repositories/email.ts). */
export const emailKeys = {
  outbox: (id: string) => ({ pk: `OUTBOX#${id}`, sk: 'OUTBOX' }),
  outboxDue: (dueAt: string, id: string) => ({ gsi1pk: emailKeys.outboxDuePartition(), gsi1sk: `${dueAt}#${id}` }),
  /** The gsi1 partition of the messages waiting to be sent. */
  outboxDuePartition: () => 'OUTBOX_DUE',
  suppressed: (email: string) => ({ pk: `EMAIL_SUPPRESSED#${email.toLowerCase()}`, sk: 'SUPPRESSED' }),
  unsubscribe: (tokenHash: string) => ({ pk: `EMAIL_UNSUB#${tokenHash}`, sk: 'UNSUB' }),
  /** users gsi1: a user's unsubscribe tokens, so account deletion removes them. */
  unsubscribeOfUser: (userId: string, tokenHash: string) => ({
    gsi1pk: `USER#${userId}`,
    gsi1sk: `EMAIL_UNSUB#${tokenHash}`,
  }),
  preferences: (userId: string) => ({ pk: `USER#${userId}`, sk: 'EMAIL_PREFS' }),
} as const;
