import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { handler } from '../../../../functions/handlers/activities/get-activities';
import { dynamo } from '../../../../functions/lib/dynamo';
import { upsertActivities } from '../../../../functions/repositories/activities';
import { filterAndSortActivities } from '../../../../functions/shared/activity-list';
import type { UnifiedActivity } from '../../../../functions/shared/schemas/activity';
import { ActivitiesResponse } from '../../../../functions/shared/schemas/connections';
import { invoke, userClaims } from '../../../support/api-events';
import { unifiedActivity } from '../../../support/unified-activity';

const route = { id: 'get-activities', method: 'GET', path: '/api/activities' } as const;
const HOUR_MS = 3_600_000;
const TYPES = ['Run', 'Ride', 'Hike', 'Walk'];

function activity(userId: string, i: number, overrides: Partial<UnifiedActivity> = {}): UnifiedActivity {
  return unifiedActivity({
    user_id: userId,
    provider_activity_id: `a${String(i).padStart(4, '0')}`,
    activity_type: TYPES[i % TYPES.length]!,
    name: `Activity ${i}`,
    start_time: new Date(Date.now() - (i + 1) * HOUR_MS).toISOString(),
    duration_seconds: 600 + i,
    distance_meters: 1000 + i,
    ...overrides,
  });
}

async function seed(count: number, overrides: (i: number) => Partial<UnifiedActivity> = () => ({})) {
  const userId = `list-${randomUUID()}`;
  const all = Array.from({ length: count }, (_, i) => activity(userId, i, overrides(i)));
  await upsertActivities(
    all.map((a) => ({ activity: a, raw: { secret: 'raw provider record', id: a.provider_activity_id } })),
  );
  return { userId, all };
}

async function page(userId: string, query: string) {
  const response = await invoke(handler, route, { claims: userClaims(userId), query });
  return { status: response.status, json: response.json };
}

/** Every page of a view, following nextCursor. */
async function allPages(userId: string, query: string) {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 50; guard++) {
    const response = await page(userId, cursor ? `${query}&cursor=${cursor}` : query);
    expect(response.status).toBe(200);
    const body = ActivitiesResponse.parse(response.json);
    ids.push(...body.activities.map((a) => a.provider_activity_id));
    cursor = body.nextCursor;
    if (!cursor) break;
  }
  return ids;
}

/** How many items DynamoDB read for the queries sent while `run` ran. */
async function itemsRead(run: () => Promise<unknown>): Promise<number> {
  const client = dynamo();
  const send = client.send.bind(client);
  let scanned = 0;
  const spy = vi.spyOn(client, 'send').mockImplementation((async (command: Parameters<typeof send>[0]) => {
    const result = (await send(command)) as { ScannedCount?: number };
    scanned += result.ScannedCount ?? 0;
    return result;
  }) as typeof client.send);
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return scanned;
}

afterEach(() => vi.restoreAllMocks());

describe('GET /api/activities', () => {
  it('pages newest and oldest first through the whole list with cursors, without overlap or gaps', async () => {
    const { userId, all } = await seed(23);
    const newestFirst = all.map((a) => a.provider_activity_id); // i = 0 is the most recent
    expect(await allPages(userId, 'limit=5')).toEqual(newestFirst);
    expect(await allPages(userId, 'limit=5&order=asc')).toEqual([...newestFirst].reverse());
    expect(await allPages(userId, 'limit=4&type=ride')).toEqual(
      all.filter((a) => a.activity_type === 'Ride').map((a) => a.provider_activity_id),
    );
    expect(await allPages(userId, 'limit=5&sort=distance')).toEqual([...newestFirst].reverse());
  });

  it('pages by distance, duration and elevation in the shared order, missing values and ties included', async () => {
    const { userId, all } = await seed(29, (i) => ({
      distance_meters: i % 5 === 0 ? null : (i * 7919) % 23,
      duration_seconds: (i * 31) % 9,
      elevation_gain_meters: i % 4 === 0 ? null : ((i * 13) % 6) / 2,
    }));
    for (const sort of ['distance', 'duration', 'elevation'] as const) {
      for (const order of ['desc', 'asc'] as const) {
        const expected = filterAndSortActivities(all, { type: 'all', sort, order }).map((a) => a.provider_activity_id);
        expect(await allPages(userId, `limit=4&sort=${sort}&order=${order}`), `${sort} ${order}`).toEqual(expected);
      }
      const rides = filterAndSortActivities(all, { type: 'ride', sort, order: 'desc' });
      expect(await allPages(userId, `limit=3&sort=${sort}&type=ride`)).toEqual(
        rides.map((a) => a.provider_activity_id),
      );
    }
  });

  it('a page reads about a page of items, not the whole history, in every order', async () => {
    const { userId } = await seed(400);
    for (const view of [
      'limit=10',
      'limit=10&order=asc',
      'limit=10&sort=distance',
      'limit=10&sort=elevation&order=asc',
      'limit=10&sort=duration',
    ]) {
      const read = await itemsRead(() => page(userId, view));
      expect(read, view).toBeLessThanOrEqual(11);
      const first = ActivitiesResponse.parse((await page(userId, view)).json);
      const readNext = await itemsRead(() => page(userId, `${view}&cursor=${first.nextCursor}`));
      expect(readNext, view).toBeLessThanOrEqual(11);
    }
  });

  it('leaves out records past retention and never returns raw provider data', async () => {
    const stale = new Date(Date.now() - 8 * 24 * HOUR_MS).toISOString();
    const { userId, all } = await seed(6, (i) => (i % 2 === 0 ? { fetched_at: stale } : {}));
    for (const query of ['limit=2', 'sort=duration&limit=2']) {
      const ids = await allPages(userId, query);
      expect(ids.sort()).toEqual(
        all
          .filter((_, i) => i % 2 === 1)
          .map((a) => a.provider_activity_id)
          .sort(),
      );
    }
    const body = (await page(userId, 'limit=50')).json as { activities: Record<string, unknown>[] };
    for (const item of body.activities) {
      expect(Object.keys(item).sort()).toEqual(Object.keys(all[1]!).sort());
      expect(JSON.stringify(item)).not.toContain('raw provider record');
    }
  });

  it('refuses a cursor of another view or a forged one with 400 and lists only the caller’s activities', async () => {
    const { userId } = await seed(5);
    const other = await seed(3);
    const first = ActivitiesResponse.parse((await page(userId, 'limit=2')).json);
    expect((await page(userId, `limit=2&order=asc&cursor=${first.nextCursor}`)).status).toBe(400);
    expect((await page(userId, `limit=2&sort=distance&cursor=${first.nextCursor}`)).status).toBe(400);
    const forged = Buffer.from(
      JSON.stringify({ k: { sk: 'PROFILE', at: 'x' }, t: 'all', s: 'date', d: 'desc' }),
    ).toString('base64url');
    const refused = await page(userId, `cursor=${forged}`);
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ error: { code: 'invalid_cursor' } });
    // An empty key value would make DynamoDB refuse the query (a 500): it is the caller's mistake, a 400.
    const empty = Buffer.from(JSON.stringify({ k: { sk: 'ACT#', at: '' }, t: 'all', s: 'date', d: 'desc' })).toString(
      'base64url',
    );
    expect((await page(userId, `cursor=${empty}`)).status).toBe(400);
    // The other user's cursor moves within the caller's own list: it cannot reach another partition.
    const theirs = ActivitiesResponse.parse((await page(other.userId, 'limit=1')).json);
    const mine = ActivitiesResponse.parse((await page(userId, `limit=50&cursor=${theirs.nextCursor}`)).json);
    expect(mine.activities.every((a) => a.user_id === userId)).toBe(true);
  });
});
