import { NETWORK_ERROR_CODES, RECONNECT_ERROR_CODES, type ErrorCode } from '@shared/error-codes';
import type { ProviderType } from '@shared/schemas/activity';
import { ApiError } from '@/lib/api/api-error';
import { PROVIDER_NAMES } from './providers';

/**
 * Spec health-connections §8 sync errors: token problems, network problems, anything else. The sync route
 * names the kind in its code, from the server's catalogue (functions/shared/error-codes.ts).
 */
export function syncErrorMessage(provider: ProviderType, error: unknown): string {
  const name = PROVIDER_NAMES[provider];
  if (error instanceof ApiError) {
    if (error.status === 401 || isOneOf(error.code, RECONNECT_ERROR_CODES))
      return `Authentication failed for ${name}. Please reconnect.`;
    if (error.status === 0 || isOneOf(error.code, NETWORK_ERROR_CODES))
      return `Network error while syncing ${name}. Please try again.`;
    // The rate limiter's own words ('15-minute rate limit exceeded…') say when to try again.
    if (error.status === 429) return error.message;
  }
  return `Failed to sync ${name} activities`;
}

const isOneOf = (code: string, codes: readonly ErrorCode[]) => (codes as readonly string[]).includes(code);
