import type { ProviderEntry } from '../provider';
import { appleSyncNow } from './sync-now';
import { appleWithdrawal } from './withdrawal';

/**
 * Apple Health in the registry: push-only (the Shortcut posts to /api/apple/ingest with our ingest token), so no
 * OAuth and no import jobs, and its sides need no deps.
 */
export const appleHealth: ProviderEntry<undefined, false> = {
  ...appleSyncNow,
  ...appleWithdrawal,
  pulls: false,
  deps: async () => undefined,
};
