import { getPartnerSnapshot, replacePartnerListing, type PartnerListing } from '../repositories/partner-index';

export interface PartnerListingDeps {
  getPartnerSnapshot: typeof getPartnerSnapshot;
  replacePartnerListing: typeof replacePartnerListing;
}

const dynamoDeps: PartnerListingDeps = { getPartnerSnapshot, replacePartnerListing };

/** Saves racing each other retry this often before giving up. */
const MAX_ATTEMPTS = 5;

/**
 * Puts `listing` in the partner-search index in place of the user's current one (null takes them out), retrying
 * while another save races this one. Its own module, so leaving search (account deletion) loads no pace bands.
 */
export async function savePartnerListing(
  userId: string,
  listing: PartnerListing | null,
  deps: PartnerListingDeps = dynamoDeps,
): Promise<void> {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const previous = await deps.getPartnerSnapshot(userId);
    if (!previous && !listing) return;
    if (await deps.replacePartnerListing(userId, previous, listing)) return;
  }
  throw new Error('The partner index kept changing under this save; try again.');
}
