import { googleOAuthDeps, type GoogleOAuthDeps } from '../../google-oauth-deps';
import { googleSyncNow } from '../google-sync-now';
import { googleWithdrawal } from '../google-withdrawal';
import type { ProviderEntry } from '../provider';

/** Google Health in the registry: read by import jobs, sync now queues one, disconnect revokes the grant. */
export const googleHealth: ProviderEntry<GoogleOAuthDeps, true> = {
  ...googleSyncNow,
  ...googleWithdrawal,
  pulls: true,
  deps: () => googleOAuthDeps(),
};
