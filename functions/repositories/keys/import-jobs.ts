export const importJobKeys = {
  /** connections: the current (or last) import job of a user + provider + kind (functions/repositories/import-jobs.ts). */
  importJob: (userId: string, provider: string, kind: string) => ({
    pk: `USER#${userId}`,
    sk: `JOB#${provider}#${kind}`,
  }),
  importJobsOfUser: (userId: string) => ({ pk: `USER#${userId}`, skPrefix: 'JOB#' }),
} as const;
