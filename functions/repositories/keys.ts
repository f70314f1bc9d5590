/**
 * Key builders: the only place that knows how items are keyed. See the access-pattern
 * table in the README before adding one.
 */
export const keys = {
  userProfile: (userId: string) => ({ pk: `USER#${userId}`, sk: 'PROFILE' }),
  /** A key no item ever has; the health probe reads it to prove the table answers. */
  healthProbe: () => ({ pk: 'HEALTH#probe', sk: 'HEALTH#probe' }),
} as const;
