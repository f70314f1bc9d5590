export const connectionKeys = {
  /** connections: one per user + provider. */
  connection: (userId: string, provider: string) => ({ pk: `USER#${userId}`, sk: `CONN#${provider}` }),
  connectionsOfUser: (userId: string) => ({ pk: `USER#${userId}`, skPrefix: 'CONN#' }),
  /** connections gsi1: a provider account back to its connection (webhooks name only the athlete). */
  connectionByStravaAthlete: (athleteId: string | number) => ({ gsi1pk: `STRAVA#${athleteId}`, gsi1sk: 'CONN#strava' }),
  /** connections gsi1 for any provider: `<PROVIDER>#<provider user id>` / `CONN#<provider>`. */
  connectionByProviderAccount: (provider: string, providerUserId: string) => ({
    gsi1pk: `${provider.toUpperCase()}#${providerUserId}`,
    gsi1sk: `CONN#${provider}`,
  }),
} as const;
