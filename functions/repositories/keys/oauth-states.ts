export const oauthStateKeys = {
  /** users: a pending Strava authorize (single-use nonce of the signed OAuth state), TTL-expired. */
  oauthState: (nonce: string) => ({ pk: `OAUTH_STATE#${nonce}`, sk: 'OAUTH_STATE' }),
  /** users gsi1: a user's pending states, so deleting the account removes them at once. */
  oauthStateOfUser: (userId: string, nonce: string) => ({ gsi1pk: `USER#${userId}`, gsi1sk: `OAUTH_STATE#${nonce}` }),
} as const;
