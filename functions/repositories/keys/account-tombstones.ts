/** users: an account's status and what is kept after an account is deleted (see functions/repositories/account-tombstones.ts). */
export const tombstoneKeys = {
  /**
   * The one account-status item every authenticated request reads (deleted or suspended). Its key keeps the name
   * it had when it recorded deletions only, so tombstones already written keep refusing their tokens.
   */
  accountStatus: (userId: string) => ({ pk: `DELETED_USER#${userId}`, sk: 'TOMBSTONE' }),
  deletedEmail: (emailHash: string, month: string) => ({ pk: `DELETED_EMAIL#${emailHash}`, sk: `QUOTA#${month}` }),
} as const;
