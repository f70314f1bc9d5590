import type { ProviderType } from '../shared/schemas/activity';
import { appleSyncNow } from './apple-sync-now';
import { googleSyncNow } from './google-sync-now';
import type { SyncNowSide } from './provider';
import { stravaSyncNow } from './strava-sync-now';
import type { ConnectionDeps, ConnectionDepsSource } from './withdrawals';

export type SyncNowSides = { readonly [P in ProviderType]: SyncNowSide<ConnectionDeps[P]> };

/**
 * Every provider's sync-now side, keyed by its id: one line per provider. POST /api/connections/{provider}/sync
 * dispatches through this, so it loads no provider's connect, import or mapping code (each whole provider in
 * registry.ts spreads in the same side).
 */
export function syncNowSides(): SyncNowSides {
  return {
    strava: stravaSyncNow,
    google_health: googleSyncNow,
    apple_health: appleSyncNow,
  };
}

/** Calls `use` with the sync-now side of provider `id` and its deps, keeping the two paired for the type checker. */
export function withSyncNowSide<R>(
  id: ProviderType,
  deps: ConnectionDepsSource,
  use: <D>(side: SyncNowSide<D>, deps: () => Promise<D>) => Promise<R>,
): Promise<R> {
  return use(syncNowSides()[id] as SyncNowSide<unknown>, deps[id] as () => Promise<unknown>);
}
