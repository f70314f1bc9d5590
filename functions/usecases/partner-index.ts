import { PACE_WINDOW_DAYS, paceBandsFromDailyAggregates } from '../domain/matching-pace';
import { listDailyAggregates } from '../repositories/metrics';
import { getPartnerSnapshot, replacePartnerListing, type PartnerListing } from '../repositories/partner-index';
import type { ProfileSettings } from '../shared/schemas/profile';
import { savePartnerListing, type PartnerListingDeps } from './partner-listing';

export interface PartnerIndexDeps extends PartnerListingDeps {
  listDailyAggregates: typeof listDailyAggregates;
}

const dynamoDeps: PartnerIndexDeps = { listDailyAggregates, getPartnerSnapshot, replacePartnerListing };

/** The start of the pace window as a local date; a day either way does not change a coarse band. */
function paceWindowStart(now: Date): string {
  return new Date(now.getTime() - PACE_WINDOW_DAYS * 86_400_000).toISOString().slice(0, 10);
}

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
 * Keeps the partner-search index in step with a user's profile settings (issue 6): a discoverable user is
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
    const days = await deps.listDailyAggregates(userId, { from: paceWindowStart(now) });
    listing = {
      userId,
      displayName: settings.displayName,
      homeArea: settings.homeArea,
      activities: [...settings.activities],
      availability: [...settings.availability],
      bio: settings.bio,
      visibleFields: [...settings.visibleFields],
      paceBands: paceBandsFromDailyAggregates(days),
      updatedAt: now.toISOString(),
    };
  }
  await savePartnerListing(userId, listing, deps);
}
