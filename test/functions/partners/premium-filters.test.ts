import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as getPartners } from '../../../functions/handlers/partners/get-partners';
import { ApiErrorBody } from '../../../functions/shared/schemas/error';
import { PartnerSearchResponse } from '../../../functions/shared/schemas/partners';
import type { StripeSimulator } from '../../../infra/local/simulators/stripe';
import { plan, startBillingWorld, subscribe } from '../billing/helpers';
import { call, member } from './helpers';

let sim: StripeSimulator;
let premium: string;
let free: string;

const everyoneVisible = ['homeArea', 'activities', 'level', 'availability', 'bio'] as const;
// A place of its own, so other test files' members do not crowd these pages.
const area = { homeArea: 'squamish' as const, activities: ['running' as const] };

const fastRunner = await member({ name: 'Fast', settings: { ...area, paces: { running: 'fast' } } });
const steadyRunner = await member({ name: 'Steady', settings: { ...area, paces: { running: 'steady' } } });
// Shows activities but keeps the level (and with it the pace) private.
const hiddenFastRunner = await member({
  name: 'HiddenPace',
  settings: { ...area, paces: { running: 'fast' }, visibleFields: ['homeArea', 'activities', 'availability', 'bio'] },
});
const weekdaysOnly = await member({ name: 'Weekdays', settings: { ...area, availability: ['weekdays', 'evenings'] } });
const hiddenWeekends = await member({
  name: 'HiddenWeekends',
  settings: { ...area, availability: ['weekends'], visibleFields: ['homeArea', 'activities', 'level', 'bio'] },
});
const ours = [fastRunner, steadyRunner, hiddenFastRunner, weekdaysOnly, hiddenWeekends];

beforeAll(async () => {
  ({ sim } = await startBillingWorld());
  premium = await member({ name: 'Premium', settings: { ...area, visibleFields: [...everyoneVisible] } });
  free = await member({ name: 'Free', settings: area });
  await subscribe(sim, premium);
  expect((await plan(premium)).plan).toBe('premium');
});
afterAll(() => sim.stop());

const search = (userId: string, query: string) => call(getPartners, 'get-partners', userId, { query });

/** The members of this file a search finds, across every page. */
async function found(userId: string, query: string): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 100; page++) {
    const response = await search(userId, cursor ? `${query}&cursor=${cursor}` : query);
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    const body = PartnerSearchResponse.parse(response.json);
    seen.push(...body.partners.map((card) => card.userId).filter((id) => ours.includes(id)));
    cursor = body.nextCursor;
    if (!cursor) return seen.sort();
  }
  throw new Error('too many pages');
}

describe('GET /api/partners: Premium filters', () => {
  it.each([
    'activity=running&pace=fast',
    'weekend=true',
    'location=squamish&activity=running&weekend=true&pace=steady',
  ])('answers a free member who sends %s with a 403 premium_required', async (query) => {
    const response = await search(free, query);
    expect(response.status).toBe(403);
    expect(ApiErrorBody.parse(response.json).error).toMatchObject({
      code: 'premium_required',
      message: 'Advanced filters are part of Premium.',
    });
  });

  it('keeps the free filters free, and weekend=false is no filter', async () => {
    const everyone = await found(free, 'location=squamish&activity=running&weekend=false');
    expect(everyone).toEqual([...ours].sort());
  });

  it("filters a Premium member's search by pace, never matching a member whose pace is private", async () => {
    expect(await found(premium, 'location=squamish&activity=running&pace=fast')).toEqual([fastRunner]);
    expect(await found(premium, 'location=squamish&activity=running&pace=steady')).toEqual([steadyRunner]);
  });

  it('filters "free this weekend" to members who show weekend availability', async () => {
    const weekend = await found(premium, 'location=squamish&activity=running&weekend=true');
    expect(weekend).toEqual([fastRunner, steadyRunner, hiddenFastRunner].sort());
    expect(weekend).not.toContain(weekdaysOnly);
    expect(weekend).not.toContain(hiddenWeekends);
  });

  it.each([
    ['activity=running&pace=quick', 'pace'],
    ['pace=fast', 'pace'],
    ['activity=climbing&pace=fast', 'pace'],
    ['weekend=yes', 'weekend'],
  ])('rejects %s with a 400 naming the field, for any plan', async (query, field) => {
    for (const userId of [free, premium]) {
      const response = await search(userId, query);
      expect(response.status).toBe(400);
      expect(Object.keys(ApiErrorBody.parse(response.json).error.fields ?? {})).toContain(field);
    }
  });
});
