import { afterAll, describe, expect, it } from 'vitest';
import { handler as getPartner } from '../../../functions/handlers/partners/get-partner';
import { handler as getPartners } from '../../../functions/handlers/partners/get-partners';
import { handler as postBlock } from '../../../functions/handlers/partners/post-block';
import { ApiErrorBody } from '../../../functions/shared/schemas/error';
import {
  PartnerProfileResponse,
  PartnerSearchResponse,
  type PartnerCard,
} from '../../../functions/shared/schemas/partners';
import { DEFAULT_PROFILE_SETTINGS } from '../../../functions/shared/schemas/profile';
import { encodeCursor } from '../../../functions/usecases/partner-cursor';
import {
  call,
  DISTINCTIVE_METRIC_PATTERNS,
  member,
  METRIC_FIELD_NAMES,
  responseBodies,
  updateSettings,
} from './helpers';

/** Every card a search returns, across all its pages (other test files may add members to the same partitions). */
/** Every page of a search, as Load More would fetch them. */
async function searchPages(userId: string, query: string): Promise<PartnerCard[][]> {
  const pages: PartnerCard[][] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 200; page++) {
    const response = await call(getPartners, 'get-partners', userId, {
      query: cursor ? `${query}&cursor=${cursor}` : query,
    });
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    const body = PartnerSearchResponse.parse(response.json);
    pages.push(body.partners);
    cursor = body.nextCursor;
    if (!cursor) return pages;
  }
  throw new Error('too many pages');
}

const searchAll = async (userId: string, query: string): Promise<PartnerCard[]> =>
  (await searchPages(userId, query)).flat();

const ids = (cards: PartnerCard[]) => cards.map((card) => card.userId);

const searcher = await member({
  name: 'Searcher',
  settings: { activities: ['running', 'hiking'] },
  metrics: { activityScore: 50, activityLevelLabel: 'Intermediate' },
});
const match = await member({ name: 'Match', metrics: { activityScore: 52 } });
const advanced = await member({ name: 'Advanced', metrics: { activityScore: 70, activityLevelLabel: 'Advanced' } });
const privateLevel = await member({ name: 'Private', settings: { visibleFields: ['homeArea', 'activities'] } });
const hidden = await member({ name: 'Hidden', settings: { discoverable: false } });
const blockedByMe = await member({ name: 'Blocked' });
const blocksMe = await member({ name: 'Blocker' });
const elsewhere = await member({ name: 'Surrey', settings: { homeArea: 'surrey', activities: ['cycling'] } });

await call(postBlock, 'post-partner-block', searcher, { pathParameters: { userId: blockedByMe } });
await call(postBlock, 'post-partner-block', blocksMe, { pathParameters: { userId: searcher } });

afterAll(() => {
  // No response any member got carries another member's activity numbers or metric fields.
  for (const body of responseBodies) {
    for (const field of METRIC_FIELD_NAMES) expect(body).not.toContain(`"${field}"`);
    for (const pattern of DISTINCTIVE_METRIC_PATTERNS) expect(body).not.toMatch(pattern);
  }
});

describe('GET /api/partners', () => {
  it('needs a signed-in caller', async () => {
    expect((await call(getPartners, 'get-partners', null)).status).toBe(401);
  });

  it('finds a discoverable member by area and activity, with a compatibility percent and reasons, and only coarse facts', async () => {
    const cards = await searchAll(searcher, 'location=north-vancouver&activity=running');
    const card = cards.find((c) => c.userId === match)!;
    expect(card).toBeDefined();
    expect(card.compatibility).toBeGreaterThanOrEqual(80);
    expect(card.reasons).toEqual(
      expect.arrayContaining(['both run mornings', 'same level: Intermediate', 'both in North Vancouver']),
    );
    expect(card).toMatchObject({
      homeArea: 'north-vancouver',
      activities: ['running'],
      sharedActivities: ['running'],
      level: 'Intermediate',
      connection: 'none',
    });
    expect(Object.keys(card).sort()).toEqual(
      [
        'activities',
        'availability',
        'bio',
        'compatibility',
        'connection',
        'displayName',
        'homeArea',
        'level',
        'notCompared',
        'reasons',
        'sharedActivities',
        'userId',
      ].sort(),
    );
    // The searcher has no pace data (no daily aggregates): pace is left out, and the card says so.
    expect(card.notCompared).toContain('pace');
  });

  it('never shows the searcher, hidden members, or anyone blocked either way', async () => {
    for (const query of [
      'location=north-vancouver&activity=running',
      'location=north-vancouver',
      'activity=running',
      '',
    ]) {
      const found = ids(await searchAll(searcher, query));
      expect(found, query).toContain(match);
      for (const absent of [searcher, hidden, blockedByMe, blocksMe]) expect(found, query).not.toContain(absent);
    }
    // Blocking hides both ways: neither blocked member finds the searcher.
    expect(ids(await searchAll(blockedByMe, 'location=north-vancouver&activity=running'))).not.toContain(searcher);
    expect(ids(await searchAll(blocksMe, 'location=north-vancouver&activity=running'))).not.toContain(searcher);
  });

  it('drops a member from every search once they stop being discoverable', async () => {
    const leaving = await member({ name: 'Leaving', settings: { activities: ['running', 'climbing'] } });
    expect(ids(await searchAll(searcher, 'location=north-vancouver&activity=climbing'))).toContain(leaving);
    await updateSettings(leaving, {
      ...DEFAULT_PROFILE_SETTINGS,
      displayName: 'Leaving',
      homeArea: 'north-vancouver',
      activities: ['running', 'climbing'],
      discoverable: false,
    });
    for (const query of [
      'location=north-vancouver&activity=climbing',
      'location=north-vancouver',
      'activity=climbing',
      '',
    ]) {
      expect(ids(await searchAll(searcher, query)), query).not.toContain(leaving);
    }
  });

  it('moves a member between partitions when their area or activities change', async () => {
    const mover = await member({ name: 'Mover', settings: { homeArea: 'richmond', activities: ['swimming'] } });
    expect(ids(await searchAll(searcher, 'location=richmond&activity=swimming'))).toContain(mover);
    await updateSettings(mover, {
      ...DEFAULT_PROFILE_SETTINGS,
      displayName: 'Mover',
      homeArea: 'kamloops',
      activities: ['skiing'],
      discoverable: true,
    });
    expect(ids(await searchAll(searcher, 'location=richmond&activity=swimming'))).not.toContain(mover);
    expect(ids(await searchAll(searcher, 'location=richmond'))).not.toContain(mover);
    expect(ids(await searchAll(searcher, 'location=kamloops&activity=skiing'))).toContain(mover);
    expect(ids(await searchAll(searcher, 'activity=skiing'))).toContain(mover);
  });

  it('filters by level and availability, leaving out members who keep that field private', async () => {
    const intermediate = ids(await searchAll(searcher, 'location=north-vancouver&activity=running&level=intermediate'));
    expect(intermediate).toContain(match);
    expect(intermediate).not.toContain(advanced);
    expect(intermediate).not.toContain(privateLevel);
    expect(ids(await searchAll(searcher, 'location=north-vancouver&activity=running&level=advanced'))).toContain(
      advanced,
    );

    const weekends = ids(await searchAll(searcher, 'location=north-vancouver&activity=running&availability=weekends'));
    expect(weekends).toContain(match);
    expect(weekends).not.toContain(privateLevel);
    expect(
      ids(await searchAll(searcher, 'location=north-vancouver&activity=running&availability=weekdays')),
    ).not.toContain(match);

    const anyone = await searchAll(searcher, 'location=north-vancouver&activity=running');
    const privateCard = anyone.find((card) => card.userId === privateLevel)!;
    expect(privateCard).toMatchObject({ level: null, availability: [], bio: null, homeArea: 'north-vancouver' });
    expect(privateCard.reasons.join(' ')).not.toMatch(/level|mornings|weekends/);
  });

  it('a hidden area or activity list is never matched by a filter on it', async () => {
    const areaHidden = await member({
      name: 'AreaHidden',
      settings: { visibleFields: ['activities', 'level', 'availability', 'bio'] },
    });
    const activitiesHidden = await member({
      name: 'ActsHidden',
      settings: { visibleFields: ['homeArea', 'level', 'availability', 'bio'] },
    });
    expect(ids(await searchAll(searcher, 'location=north-vancouver'))).not.toContain(areaHidden);
    expect(ids(await searchAll(searcher, 'activity=running'))).toContain(areaHidden);
    expect(ids(await searchAll(searcher, 'activity=running'))).not.toContain(activitiesHidden);
    expect(ids(await searchAll(searcher, 'location=north-vancouver'))).toContain(activitiesHidden);
    const everyone = ids(await searchAll(searcher, ''));
    expect(everyone).toEqual(expect.arrayContaining([areaHidden, activitiesHidden]));
  });

  it('what a member hides (level, hours, availability) changes nothing the searcher sees', async () => {
    const shared = {
      visibleFields: ['homeArea', 'activities', 'bio'] as ('homeArea' | 'activities' | 'bio')[],
      homeArea: 'burnaby' as const,
      activities: ['hiking' as const],
    };
    const low = await member({
      name: 'Low',
      settings: { ...shared, availability: ['weekends', 'mornings'] },
      metrics: { activityScore: 48, activityLevelLabel: 'Intermediate', preferredHours: [{ hour: 7, sessions: 3 }] },
    });
    const high = await member({
      name: 'High',
      settings: { ...shared, availability: ['weekdays', 'evenings'] },
      metrics: { activityScore: 97, activityLevelLabel: 'Elite', preferredHours: [{ hour: 20, sessions: 3 }] },
    });
    const cards = await searchAll(searcher, 'location=burnaby&activity=hiking');
    const [a, b] = [low, high].map((id) => cards.find((c) => c.userId === id)!);
    const observable = (c: PartnerCard) => ({ ...c, userId: undefined, displayName: undefined });
    expect(observable(a!)).toEqual(observable(b!));
    expect(a!.notCompared).toEqual(expect.arrayContaining(['level', 'days', 'timeOfDay']));
  });

  it('pages with Load More: every member once, no page larger than asked', async () => {
    const group = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        member({ name: `Pager${i}`, settings: { homeArea: 'west-vancouver', activities: ['skiing'] } }),
      ),
    );
    const pages = await searchPages(searcher, 'location=west-vancouver&activity=skiing&limit=2');
    for (const page of pages) expect(page.length).toBeLessThanOrEqual(2);
    const seen = ids(pages.flat());
    for (const id of group) expect(seen.filter((s) => s === id)).toHaveLength(1);
    expect(new Set(seen).size).toBe(seen.length);
    expect(pages.length).toBeGreaterThanOrEqual(3);
  });

  it('finds members in places within 50 km of the chosen one, and none beyond', async () => {
    const squamish = await member({ name: 'Squamish', settings: { homeArea: 'squamish', activities: ['climbing'] } });
    const whistler = await member({ name: 'Whistler', settings: { homeArea: 'whistler', activities: ['climbing'] } });
    const victoria = await member({ name: 'Victoria', settings: { homeArea: 'victoria', activities: ['climbing'] } });
    const fromNorthShore = ids(await searchAll(searcher, 'location=north-vancouver&activity=climbing'));
    expect(fromNorthShore).toContain(squamish);
    expect(fromNorthShore).not.toContain(whistler);
    expect(fromNorthShore).not.toContain(victoria);
    const fromSquamish = ids(await searchAll(searcher, 'location=squamish&activity=climbing'));
    expect(fromSquamish).toEqual(expect.arrayContaining([squamish, whistler]));
    expect(fromSquamish).not.toContain(victoria);
    expect(ids(await searchAll(searcher, 'location=victoria&activity=climbing'))).toContain(victoria);
    const squamishCard = (await searchAll(searcher, 'location=squamish&activity=climbing')).find(
      (card) => card.userId === squamish,
    )!;
    expect(squamishCard.reasons).toContain('nearby in Squamish');
  });

  it('pages across nearby places one member at a time: every member once', async () => {
    const group = await Promise.all(
      (['pemberton', 'whistler', 'pemberton', 'squamish'] as const).map((homeArea, i) =>
        member({ name: `Ridge${i}`, settings: { homeArea, activities: ['swimming'] } }),
      ),
    );
    const seen = ids(await searchAll(searcher, 'location=whistler&activity=swimming&limit=1'));
    for (const id of group) expect(seen.filter((s) => s === id)).toHaveLength(1);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('orders each page by compatibility, best first', async () => {
    const cards = await searchAll(searcher, 'location=north-vancouver&activity=running&limit=50');
    const firstPage = cards.slice(0, 50).map((card) => card.compatibility);
    expect(firstPage).toEqual([...firstPage].sort((a, b) => b - a));
  });

  it('reports whether the searcher is ready to be matched', async () => {
    const newcomer = await member({ settings: { ...DEFAULT_PROFILE_SETTINGS }, metrics: null });
    const body = PartnerSearchResponse.parse(
      (await call(getPartners, 'get-partners', newcomer, { query: 'location=north-vancouver' })).json,
    );
    expect(body.me).toEqual({ profileComplete: false, discoverable: false });
    const ready = PartnerSearchResponse.parse(
      (await call(getPartners, 'get-partners', searcher, { query: 'location=surrey' })).json,
    );
    expect(ready.me).toEqual({ profileComplete: true, discoverable: true });
    expect(ids(ready.partners)).toContain(elsewhere);
  });

  it.each([
    ['location=seattle', 'location'],
    ['activity=kayaking', 'activity'],
    ['level=pro', 'level'],
    ['availability=nights', 'availability'],
    ['limit=0', 'limit'],
    ['limit=51', 'limit'],
    ['limit=ten', 'limit'],
    ['cursor=%24%24%24', 'cursor'],
    ['userId=someone', 'query'],
  ])('rejects %s with a 400 naming the field', async (query, field) => {
    const response = await call(getPartners, 'get-partners', searcher, { query });
    expect(response.status).toBe(400);
    const { error } = ApiErrorBody.parse(response.json);
    expect(error.code).toBe('validation_failed');
    expect(Object.keys(error.fields ?? {})).toContain(field);
  });

  it.each([
    ['garbage', 'bm90LWpzb24'],
    ['a key of another partition', encodeCursor({ pk: 'PARTNER_IDX#victoria#running', sk: 'USER#x' })],
    ['a key outside the index', encodeCursor({ pk: 'USER#x', sk: 'PROFILE' })],
    ['extra attributes', encodeCursor({ pk: 'PARTNER_IDX#north-vancouver#running', sk: 'USER#x', secret: 'y' })],
  ])('rejects a page token that is %s', async (_what, cursor) => {
    const response = await call(getPartners, 'get-partners', searcher, {
      query: `location=north-vancouver&activity=running&cursor=${cursor}`,
    });
    expect(response.status).toBe(400);
    expect(ApiErrorBody.parse(response.json).error).toMatchObject({
      code: 'invalid_cursor',
      fields: { cursor: expect.any(String) },
    });
  });
});

describe('GET /api/partners/{userId}', () => {
  it('shows a discoverable member with the same coarse facts as the card', async () => {
    const response = await call(getPartner, 'get-partner', searcher, { pathParameters: { userId: match } });
    expect(response.status).toBe(200);
    const { partner } = PartnerProfileResponse.parse(response.json);
    expect(partner).toMatchObject({
      userId: match,
      homeArea: 'north-vancouver',
      level: 'Intermediate',
      bio: 'Trail runner who loves early starts.',
    });
    expect(partner.compatibility).toBeGreaterThan(0);
  });

  it.each([
    ['a hidden member', () => hidden],
    ['a member I blocked', () => blockedByMe],
    ['a member who blocked me', () => blocksMe],
    ['myself', () => searcher],
    ['nobody', () => 'm-nobody'],
  ])('is 404 for %s', async (_who, other) => {
    const response = await call(getPartner, 'get-partner', searcher, { pathParameters: { userId: other() } });
    expect(response.status).toBe(404);
    expect(ApiErrorBody.parse(response.json).error.message).toBe('This member is not available.');
  });

  it('rejects a malformed member id', async () => {
    const response = await call(getPartner, 'get-partner', searcher, { pathParameters: { userId: 'a b#c' } });
    expect(response.status).toBe(400);
    expect(ApiErrorBody.parse(response.json).error.fields).toHaveProperty('userId');
  });
});
