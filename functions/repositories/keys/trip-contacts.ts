/** social: what a trip plan's filer may mail, and the contacts' stop links (table in functions/repositories/trip-contacts.ts). */
export const tripContactKeys = {
  /** The filer's daily counters of plans and new contact addresses. */
  dailyAllowance: (userId: string, day: string) => ({ pk: `USER#${userId}`, sk: `TRIP_ALLOWANCE#${day}` }),
  /** An address the filer has named before (SHA-256 of the address). */
  knownContact: (userId: string, addressHash: string) => ({ pk: `USER#${userId}`, sk: `TRIP_CONTACT#${addressHash}` }),
  /** The address said "I don't know this person": the filer may not name it again. */
  refusedBy: (userId: string, addressHash: string) => ({ pk: `USER#${userId}`, sk: `TRIP_REFUSED#${addressHash}` }),
  stopLink: (tokenHash: string) => ({ pk: `TRIPSTOP#${tokenHash}`, sk: 'TRIPSTOP' }),
  /** The filer's stop links, for account deletion. */
  stopLinkOfSender: (userId: string, tokenHash: string) => ({
    gsi1pk: `TRIP_SENDER#${userId}`,
    gsi1sk: `TRIPSTOP#${tokenHash}`,
  }),
  senderPartition: (userId: string) => `TRIP_SENDER#${userId}`,
} as const;
