import { getPartnerSnapshot, replacePartnerListing, type PartnerListing } from '../repositories/partner-index';
import type { ProfileSettings } from '../shared/schemas/profile';
import { savePartnerListing, type PartnerListingDeps } from './partner-listing';

export type PartnerIndexDeps = PartnerListingDeps;

const dynamoDeps: PartnerIndexDeps = { getPartnerSnapshot, replacePartnerListing };

/** Whether settings make a member findable: opted in, and with what search needs (name, area, an activity). */
export function isListable(
  settings: ProfileSettings,
): settings is ProfileSettings & { displayName: string; homeArea: NonNullable<ProfileSettings['homeArea']> } {
  return (
    settings.discoverable &&
    settings.displayName !== null &&
    settings.homeArea !== null &&
    settings.activities.length > 0
  );
}

/**
 * Keeps the partner-search index in step with a user's profile settings: a discoverable user is
 * findable by home area and activity; anyone else is removed from the index. Called by PUT /api/profile
 * after the settings are saved. (Account deletion takes the user out with savePartnerListing(userId, null).)
 */
export async function refreshPartnerIndex(
  userId: string,
  settings: ProfileSettings,
  now: Date,
  deps: PartnerIndexDeps = dynamoDeps,
): Promise<void> {
  let listing: PartnerListing | null = null;
  if (isListable(settings)) {
    // Declarations only: activity facts are read at search time, from consented sources, so the index never holds
    // anything computed from a provider (and a sync does not have to rewrite it).
    listing = {
      userId,
      displayName: settings.displayName,
      homeArea: settings.homeArea,
      activities: [...settings.activities],
      availability: [...settings.availability],
      bio: settings.bio,
      visibleFields: [...settings.visibleFields],
      level: settings.level,
      paces: { ...settings.paces },
      useActivityForMatching: settings.useActivityForMatching,
      updatedAt: now.toISOString(),
    };
  }
  await savePartnerListing(userId, listing, deps);
}
