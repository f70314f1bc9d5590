import { matchPartner, observableSubject, visibleReasons, type MatchSubject } from '../domain/matching';
import type { PaceBands } from '../domain/matching-pace';
import type { MatchingMetrics } from '../repositories/partner-members';
import type { ConnectionStatus, PartnerCard } from '../shared/schemas/partners';
import type {
  AvailabilitySlot,
  HomeArea,
  OutdoorActivity,
  ProfileSettings,
  ShareableField,
} from '../shared/schemas/profile';

/** What is known about a candidate: their stated preferences (some maybe private) and coarse pace bands. */
export interface CandidateFacts {
  userId: string;
  displayName: string;
  homeArea: HomeArea | null;
  activities: readonly OutdoorActivity[];
  availability: readonly AvailabilitySlot[];
  bio: string;
  visibleFields: readonly ShareableField[];
  paceBands: PaceBands;
}

export function matchSubject(
  facts: Pick<ProfileSettings, 'homeArea' | 'activities' | 'availability'>,
  metrics: MatchingMetrics | null,
  paceBands: PaceBands,
): MatchSubject {
  return {
    homeArea: facts.homeArea,
    activities: facts.activities,
    availability: facts.availability,
    level: metrics ? { label: metrics.activityLevelLabel, score: metrics.activityScore } : null,
    preferredHours: metrics?.preferredHours ?? [],
    paceBands,
  };
}

/**
 * The card another member sees: what the candidate chose to share, the compatibility and the reasons their
 * choices allow — never a number from their activity data (design §1: Strava data is shown only to its owner).
 */
export function partnerCard(
  searcher: MatchSubject,
  candidate: CandidateFacts,
  metrics: MatchingMetrics | null,
  connection: ConnectionStatus,
): PartnerCard {
  const visible = new Set(candidate.visibleFields);
  const subject = matchSubject(
    { ...candidate, activities: [...candidate.activities], availability: [...candidate.availability] },
    metrics,
    candidate.paceBands,
  );
  // Only what the candidate shares takes part, so a hidden fact cannot be read back through the score.
  const match = matchPartner(searcher, observableSubject(subject, candidate.visibleFields));
  return {
    userId: candidate.userId,
    displayName: candidate.displayName,
    homeArea: visible.has('homeArea') ? candidate.homeArea : null,
    activities: visible.has('activities') ? [...candidate.activities] : [],
    sharedActivities: visible.has('activities') ? match.sharedActivities : [],
    level: visible.has('level') ? (metrics?.activityLevelLabel ?? null) : null,
    availability: visible.has('availability') ? [...candidate.availability] : [],
    bio: visible.has('bio') && candidate.bio.trim() !== '' ? candidate.bio : null,
    compatibility: match.compatibility,
    reasons: visibleReasons(match.reasons, candidate.visibleFields),
    notCompared: match.notCompared,
    connection,
  };
}
