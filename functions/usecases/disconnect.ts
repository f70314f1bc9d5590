import { withProvider, type ConnectionDepsSource } from './providers/registry';
import type { ProviderType } from '../shared/schemas/activity';
import { endConnection } from './end-connection';

/**
 * Disconnect's steps on the provider and the connection, for DELETE /api/connections/{provider} and the account
 * erasure: withdraw access through the provider's registry entry (best effort at a remote provider; Apple's ingest
 * token), then end the connection (end-connection.ts: inactive, tokens and generation gone so no running job writes
 * again, its jobs and activities deleted). Returns how many activities went. The daily aggregates are the caller's:
 * connections.ts forgets the provider's part, the erasure sweeps them all.
 */
export async function withdrawConnection(
  userId: string,
  provider: ProviderType,
  deps: ConnectionDepsSource,
  now: Date,
): Promise<number> {
  await withProvider(provider, deps, (entry, d) => entry.withdrawAccess(userId, d));
  return endConnection(userId, provider, now);
}
