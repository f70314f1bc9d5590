import type { NearbyArea } from '../../shared/schemas/group-activities';

/** social: group activities, their participants and removals (table in functions/repositories/group-activities.ts). */
export const groupActivityKeys = {
  activity: (id: string) => ({ pk: `GACT#${id}`, sk: 'META' }),
  member: (id: string, userId: string) => ({ pk: `GACT#${id}`, sk: `MEMBER#${userId}` }),
  membersOf: (id: string) => ({ pk: `GACT#${id}`, skPrefix: 'MEMBER#' }),
  byArea: (area: NearbyArea, startsAt: string, id: string) => ({
    gsi1pk: `GACT_AREA#${area}`,
    gsi1sk: `${startsAt}#${id}`,
  }),
  areaPartition: (area: NearbyArea) => `GACT_AREA#${area}`,
  mine: (userId: string, startsAt: string, id: string) => ({
    gsi1pk: `GACT_MINE#${userId}`,
    gsi1sk: `${startsAt}#${id}`,
  }),
  minePartition: (userId: string) => `GACT_MINE#${userId}`,
  /** Marks a participant the organizer removed, so they cannot re-join. */
  removal: (id: string, userId: string) => ({ pk: `USER#${userId}`, sk: `GACT_REMOVED#${id}` }),
  removalsOf: (userId: string) => ({ pk: `USER#${userId}`, skPrefix: 'GACT_REMOVED#' }),
  /** A limited planning action's counter for one window (TTL'd with its window). */
  planLimit: (userId: string, action: string, windowStart: Date) => ({
    pk: `USER#${userId}`,
    sk: `PLAN_LIMIT#${action}#${windowStart.toISOString()}`,
  }),
  planLimitsOf: (userId: string) => ({ pk: `USER#${userId}`, skPrefix: 'PLAN_LIMIT#' }),
} as const;
