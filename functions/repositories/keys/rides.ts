/** social: rides live in their activity's partition (table in functions/repositories/rides.ts). */
export const rideKeys = {
  offer: (activityId: string, rideId: string) => ({ pk: `GACT#${activityId}`, sk: `RIDE#${rideId}` }),
  booking: (activityId: string, rideId: string, userId: string) => ({
    pk: `GACT#${activityId}`,
    sk: `RIDEBOOK#${rideId}#${userId}`,
  }),
  bookingsOf: (activityId: string, rideId: string) => ({ pk: `GACT#${activityId}`, skPrefix: `RIDEBOOK#${rideId}#` }),
  request: (activityId: string, requestId: string) => ({ pk: `GACT#${activityId}`, sk: `RIDEREQ#${requestId}` }),
  /** Offers, bookings and requests all start with 'RIDE'. */
  ridesOf: (activityId: string) => ({ pk: `GACT#${activityId}`, skPrefix: 'RIDE' }),
  stats: (userId: string) => ({ pk: `USER#${userId}`, sk: 'RIDE_STATS' }),
  /** One offer and one request per person and activity: a marker written in the same transaction, only if absent. */
  offerBy: (activityId: string, userId: string) => ({ pk: `GACT#${activityId}`, sk: `OFFERBY#${userId}` }),
  requestBy: (activityId: string, userId: string) => ({ pk: `GACT#${activityId}`, sk: `REQUESTBY#${userId}` }),
} as const;
