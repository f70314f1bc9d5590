/** users and rateLimits: Apple Health ingest tokens (SHA-256 only) and request windows (see functions/repositories/apple-ingest-tokens.ts). */
export const appleIngestKeys = {
  currentToken: (userId: string) => ({ pk: `USER#${userId}`, sk: 'APPLE_INGEST_TOKEN' }),
  tokenHash: (tokenHash: string) => ({ pk: `APPLE_INGEST_TOKEN#${tokenHash}`, sk: 'APPLE_INGEST_TOKEN' }),
  requestWindow: (userId: string, windowStart: string) => ({
    pk: `USER#${userId}`,
    sk: `APPLE_INGEST_WINDOW#${windowStart}`,
  }),
} as const;
