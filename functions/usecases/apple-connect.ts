import { randomUUID } from 'node:crypto';
import { hashIngestToken, INGEST_TOKEN_BYTES, ingestTokenFrom } from '../domain/apple-ingest-token';
import { replaceIngestToken } from '../repositories/apple-ingest-tokens';
import { getConnection, saveTokenlessConnection } from '../repositories/connections';
import type { AppleIngestTokenResponse } from '../shared/schemas/apple';
import type { AppleDeps } from './apple-deps';
import { toConnectionSummary } from './connection-summary';

/** Spec §6: the Apple Health data types TrailBuddy asks the Shortcut to read. */
export const APPLE_HEALTH_SCOPES = [
  'step_count',
  'walking_running_distance',
  'active_energy',
  'heart_rate',
  'workouts',
  'sleep_analysis',
] as const;

/**
 * POST /api/apple/ingest-token: connects Apple Health for the caller (or keeps a live connection) and issues a new
 * ingest token. Only the token's hash is stored, so the token is shown this once; any earlier token stops working.
 */
export async function issueAppleIngestToken(
  userId: string,
  now: Date,
  deps: AppleDeps,
): Promise<AppleIngestTokenResponse> {
  const previous = await getConnection(userId, 'apple_health', null);
  const connection = await saveTokenlessConnection({
    userId,
    provider: 'apple_health',
    // There is no Apple account id to show; a random one, kept across reconnects, stands in for the 'User ID:' line.
    providerUserId: previous?.providerUserId || randomUUID(),
    scopes: [...APPLE_HEALTH_SCOPES],
    now,
    keepHistory: previous?.isActive === true,
  });
  const token = ingestTokenFrom(deps.randomBytes(INGEST_TOKEN_BYTES));
  await replaceIngestToken(userId, hashIngestToken(token), now);
  return {
    connection: toConnectionSummary(connection),
    token,
    ingestUrl: deps.settings.ingestUrl,
    shortcutUrl: deps.settings.shortcutUrl,
  };
}
