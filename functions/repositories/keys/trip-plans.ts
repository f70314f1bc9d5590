/** social: trip plans, their party and contact links (table in functions/repositories/trip-plans.ts). */
export const tripKeys = {
  plan: (id: string) => ({ pk: `TRIP#${id}`, sk: 'META' }),
  due: (dueAt: string, id: string) => ({ gsi1pk: tripKeys.duePartition(), gsi1sk: `${dueAt}#${id}` }),
  /** The sparse gsi1 partition of the plans with something left to send. */
  duePartition: () => 'TRIP_DUE',
  member: (id: string, userId: string) => ({ pk: `TRIP#${id}`, sk: `MEMBER#${userId}` }),
  mine: (userId: string, createdAt: string, id: string) => ({
    gsi1pk: `TRIP_MINE#${userId}`,
    gsi1sk: `${createdAt}#${id}`,
  }),
  minePartition: (userId: string) => `TRIP_MINE#${userId}`,
  link: (tokenHash: string) => ({ pk: `TRIPLINK#${tokenHash}`, sk: 'TRIPLINK' }),
} as const;
