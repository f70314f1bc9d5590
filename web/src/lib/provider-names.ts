import type { ProviderType } from '@shared/schemas/activity';

/** Each provider's name as every screen shows it (activity cards, connection cards, sync messages). */
export const PROVIDER_NAMES: Record<ProviderType, string> = {
  strava: 'Strava',
  google_health: 'Google Health',
  apple_health: 'Apple Health',
};
