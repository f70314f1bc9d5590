/** social: what a creating request answered, under the key its client sent (see functions/repositories/idempotency-records.ts). */
export const idempotencyKeys = {
  record: (userId: string, routeId: string, key: string) => ({
    pk: `IDEMPOTENCY#${userId}`,
    sk: `${routeId}#${key}`,
  }),
} as const;
