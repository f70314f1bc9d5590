import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { handler as getProfile } from '../../../functions/handlers/profile/get-profile';
import { handler as putProfile } from '../../../functions/handlers/profile/put-profile';
import { dynamo } from '../../../functions/lib/dynamo';
import { saveMetrics } from '../../../functions/repositories/metrics';
import { refreshPartnerIndex } from '../../../functions/usecases/partner-index';
import { ROUTES } from '../../../functions/shared/routes';
import { ApiErrorBody } from '../../../functions/shared/schemas/error';
import type { ActivityMetrics } from '../../../functions/shared/schemas/metrics';
import {
  DEFAULT_PROFILE_SETTINGS,
  ProfileResponse,
  type ProfileSettings,
} from '../../../functions/shared/schemas/profile';
import { invoke, userClaims } from '../../support/api-events';

// The real partner index, watched: PUT must hand it what was saved.
vi.mock(import('../../../functions/usecases/partner-index'), async (importOriginal) => {
  const original = await importOriginal();
  return { ...original, refreshPartnerIndex: vi.fn(original.refreshPartnerIndex) };
});

const route = (id: string) => ROUTES.find((r) => r.id === id)!;
const newUser = () => `user-${randomUUID()}`;

const get = (userId: string | null, options: Parameters<typeof invoke>[2] = {}) =>
  invoke(getProfile, route('get-profile'), { ...options, ...(userId ? { claims: userClaims(userId) } : {}) });
const put = (userId: string | null, body: unknown, options: Parameters<typeof invoke>[2] = {}) =>
  invoke(putProfile, route('put-profile'), {
    body: body as object,
    ...options,
    ...(userId ? { claims: userClaims(userId) } : {}),
  });

const maya: ProfileSettings = {
  displayName: 'Maya C.',
  homeArea: 'north-vancouver',
  activities: ['running', 'hiking'],
  availability: ['weekends', 'mornings'],
  bio: 'Trail runner, usually on the Baden-Powell before work.',
  discoverable: true,
  visibleFields: ['homeArea', 'activities', 'level'],
  level: null,
  paces: {},
  useActivityForMatching: false,
};

async function storedItem(userId: string) {
  return (
    await dynamo().send(
      new GetCommand({ TableName: process.env.TABLE_USERS, Key: { pk: `USER#${userId}`, sk: 'PROFILE' } }),
    )
  ).Item;
}

function errorOf(response: { json: unknown }) {
  return ApiErrorBody.parse(response.json).error;
}

beforeEach(() => {
  vi.mocked(refreshPartnerIndex).mockClear();
});

describe('GET /api/profile', () => {
  it('creates the profile on first call with the defaults: not discoverable, no level before any sync', async () => {
    const userId = newUser();
    const response = await get(userId);
    expect(response.status).toBe(200);
    const profile = ProfileResponse.parse(response.json);
    expect(profile).toMatchObject({
      id: userId,
      email: `${userId}@example.com`,
      settings: DEFAULT_PROFILE_SETTINGS,
      level: null,
    });
    expect(profile.settings.discoverable).toBe(false);
    expect(await storedItem(userId)).toMatchObject({ userId, createdAt: profile.createdAt });
  });

  it("reports the user's activity-level label from their metrics", async () => {
    const userId = newUser();
    await saveMetrics(userId, metrics('Advanced'));
    expect(ProfileResponse.parse((await get(userId)).json).level).toBe('Advanced');
  });

  it('is unauthorized without verified claims', async () => {
    expect((await get(null)).status).toBe(401);
  });
});

describe('PUT /api/profile', () => {
  it('saves the whole settings object, returns it, and GET reads it back', async () => {
    const userId = newUser();
    const created = ProfileResponse.parse((await get(userId)).json);
    const response = await put(userId, { ...maya, displayName: '  Maya C.  ', bio: `  ${maya.bio}\n` });
    expect(response.status).toBe(200);
    const saved = ProfileResponse.parse(response.json);
    expect(saved.settings).toEqual(maya); // trimmed
    expect(saved.createdAt).toBe(created.createdAt);
    expect(ProfileResponse.parse((await get(userId)).json).settings).toEqual(maya);
  });

  it('creates the profile when the first call is a save', async () => {
    const userId = newUser();
    const saved = ProfileResponse.parse((await put(userId, maya)).json);
    expect(saved).toMatchObject({ id: userId, email: `${userId}@example.com`, settings: maya });
    expect(await storedItem(userId)).toMatchObject({ createdAt: saved.createdAt, email: `${userId}@example.com` });
  });

  it('refreshes the partner index with what was saved', async () => {
    const userId = newUser();
    await put(userId, maya);
    expect(refreshPartnerIndex).toHaveBeenCalledTimes(1);
    expect(refreshPartnerIndex).toHaveBeenCalledWith(userId, maya, expect.any(Date));
    await put(userId, { ...maya, discoverable: false });
    expect(vi.mocked(refreshPartnerIndex).mock.calls[1]?.[1]).toMatchObject({ discoverable: false });
  });

  it('lets a user be private with an empty profile', async () => {
    const userId = newUser();
    const response = await put(userId, DEFAULT_PROFILE_SETTINGS);
    expect(response.status).toBe(200);
    expect(ProfileResponse.parse(response.json).settings).toEqual(DEFAULT_PROFILE_SETTINGS);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['an empty display name', { displayName: '   ' }, 'displayName', 'Enter a display name.'],
    [
      'a display name over 50 characters',
      { displayName: 'x'.repeat(51) },
      'displayName',
      'Keep the display name to 50 characters.',
    ],
    [
      'a display name with a line break',
      { displayName: 'Maya\nC.' },
      'displayName',
      'Use letters, numbers and punctuation only.',
    ],
    ['a home area outside the list', { homeArea: 'seattle' }, 'homeArea', 'Choose a home area from the list.'],
    [
      'an unknown activity',
      { activities: ['running', 'base-jumping'] },
      'activities.1',
      'Choose activities from the list.',
    ],
    [
      'the same activity twice',
      { activities: ['running', 'running'] },
      'activities',
      'Choose each of the activities once.',
    ],
    ['activities that are not a list', { activities: 'running' }, 'activities', 'Choose activities from the list.'],
    ['an unknown availability', { availability: ['nights'] }, 'availability.0', 'Choose availability from the list.'],
    ['a bio over 280 characters', { bio: 'x'.repeat(281) }, 'bio', 'Keep the bio to 280 characters.'],
    [
      'a discoverable flag that is not a boolean',
      { discoverable: 'yes' },
      'discoverable',
      'Choose whether other members may find you.',
    ],
    [
      'an unknown visible field',
      { visibleFields: ['email'] },
      'visibleFields.0',
      'Choose what others may see from the list.',
    ],
    [
      'discoverable without a home area',
      { homeArea: null },
      'discoverable',
      'To be discoverable, set a display name, a home area and at least one activity.',
    ],
    [
      'discoverable without activities',
      { activities: [] },
      'discoverable',
      'To be discoverable, set a display name, a home area and at least one activity.',
    ],
  ])('refuses %s with a message for that field and changes nothing', async (_case, change, field, message) => {
    const userId = newUser();
    await put(userId, maya);
    const before = await storedItem(userId);
    vi.mocked(refreshPartnerIndex).mockClear();

    const response = await put(userId, { ...maya, ...change });
    expect(response.status).toBe(400);
    const error = errorOf(response);
    expect(error.code).toBe('validation_failed');
    expect(error.fields?.[field]).toBe(message);
    expect(await storedItem(userId)).toEqual(before);
    expect(refreshPartnerIndex).not.toHaveBeenCalled();
  });

  it('refuses unknown fields, a missing field, a missing body and broken JSON', async () => {
    const userId = newUser();
    const { bio: _bio, ...withoutBio } = maya;
    for (const body of [{ ...maya, email: 'other@example.com' }, withoutBio, undefined, '{"displayName":']) {
      const response = await put(userId, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    expect(errorOf(await put(userId, withoutBio)).fields).toHaveProperty('bio');
    expect(await storedItem(userId)).toBeUndefined();
  });

  it("changes only the caller's own profile, whatever the request names", async () => {
    const [alice, bob] = [newUser(), newUser()];
    await put(bob, { ...maya, displayName: 'Bob' });
    await put(alice, maya, { query: `userId=${bob}`, pathParameters: { userId: bob } });
    expect(ProfileResponse.parse((await get(bob)).json).settings.displayName).toBe('Bob');
    expect(ProfileResponse.parse((await get(alice)).json)).toMatchObject({ id: alice, settings: maya });
  });

  it('is unauthorized without verified claims', async () => {
    expect((await put(null, maya)).status).toBe(401);
    expect(refreshPartnerIndex).not.toHaveBeenCalled();
  });
});

function metrics(label: ActivityMetrics['activityLevelLabel']): ActivityMetrics {
  return {
    calculatedAt: '2026-03-01T12:00:00.000Z',
    timeZone: 'America/Vancouver',
    windowStart: '2026-02-02',
    windowEnd: '2026-03-01',
    weeklyMinutes: 180,
    weeklySessions: 4,
    weeklySteps: 42_000,
    dailySteps: 6000,
    activityScore: 65,
    activityLevelLabel: label,
    scorePoints: { minutes: 40, sessions: 30, steps: 18 },
    preferredHours: [{ hour: 7, sessions: 10 }],
    topActivityTypes: [{ type: 'Run', sessions: 12 }],
    daysActive: 60,
    daysActivePercent: 16.4,
  };
}
