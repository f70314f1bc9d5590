import type { PartnerCard, PartnerSearchResponse } from '@shared/schemas/partners';

export function partnerCard(overrides: Partial<PartnerCard> = {}): PartnerCard {
  return {
    userId: 'member-sarah',
    displayName: 'Sarah Johnson',
    homeArea: 'north-vancouver',
    activities: ['running', 'hiking'],
    sharedActivities: ['running'],
    level: 'Intermediate',
    availability: ['weekends', 'mornings'],
    bio: 'Early trail runs on the North Shore.',
    compatibility: 92,
    reasons: ['both run mornings', 'same level: Intermediate'],
    notCompared: [],
    connection: 'none',
    ...overrides,
  };
}

export function searchResponse(
  partners: PartnerCard[],
  overrides: Partial<PartnerSearchResponse> = {},
): PartnerSearchResponse {
  return { partners, nextCursor: null, me: { profileComplete: true, discoverable: true }, ...overrides };
}

export const noConnections = { incoming: [], outgoing: [], partners: [], blocked: [] };
