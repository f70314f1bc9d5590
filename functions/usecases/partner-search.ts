import { factsOthersMaySee, type ActivityFacts } from '../domain/matching-facts';
import { isPremium } from '../domain/billing';
import { ForbiddenError, NotFoundError } from '../lib/errors';
import { getBillingState } from '../repositories/billing';
import { matchingFactsOf } from '../repositories/metrics';
import {
  getPartnerSnapshot,
  indexPartition,
  isPartitionStart,
  partitionStart,
  queryIndexPage,
  type IndexKey,
  type IndexPartition,
  type PartnerListing,
} from '../repositories/partner-index';
import {
  getRelationship,
  isBlocked,
  listRelationships,
  type Relationship,
} from '../repositories/partner-relationships';
import { getUserProfile } from '../repositories/user-profiles';
import { isPartnerIndexEntryKey } from '../repositories/keys';
import {
  LEVEL_BY_FILTER,
  PREMIUM_REQUIRED_MESSAGE,
  usesPremiumFilter,
  type PartnerCard,
  type PartnerProfileResponse,
  type PartnerSearchQuery,
  type PartnerSearchResponse,
} from '../shared/schemas/partners';
import { DEFAULT_PROFILE_SETTINGS, type OutdoorActivity, type ProfileSettings } from '../shared/schemas/profile';
import type { MatchingMetrics } from '../repositories/partner-members';
import { matchSubject, partnerCard, type CandidateFacts } from './partner-cards';
import { decodeCursor, encodeCursor } from './partner-cursor';
import { visibleOnly } from '../repositories/reports';
import { placesNear } from '../shared/places';

export interface PartnerSearchDeps {
  getUserProfile: typeof getUserProfile;
  listRelationships: typeof listRelationships;
  queryIndexPage: typeof queryIndexPage;
  matchingFactsOf: typeof matchingFactsOf;
  getBillingState: typeof getBillingState;
}

const dynamoDeps: PartnerSearchDeps = {
  getUserProfile,
  listRelationships,
  queryIndexPage,
  matchingFactsOf,
  getBillingState,
};

/** At most this many index entries are read for one page, so a rare filter cannot make a request slow. */
export const SEARCH_READ_BUDGET = 400;

type MatchDeclarations = Pick<ProfileSettings, 'level' | 'paces' | 'useActivityForMatching'>;

/**
 * A member as matching sees them — their declarations, and their consented activity facts — the same whether they
 * search or are found, so a percent is the same both ways and nothing from Strava takes part on either side.
 */
function candidateOf(
  listing: Omit<CandidateFacts, 'paceBands'> & MatchDeclarations,
  consented: ActivityFacts | null,
): { facts: CandidateFacts; level: MatchingMetrics | null } {
  const seen = factsOthersMaySee(listing, consented);
  const facts: CandidateFacts = {
    userId: listing.userId,
    displayName: listing.displayName,
    homeArea: listing.homeArea,
    activities: listing.activities,
    availability: listing.availability,
    bio: listing.bio,
    visibleFields: listing.visibleFields,
    paceBands: seen.paceBands,
  };
  return { facts, level: seen.level };
}

async function searcherOf(userId: string, deps: Pick<PartnerSearchDeps, 'getUserProfile' | 'matchingFactsOf'>) {
  const [profile, consented] = await Promise.all([deps.getUserProfile(userId), deps.matchingFactsOf([userId])]);
  const settings: ProfileSettings = profile?.settings ?? DEFAULT_PROFILE_SETTINGS;
  const seen = factsOthersMaySee(settings, consented.get(userId) ?? null);
  return { settings, subject: matchSubject(settings, seen.level, seen.paceBands) };
}

/**
 * The partitions a search reads, in order: everyone's (gsi1) for 'all'; else the place's own and then each place
 * within NEAR_KM of it, nearest first. Each is read to its end before the next, so a page still costs one Query
 * per partition it touches, and the read budget bounds the whole.
 */
function searchPartitions(query: Pick<PartnerSearchQuery, 'location' | 'activity'>): IndexPartition[] {
  if (query.location === 'all') return [indexPartition('all', query.activity)];
  return placesNear(query.location).map((area) => indexPartition(area, query.activity));
}

function isIndexKeyForAny(partitions: IndexPartition[]) {
  return (value: unknown): value is IndexKey => partitions.some((partition) => isIndexKeyFor(partition)(value));
}

function isIndexKeyFor(partition: IndexPartition) {
  return (value: unknown): value is IndexKey => {
    if (typeof value !== 'object' || value === null) return false;
    const key = value as Record<string, unknown>;
    const fields = partition.index === 'gsi1' ? ['pk', 'sk', 'gsi1pk', 'gsi1sk'] : ['pk', 'sk'];
    if (Object.keys(key).length !== fields.length || !fields.every((field) => typeof key[field] === 'string'))
      return false;
    if (!isPartnerIndexEntryKey({ pk: String(key.pk), sk: String(key.sk) })) return false;
    return (
      (partition.index === 'gsi1' ? key.gsi1pk : key.pk) === partition.partitionKey &&
      (partition.index !== 'gsi1' || key.gsi1sk === key.sk)
    );
  };
}

/**
 * GET /api/partners: one page of discoverable members for the filters, best match first within the page.
 * Reads the index partitions (area × activity) of the place and the places near it, in key order — never every
 * member — and skips the
 * searcher, anyone blocked either way, and members whose shared facts do not fit the filters (a member
 * who keeps their area, activities, level or availability private is left out of searches filtered on it).
 * The Premium filters (pace, weekend) answer 403 `premium_required` to a free member before anything is read, and
 * follow the same rule: pace only matches a member who shows both level and activities (as matching compares pace),
 * weekend only one who shows availability.
 */
export async function searchPartners(
  userId: string,
  query: PartnerSearchQuery,
  now: Date,
  deps: PartnerSearchDeps = dynamoDeps,
): Promise<PartnerSearchResponse> {
  if (usesPremiumFilter(query) && !isPremium(await deps.getBillingState(userId), now))
    throw new ForbiddenError(PREMIUM_REQUIRED_MESSAGE, 'premium_required');
  const partitions = searchPartitions(query);
  const resumeAt = query.cursor ? decodeCursor(query.cursor, isIndexKeyForAny(partitions)) : null;
  let turn = resumeAt ? partitions.findIndex((partition) => isIndexKeyFor(partition)(resumeAt)) : 0;
  let startKey: IndexKey | null = resumeAt && !isPartitionStart(resumeAt) ? resumeAt : null;
  // Level and availability filters skip most entries, so read further per round trip when they are set.
  const filtered = query.level !== 'all' || query.availability !== 'all' || usesPremiumFilter(query);
  const pageSize = Math.min(SEARCH_READ_BUDGET, Math.max(query.limit * (filtered ? 8 : 2), 20));

  const [searcher, relationships, firstPage] = await Promise.all([
    searcherOf(userId, deps),
    deps.listRelationships(userId),
    deps.queryIndexPage(partitions[turn]!, startKey, pageSize),
  ]);
  const byOther = new Map<string, Relationship>(relationships.map((r) => [r.otherUserId, r]));
  const wantedLevel = query.level === 'all' ? null : LEVEL_BY_FILTER[query.level];

  const cheapFit = (listing: PartnerListing) => {
    if (listing.userId === userId) return false;
    const relationship = byOther.get(listing.userId);
    if (relationship && isBlocked(relationship)) return false;
    // A filter on a field the member keeps private never matches them, or the filter would tell it.
    if (query.location !== 'all' && !listing.visibleFields.includes('homeArea')) return false;
    if (query.activity !== 'all' && !listing.visibleFields.includes('activities')) return false;
    if (
      query.availability !== 'all' &&
      !(listing.visibleFields.includes('availability') && listing.availability.includes(query.availability))
    )
      return false;
    if (wantedLevel && !listing.visibleFields.includes('level')) return false;
    if (
      query.weekend === 'true' &&
      !(listing.visibleFields.includes('availability') && listing.availability.includes('weekends'))
    )
      return false;
    // Pace tells level and names an activity, so matching compares it only when both are shown (observableSubject).
    if (query.pace && !(listing.visibleFields.includes('level') && listing.visibleFields.includes('activities')))
      return false;
    return true;
  };

  const cards: PartnerCard[] = [];
  let nextKey: IndexKey | null = null;
  let read = 0;
  let page = firstPage;
  for (;;) {
    read += page.entries.length;
    const fitting = page.entries.filter((entry) => cheapFit(entry.listing));
    const consented = await deps.matchingFactsOf(
      fitting.filter((entry) => entry.listing.useActivityForMatching).map((entry) => entry.listing.userId),
    );
    let cutAt: number | null = null;
    for (const [index, entry] of page.entries.entries()) {
      if (!fitting.includes(entry)) continue;
      const candidate = candidateOf(entry.listing, consented.get(entry.listing.userId) ?? null);
      if (wantedLevel && candidate.level?.activityLevelLabel !== wantedLevel) continue;
      if (query.pace && candidate.facts.paceBands[query.activity as OutdoorActivity] !== query.pace) continue;
      cards.push(
        partnerCard(
          searcher.subject,
          candidate.facts,
          candidate.level,
          byOther.get(entry.listing.userId)?.state ?? 'none',
        ),
      );
      if (cards.length === query.limit) {
        cutAt = index;
        break;
      }
    }
    const nextPartition = page.lastKey ? null : (partitions[turn + 1] ?? null);
    const afterPage = page.lastKey ?? (nextPartition ? partitionStart(nextPartition) : null);
    if (cutAt !== null) {
      nextKey = cutAt === page.entries.length - 1 ? afterPage : page.entries[cutAt]!.key;
      break;
    }
    if (!afterPage || read >= SEARCH_READ_BUDGET) {
      nextKey = afterPage;
      break;
    }
    if (nextPartition) turn += 1;
    startKey = page.lastKey;
    page = await deps.queryIndexPage(partitions[turn]!, startKey, Math.min(pageSize, SEARCH_READ_BUDGET - read));
  }

  cards.sort((a, b) => b.compatibility - a.compatibility);
  const { settings } = searcher;
  return {
    partners: await visibleOnly(
      userId,
      cards,
      'person',
      (card) => card.userId,
      (card) => card.userId,
    ), // Hidden / suspended people
    nextCursor: nextKey ? encodeCursor(nextKey) : null,
    me: {
      profileComplete: settings.displayName !== null && settings.homeArea !== null && settings.activities.length > 0,
      discoverable: settings.discoverable,
    },
  };
}

export interface PartnerProfileDeps extends Pick<PartnerSearchDeps, 'getUserProfile' | 'matchingFactsOf'> {
  getRelationship: typeof getRelationship;
  getPartnerSnapshot: typeof getPartnerSnapshot;
}

const profileDeps: PartnerProfileDeps = {
  getUserProfile,
  matchingFactsOf,
  getRelationship,
  getPartnerSnapshot,
};

export const memberNotAvailable = () => new NotFoundError('This member is not available.');

/**
 * GET /api/partners/{userId}: the same coarse facts as a card. Visible while the member is discoverable,
 * or while the two of you have a request or partnership; never when either has blocked the other.
 */
export async function viewPartner(
  userId: string,
  otherUserId: string,
  now: Date,
  deps: PartnerProfileDeps = profileDeps,
): Promise<PartnerProfileResponse> {
  if (otherUserId === userId) throw memberNotAvailable();
  const [relationship, snapshot] = await Promise.all([
    deps.getRelationship(userId, otherUserId),
    deps.getPartnerSnapshot(otherUserId),
  ]);
  if (isBlocked(relationship)) throw memberNotAvailable();

  let listing: (Omit<CandidateFacts, 'paceBands'> & MatchDeclarations) | null = snapshot;
  if (!listing && relationship.state !== 'none') {
    const profile = await deps.getUserProfile(otherUserId);
    const settings = profile?.settings;
    if (settings?.displayName) listing = { userId: otherUserId, ...settings, displayName: settings.displayName };
  }
  if (!listing) throw memberNotAvailable();

  const [searcher, consented] = await Promise.all([
    searcherOf(userId, deps),
    listing.useActivityForMatching ? deps.matchingFactsOf([otherUserId]) : new Map<string, ActivityFacts>(),
  ]);
  const candidate = candidateOf(listing, consented.get(otherUserId) ?? null);
  return { partner: partnerCard(searcher.subject, candidate.facts, candidate.level, relationship.state) };
}
