import { beforeAll, describe, expect, it } from 'vitest';
import type { ProviderType, UnifiedActivity } from '../../../functions/shared/schemas/activity';
import {
  LEVEL_FILTER_VALUES,
  PartnerProfileResponse,
  PartnerSearchResponse,
  type PartnerCard,
} from '../../../functions/shared/schemas/partners';
import { ProfileResponse, type ProfileSettings } from '../../../functions/shared/schemas/profile';
import { recalculateUserMetrics } from '../../../functions/usecases/metrics';
import { callRoute, userClaims } from '../../support/api-events';
import { unifiedActivity } from '../../support/unified-activity';
import { member, viewerMember } from '../partners/helpers';
import { useOwnTables } from '../../support/own-tables';

/**
 * Strava API Agreement (strava.com/api-agreement, read 2026-11-28): Strava Data a user provides may be displayed or
 * disclosed only to that user. So what member B can observe of member A — search results (with every level filter),
 * the card, the profile, the percent, the reasons, 'not compared' — must be the same whether A's Strava holds nothing
 * or 500 activities, even with A's consent to matching on activity. Their own Google Health activity, with that
 * consent, does count (the control that shows this test can see a difference); without it, it does not.
 */
const now = new Date();
const AREA = 'west-vancouver';

/** Steady morning runs (6 a.m. in Vancouver), fast enough for a pace band, over the last 80 days. */
function runs(provider: ProviderType, count: number): UnifiedActivity[] {
  return Array.from({ length: count }, (_, i) =>
    unifiedActivity({
      provider_type: provider,
      provider_activity_id: `${provider}-${i}`,
      activity_type: 'Run',
      start_time: `${new Date(now.getTime() - (1 + (i % 80)) * 86_400_000).toISOString().slice(0, 10)}T14:00:00.000Z`,
      duration_seconds: 1800 + (i % 7) * 60,
      distance_meters: 6500 + (i % 5) * 100,
      steps: 5000,
      fetched_at: now.toISOString(),
    }),
  );
}

const A_SETTINGS: Partial<ProfileSettings> = {
  homeArea: AREA,
  activities: ['running', 'swimming'],
  availability: ['weekends'],
  useActivityForMatching: true,
};

/** A discoverable member A whose sources hold `activities` (already imported, as the import's recalculation leaves them). */
async function memberA(activities: UnifiedActivity[], settings: Partial<ProfileSettings> = A_SETTINGS) {
  const userId = await member({ name: 'Avery', settings, metrics: null });
  const providers = [...new Set(activities.map((activity) => activity.provider_type))];
  await recalculateUserMetrics(userId, now, {
    listActivities: async () => activities.map((activity) => ({ ...activity, user_id: userId })),
    listActiveProviders: async () =>
      providers.map((provider) => ({ provider, connectedAt: '2025-01-01T00:00:00.000Z' })),
  });
  return userId;
}

// Its own tables: "location=all" pages through every member, and on the shared tables that is every other file's too.
useOwnTables();
let viewer: string;
beforeAll(async () => {
  viewer = await viewerMember(AREA);
});

async function searchFor(other: string, query: string): Promise<PartnerCard | null> {
  let cursor: string | null = null;
  for (let page = 0; page < 200; page++) {
    const response = await callRoute('get-partners', {
      claims: userClaims(viewer),
      query: cursor ? `${query}&cursor=${cursor}` : query,
    });
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    const body = PartnerSearchResponse.parse(response.json);
    const card = body.partners.find((partner) => partner.userId === other);
    if (card) return card;
    cursor = body.nextCursor;
    if (!cursor) return null;
  }
  throw new Error('too many pages');
}

/** Everything B can observe of A, with A's id and name taken out (they differ between the members compared). */
async function viewOf(other: string) {
  const anonymous = (card: PartnerCard | null) => card && { ...card, userId: 'A', displayName: 'A' };
  const profile = await callRoute('get-partner', { claims: userClaims(viewer), pathParameters: { userId: other } });
  expect(profile.status).toBe(200);
  const byLevel: Record<string, boolean> = {};
  for (const level of LEVEL_FILTER_VALUES) {
    byLevel[level] = (await searchFor(other, `location=${AREA}&activity=running&level=${level}`)) !== null;
  }
  return {
    search: anonymous(await searchFor(other, `location=${AREA}&activity=running`)),
    anywhere: anonymous(await searchFor(other, 'location=all&activity=all&availability=weekends')),
    byLevel,
    profile: anonymous(PartnerProfileResponse.parse(profile.json).partner),
  };
}

describe("nothing derived from a member's Strava reaches another member", () => {
  it("B's view of A is identical whether A's Strava holds nothing or 500 activities", async () => {
    const withNothing = await memberA([]);
    const with500 = await memberA(runs('strava', 500));

    const nothing = await viewOf(withNothing);
    expect(nothing.search).not.toBeNull();
    expect(nothing.search!.level).toBeNull();
    expect(await viewOf(with500)).toEqual(nothing);
  });

  it('Google Health activity counts only with the consent toggle on; without it, B sees the declared profile alone', async () => {
    const withNothing = await viewOf(await memberA([]));
    const googleWithoutConsent = await memberA(runs('google_health', 500), {
      ...A_SETTINGS,
      useActivityForMatching: false,
    });
    const googleWithConsent = await memberA(runs('google_health', 500));
    const stravaWithoutConsent = await memberA(runs('strava', 500), { ...A_SETTINGS, useActivityForMatching: false });

    expect(await viewOf(googleWithoutConsent)).toEqual(withNothing);
    expect(await viewOf(stravaWithoutConsent)).toEqual(withNothing);

    const consented = await viewOf(googleWithConsent);
    expect(consented.search!.level).not.toBeNull();
    expect(consented.search!.notCompared).not.toContain('level');
    expect(consented.search!.notCompared).not.toContain('pace');
    expect(consented.search!.reasons).toContain('both often start mornings, by their recorded activity');
  });

  it('the owner alone gets suggestions from their Strava activity, and one they put on their profile is theirs to show', async () => {
    const a = await memberA(runs('strava', 500));
    const own = await callRoute('get-profile', { claims: userClaims(a) });
    expect(own.status).toBe(200);
    const { settings, suggested } = ProfileResponse.parse(own.json);
    expect(suggested.level).not.toBeNull();
    expect(suggested.paces.running).toBeDefined();
    expect(suggested.times).toEqual(['mornings']);
    expect((await viewOf(a)).search!.level).toBeNull();

    // One tap on the suggested level: the client sends the settings with it, and now it is A's own declaration.
    const put = await callRoute('put-profile', {
      claims: userClaims(a),
      body: { ...settings, level: suggested.level },
    });
    expect(put.status, JSON.stringify(put.json)).toBe(200);
    expect((await viewOf(a)).search!.level).toBe(suggested.level);
  });
});
