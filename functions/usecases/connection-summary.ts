import type { Connection } from '../repositories/connections';
import type { ConnectionSummary } from '../shared/schemas/connections';

/**
 * What the browser may know about a connection: never tokens. Its own module, free of the provider registry, so a
 * provider's connect route loads only its own provider's code (test/functions/architecture/lambda-bundles.test.ts).
 */
export function toConnectionSummary(connection: Connection): ConnectionSummary {
  return {
    provider: connection.provider,
    isActive: connection.isActive,
    athleteFirstName: connection.athleteFirstName,
    athleteLastName: connection.athleteLastName,
    providerUserIdPrefix: connection.providerUserId ? connection.providerUserId.slice(0, 8) : null,
    scopes: connection.scopes,
    connectedAt: connection.connectedAt,
    lastSyncAt: connection.lastSyncAt,
    ...(connection.provider === 'apple_health' && { lastIngest: connection.lastIngest }),
  };
}
