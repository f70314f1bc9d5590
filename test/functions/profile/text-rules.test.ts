import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { handler as putProfile } from '../../../functions/handlers/profile/put-profile';
import { dynamo } from '../../../functions/lib/dynamo';
import { ROUTES } from '../../../functions/shared/routes';
import { ApiErrorBody } from '../../../functions/shared/schemas/error';
import { SendMessageRequest } from '../../../functions/shared/schemas/messages';
import {
  BIO_MAX,
  DEFAULT_PROFILE_SETTINGS,
  DisplayName,
  ProfileSettings,
  UpdateProfileRequest,
} from '../../../functions/shared/schemas/profile';
import { invoke, userClaims } from '../../support/api-events';

/** One rule in the shared schema, for the form and the server. */
describe('DisplayName', () => {
  it.each([
    ['a right-to-left override (U+202E)', 'Maya\u202eW.'],
    ['a left-to-right embedding (U+202A)', '\u202aMaya'],
    ['a bidi isolate (U+2067)', 'Maya \u2067W.\u2069'],
    ['zero-width spaces only (U+200B)', '\u200b\u200b\u200b'],
    ['a byte-order mark and word joiners only', '\ufeff\u2060'],
    ['combining marks only', '\u0301\u0308\u0301'],
    ['a stack of combining marks (Zalgo)', 'Ma\u0301\u0302\u0303\u0304\u0305\u0306ya'],
    ['digits and punctuation only', '123 ...'],
    ['an emoji only', '\u{1F3C3}'],
    ['white space only', ' \t '],
    ['a control character', 'Maya\u0007'],
    ['more than 50 characters', 'M'.repeat(51)],
  ])('refuses %s', (_what, name) => {
    expect(DisplayName.safeParse(name).success).toBe(false);
  });

  it.each([
    ['NFD input is stored as NFC', 'Zoe\u0301 L.', 'Zoé L.'],
    ['leading and trailing zero-width characters are trimmed', '\u200bMaya W.\u200b ', 'Maya W.'],
    ['a letter with one accent stays', 'Ren\u00e9e', 'Renée'],
    ['non-Latin scripts are letters', ' 美雪 ', '美雪'],
    ['right-to-left scripts without override characters', 'مريم', 'مريم'],
    ['an emoji beside a letter', 'Sam \u{1F3C3}', 'Sam \u{1F3C3}'],
  ])('accepts: %s', (_what, name, stored) => {
    const parsed = DisplayName.safeParse(name);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toBe(stored);
    expect(parsed.data!.normalize('NFC')).toBe(parsed.data);
  });

  it('counts the 50-character cap after normalising (an NFD name of 50 letters fits)', () => {
    expect(DisplayName.safeParse('e\u0301'.repeat(50)).success).toBe(true);
  });
});

describe('bio and message text', () => {
  const settings = (bio: string) => ({ ...DEFAULT_PROFILE_SETTINGS, bio });
  it('caps and normalises a bio, refusing bidi overrides', () => {
    expect(ProfileSettings.parse(settings('Cafe\u0301 runs')).bio).toBe('Café runs');
    expect(ProfileSettings.safeParse(settings('x'.repeat(BIO_MAX + 1))).success).toBe(false);
    expect(ProfileSettings.safeParse(settings('fine \u202egnp.exe')).success).toBe(false);
  });

  it('normalises a message and refuses bidi overrides; markup stays plain text', () => {
    expect(SendMessageRequest.parse({ text: ' Cafe\u0301? ' }).text).toBe('Café?');
    expect(SendMessageRequest.safeParse({ text: 'see \u202eexe.gnp' }).success).toBe(false);
    expect(SendMessageRequest.parse({ text: '<img src=x onerror=alert(1)>' }).text).toBe(
      '<img src=x onerror=alert(1)>',
    );
  });
});

describe('PUT /api/profile with a nasty display name', () => {
  const route = ROUTES.find((r) => r.id === 'put-profile')!;
  const put = (userId: string, body: unknown) =>
    invoke(putProfile, route, { body: body as object, claims: userClaims(userId) });
  const stored = async (userId: string) =>
    (
      await dynamo().send(
        new GetCommand({ TableName: process.env.TABLE_USERS, Key: { pk: `USER#${userId}`, sk: 'PROFILE' } }),
      )
    ).Item;

  it('answers 400 on the displayName field and stores nothing', async () => {
    const userId = `user-${randomUUID()}`;
    const response = await put(userId, { ...DEFAULT_PROFILE_SETTINGS, displayName: 'Admin\u202e' });
    expect(response.status).toBe(400);
    const { error } = ApiErrorBody.parse(response.json);
    expect(error.fields?.displayName).toBe('Remove the text-direction characters from the name.');
    expect(await stored(userId)).toBeUndefined();
  });

  it('stores an NFD name as NFC', async () => {
    const userId = `user-${randomUUID()}`;
    const response = await put(userId, { ...DEFAULT_PROFILE_SETTINGS, displayName: 'Zoe\u0301' });
    expect(response.status).toBe(200);
    expect(((await stored(userId))!.settings as { displayName: string }).displayName).toBe('Zoé');
    expect(UpdateProfileRequest.parse({ ...DEFAULT_PROFILE_SETTINGS, displayName: 'Zoe\u0301' }).displayName).toBe(
      'Zoé',
    );
  });
});
