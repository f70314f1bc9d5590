import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PartnerProfileResponse } from '../../../functions/shared/schemas/partners';
import type { FileActivitySummary } from '../../../functions/shared/schemas/file-import';
import type { ProfileSettings } from '../../../functions/shared/schemas/profile';
import { callRoute, userClaims } from '../../support/api-events';
import { member, viewerMember } from './helpers';

/**
 * A member's imported files are their own records: with their consent to matching on activity, the outings in them
 * give the level, usual hours and pace another member is matched against; without it, nothing from them does.
 */
const now = new Date();
const AREA = 'west-vancouver';

/** Steady morning runs (6 or 7 a.m. in Vancouver) over the last 60 days, as an archive's summaries. */
const morningRuns: FileActivitySummary[] = Array.from({ length: 60 }, (_, i) => ({
  activity_type: 'run',
  start_time: `${new Date(now.getTime() - (1 + i) * 86_400_000).toISOString().slice(0, 10)}T14:00:00.000Z`,
  utc_offset_minutes: null,
  duration_seconds: 1800 + (i % 7) * 60,
  moving_seconds: null,
  distance_meters: 6500 + (i % 5) * 100,
  elevation_gain_meters: null,
  calories_burned: null,
  heart_rate_avg: null,
}));

const settings = (useActivityForMatching: boolean): Partial<ProfileSettings> => ({
  homeArea: AREA,
  activities: ['running'],
  availability: ['weekends'],
  useActivityForMatching,
});

/** A discoverable member who imported `outings` from a Strava archive through the import route. */
async function memberWithFiles(outings: FileActivitySummary[], useActivityForMatching: boolean) {
  const userId = await member({ name: 'Avery', settings: settings(useActivityForMatching), metrics: null });
  if (outings.length > 0) {
    const result = await callRoute('post-file-import', {
      claims: userClaims(userId),
      body: {
        import_id: randomUUID(),
        batch_index: 0,
        file_name: 'export_12345.zip',
        kind: 'strava_archive',
        activities: outings,
        daily_steps: [],
      },
    });
    expect(result.status, JSON.stringify(result.json)).toBe(200);
  }
  return userId;
}

async function partnerAsSeenBy(viewer: string, other: string) {
  const response = await callRoute('get-partner', { claims: userClaims(viewer), pathParameters: { userId: other } });
  expect(response.status).toBe(200);
  return PartnerProfileResponse.parse(response.json).partner;
}

describe('partner matching on imported files', () => {
  it('with consent, the outings of imported files give the level, usual hours and pace others are matched on', async () => {
    const viewer = await viewerMember(AREA);
    const seen = await partnerAsSeenBy(viewer, await memberWithFiles(morningRuns, true));
    expect(seen.level).not.toBeNull();
    expect(seen.notCompared).not.toContain('level');
    expect(seen.notCompared).not.toContain('pace');
    expect(seen.reasons).toContain('both often start mornings, by their recorded activity');
  });

  it('without consent, nothing from the files takes part: the same as a member who imported nothing', async () => {
    const viewer = await viewerMember(AREA);
    const anonymous = <T extends { userId: string; displayName: string }>(partner: T) => ({
      ...partner,
      userId: 'A',
      displayName: 'A',
    });
    const withoutConsent = await partnerAsSeenBy(viewer, await memberWithFiles(morningRuns, false));
    const withNothing = await partnerAsSeenBy(viewer, await memberWithFiles([], true));
    expect(withoutConsent.level).toBeNull();
    expect(withoutConsent.notCompared).toEqual(expect.arrayContaining(['level', 'pace']));
    expect(anonymous(withoutConsent)).toEqual(anonymous(withNothing));
  });
});
