// zod-free on purpose: the lazy HTTP client (lazy-api-client.ts) answers `traits` before the real client loads.
/**
 * What the screens show beyond the API's answers, as data: the HTTP client carries SERVER_TRAITS, demo
 * mode its own fixture (web/src/lib/demo/demo-traits.ts). Screens read these, never whether demo mode is on.
 */
export interface ClientTraits {
  /** Dashboard: the Find Rides tab (spec core-app §2: demo only). */
  findRidesTab: boolean;
  /** Dashboard: the Rides Shared card's number, or null for no card (spec core-app §9: demo fixed at 7). */
  ridesShared: number | null;
  /** Find Rides: the text when there are no offers or requests. */
  noRidesText: string;
  /** Whether the Strava usage changes over time, so the indicator keeps reading it. */
  liveUsage: boolean;
  /** Whether the account has a password and an email that can be changed (profile). */
  credentialsEditable: boolean;
  /** The toast after the account was deleted. */
  accountDeletedMessage: string;
}

export const SERVER_TRAITS: ClientTraits = {
  findRidesTab: false,
  ridesShared: null,
  noRidesText: 'No ride offers or requests for your upcoming activities yet. Offer or ask for one on an activity page.',
  liveUsage: true,
  credentialsEditable: true,
  accountDeletedMessage: 'Your account and data have been deleted.',
};
