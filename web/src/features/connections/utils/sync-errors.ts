import type { ProviderType } from '@shared/schemas/activity';
import { ApiError } from '@/lib/api/transport';
import { PROVIDER_NAMES } from './providers';

/**
 * Spec health-connections §8 sync errors: token problems, network problems, anything else. The sync route
 * names the kind in its code (e.g. 'strava_reconnect_required', 'strava_network_error').
 */
export function syncErrorMessage(provider: ProviderType, error: unknown): string {
  const name = PROVIDER_NAMES[provider];
  if (error instanceof ApiError) {
    if (error.status === 401 || /reconnect|token|unauthori[sz]ed/i.test(error.code))
      return `Authentication failed for ${name}. Please reconnect.`;
    if (error.status === 0 || /network/i.test(error.code))
      return `Network error while syncing ${name}. Please try again.`;
    // The rate limiter's own words ('15-minute rate limit exceeded…') say when to try again.
    if (error.status === 429) return error.message;
  }
  return `Failed to sync ${name} activities`;
}
