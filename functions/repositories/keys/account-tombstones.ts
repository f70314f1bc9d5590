/** users: what is kept after an account is deleted (see functions/repositories/account-tombstones.ts). */
export const tombstoneKeys = {
  deletedUser: (userId: string) => ({ pk: `DELETED_USER#${userId}`, sk: 'TOMBSTONE' }),
  deletedEmail: (emailHash: string, month: string) => ({ pk: `DELETED_EMAIL#${emailHash}`, sk: `QUOTA#${month}` }),
} as const;
