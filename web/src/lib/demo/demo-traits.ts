import type { ClientTraits } from '@/lib/api-client';

/** Demo mode's differences from the real API, as data (spec core-app §2, §8, §9): what its screens show besides the sample. */
export const DEMO_TRAITS: ClientTraits = {
  findRidesTab: true,
  ridesShared: 7,
  noRidesText: 'Demo ride data not available',
  // The sample's limits never move: read once.
  liveUsage: false,
  // No real account: nothing to change a password or an email on.
  credentialsEditable: false,
  accountDeletedMessage: 'Demo data cleared. Demo mode has ended.',
};
