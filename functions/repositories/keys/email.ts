import type { OutboxLane } from '../../domain/outbox';

/** social and users: the email outbox, suppressions, unsubscribe tokens and choices (see functions/repositories/email.ts). */
export const emailKeys = {
  outbox: (id: string) => ({ pk: `OUTBOX#${id}`, sk: 'OUTBOX' }),
  outboxDue: (lane: OutboxLane, dueAt: string, id: string) => ({
    gsi1pk: emailKeys.outboxDuePartition(lane),
    gsi1sk: emailKeys.outboxDueSort(dueAt, id),
  }),
  outboxDueSort: (dueAt: string, id: string) => `${dueAt}#${id}`,
  /** A claimed message's due time: the lease's end, then the claim's own id, so the claimant knows its own lease. */
  outboxLeaseSort: (leaseUntil: string, id: string, claim: string) => `${leaseUntil}#${id}#${claim}`,
  /** The gsi1 partition of one lane's messages waiting to be sent (the general lane keeps the partition's first name). */
  outboxDuePartition: (lane: OutboxLane) => (lane === 'general' ? 'OUTBOX_DUE' : `OUTBOX_DUE#${lane}`),
  suppressed: (email: string) => ({ pk: `EMAIL_SUPPRESSED#${email.toLowerCase()}`, sk: 'SUPPRESSED' }),
  unsubscribe: (tokenHash: string) => ({ pk: `EMAIL_UNSUB#${tokenHash}`, sk: 'UNSUB' }),
  /** users gsi1: a user's unsubscribe tokens, so account deletion removes them. */
  unsubscribeOfUser: (userId: string, tokenHash: string) => ({
    gsi1pk: `USER#${userId}`,
    gsi1sk: `EMAIL_UNSUB#${tokenHash}`,
  }),
  preferences: (userId: string) => ({ pk: `USER#${userId}`, sk: 'EMAIL_PREFS' }),
} as const;
