import type { HomeArea, OutdoorActivity } from '../../shared/schemas/profile';

/** The wildcard part of a partner index key: every area, or any activity. */
export const ANY_PART = '*';

const PARTNER_INDEX_PREFIX = 'PARTNER_IDX#';

/** social: the partner search index and each member's snapshot (see functions/repositories/partner-index.ts). */
export const partnerIndexKeys = {
  entry: (area: HomeArea, activity: OutdoorActivity | typeof ANY_PART, userId: string) => ({
    pk: `${PARTNER_INDEX_PREFIX}${area}#${activity}`,
    sk: `USER#${userId}`,
    gsi1pk: `${PARTNER_INDEX_PREFIX}${ANY_PART}#${activity}`,
    gsi1sk: `USER#${userId}`,
  }),
  /** The partition one search reads: an area's (table) or every area's (gsi1, `area` = '*'). */
  partition: (area: HomeArea | typeof ANY_PART, activity: OutdoorActivity | typeof ANY_PART) =>
    `${PARTNER_INDEX_PREFIX}${area}#${activity}`,
  snapshot: (userId: string) => ({ pk: `USER#${userId}`, sk: 'PARTNER_PROFILE' }),
  /** A paging cursor that says "from the start of this partition": every entry's sort key is longer than this. */
  partitionStartSk: 'USER#',
} as const;

/** True for a key shaped like an index entry's (a paging cursor is checked against it). */
export function isPartnerIndexEntryKey(key: { pk: string; sk: string }): boolean {
  return key.pk.startsWith(PARTNER_INDEX_PREFIX) && key.sk.startsWith('USER#');
}
