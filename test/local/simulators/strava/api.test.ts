import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StravaSimulator } from '../../../../infra/local/simulators/strava';
import { api, LIAM, manualClock, MAYA, NOAH, SOFIA, startSimulator, json } from './helpers';

const NOW = '2025-06-15T18:00:00Z';
const clock = manualClock(NOW);
let sim: StravaSimulator;
let mayaToken: string;

beforeAll(async () => {
  sim = await startSimulator({ clock: clock.now });
  mayaToken = sim.control.issueTokens(MAYA, { scope: ['read', 'activity:read', 'profile:read_all'] }).access_token;
});
afterAll(() => sim.stop());

type Summary = { id: number; start_date: string; [key: string]: unknown };

async function list(query: string, token = mayaToken): Promise<Summary[]> {
  const response = await api(sim, `/athlete/activities${query}`, token);
  expect(response.status).toBe(200);
  return json(response);
}

const visibleToActivityRead = (athleteId: number) =>
  sim.control.activities(athleteId).filter((a) => a.visibility !== 'only_me');

describe('GET /api/v3/athlete', () => {
  it("returns the token's athlete", async () => {
    const response = await api(sim, '/athlete', mayaToken);
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({
      id: MAYA,
      resource_state: 3,
      firstname: 'Maya',
      lastname: 'Thompson',
      city: 'Vancouver',
      state: 'British Columbia',
      country: 'Canada',
      measurement_preference: 'meters',
    });
  });
});

describe('GET /api/v3/athlete/activities', () => {
  it('defaults to page 1 of 30, newest first, with SummaryActivity fields', async () => {
    const page = await list('');
    expect(page).toHaveLength(30);
    const expected = visibleToActivityRead(MAYA)
      .slice(0, 30)
      .map((a) => a.id);
    expect(page.map((a) => a.id)).toEqual(expected);
    const starts = page.map((a) => Date.parse(a.start_date));
    expect([...starts].sort((a, b) => b - a)).toEqual(starts);
    const first = page[0] as Record<string, unknown>;
    for (const field of [
      'id',
      'name',
      'type',
      'sport_type',
      'start_date',
      'start_date_local',
      'timezone',
      'distance',
      'moving_time',
      'elapsed_time',
      'total_elevation_gain',
      'average_speed',
      'max_speed',
      'has_heartrate',
      'kudos_count',
      'map',
    ]) {
      expect(first, field).toHaveProperty(field);
    }
    expect(first).toMatchObject({ resource_state: 2, athlete: { id: MAYA, resource_state: 1 } });
    expect(first).not.toHaveProperty('calories');
  });

  it('pages through everything without gaps or repeats', async () => {
    const seen: number[] = [];
    for (let page = 1; ; page += 1) {
      const items = await list(`?page=${page}&per_page=50`);
      seen.push(...items.map((a) => a.id));
      if (items.length < 50) break;
    }
    expect(seen).toEqual(visibleToActivityRead(MAYA).map((a) => a.id));
    expect(await list('?page=999&per_page=50')).toEqual([]);
  });

  it('caps per_page at 200', async () => {
    expect(visibleToActivityRead(MAYA).length).toBeGreaterThan(200);
    expect(await list('?per_page=500')).toHaveLength(200);
    expect(await list('?per_page=200')).toHaveLength(200);
    expect(await list('?per_page=7')).toHaveLength(7);
  });

  it('filters strictly by before and after (epoch seconds)', async () => {
    const all = visibleToActivityRead(MAYA);
    const pivot = all[40]!;
    const pivotSeconds = Date.parse(pivot.start_date) / 1000;
    // Like Strava: `after` queries come oldest-first, everything else newest-first.
    const after = await list(`?after=${pivotSeconds}&per_page=200`);
    expect(after.map((a) => a.id)).toEqual(
      all
        .slice(0, 40)
        .map((a) => a.id)
        .reverse(),
    );
    const before = await list(`?before=${pivotSeconds}&per_page=200`);
    expect(before.map((a) => a.id)).toEqual(all.slice(41, 241).map((a) => a.id));
    const windowed = await list(`?after=${pivotSeconds}&before=${Date.parse(all[20]!.start_date) / 1000}`);
    expect(windowed.map((a) => a.id)).toEqual(
      all
        .slice(21, 40)
        .map((a) => a.id)
        .reverse(),
    );
  });

  it('can be told to page in either order whatever the query (tests of order-independent imports)', async () => {
    const all = visibleToActivityRead(MAYA);
    const pivotSeconds = Date.parse(all[40]!.start_date) / 1000;
    try {
      sim.control.setPageOrder('newest-first');
      expect((await list(`?after=${pivotSeconds}&per_page=200`)).map((a) => a.id)).toEqual(
        all.slice(0, 40).map((a) => a.id),
      );
      sim.control.setPageOrder('oldest-first');
      expect((await list(`?before=${pivotSeconds}&per_page=5`)).map((a) => a.id)).toEqual(
        all
          .slice(41)
          .map((a) => a.id)
          .reverse()
          .slice(0, 5),
      );
    } finally {
      sim.control.setPageOrder('strava');
    }
  });

  it('a sync "since last time" sees only activities added after it', async () => {
    const lastSync = Math.floor(clock.now().getTime() / 1000);
    expect(await list(`?after=${lastSync}`)).toEqual([]);
    const added = sim.control.addActivity(MAYA, {
      sport: 'Hike',
      startDate: new Date(clock.now().getTime() + 60_000),
      heartRate: true,
    });
    const fresh = await list(`?after=${lastSync}`);
    expect(fresh.map((a) => a.id)).toEqual([added.id]);
    expect(fresh[0]).toMatchObject({ type: 'Hike', sport_type: 'Hike', has_heartrate: true });
    sim.control.deleteActivity(added.id);
  });

  it('hides "Only You" activities unless the token has activity:read_all', async () => {
    const all = sim.control.activities(MAYA);
    const privateOnes = all.filter((a) => a.visibility === 'only_me');
    expect(privateOnes.length).toBeGreaterThan(0);
    const readAll = sim.control.issueTokens(MAYA, { scope: 'read,activity:read_all' }).access_token;
    const everything = await list('?per_page=200&page=1', readAll);
    const everything2 = await list('?per_page=200&page=2', readAll);
    expect([...everything, ...everything2].map((a) => a.id)).toEqual(all.map((a) => a.id));
    const limited = [...(await list('?per_page=200&page=1')), ...(await list('?per_page=200&page=2'))];
    expect(limited.some((a) => a.visibility === 'only_me')).toBe(false);
    expect((await api(sim, `/activities/${privateOnes[0]!.id}`, mayaToken)).status).toBe(404);
    expect((await api(sim, `/activities/${privateOnes[0]!.id}`, readAll)).status).toBe(200);
  });

  it('answers 400 for a non-numeric parameter', async () => {
    const response = await api(sim, '/athlete/activities?after=yesterday', mayaToken);
    expect(response.status).toBe(400);
    expect((await json(response)).errors[0].field).toBe('after');
  });

  it('an athlete without activities gets an empty list', async () => {
    const token = sim.control.issueTokens(NOAH).access_token;
    expect(await list('', token)).toEqual([]);
  });
});

describe('GET /api/v3/activities/{id}', () => {
  it('returns the DetailedActivity, calories included', async () => {
    const [newest] = visibleToActivityRead(MAYA);
    const response = await api(sim, `/activities/${newest!.id}`, mayaToken);
    expect(response.status).toBe(200);
    const detail = await json(response);
    expect(detail).toMatchObject({
      id: newest!.id,
      resource_state: 3,
      name: newest!.name,
      distance: newest!.distance,
      calories: newest!.calories,
      device_name: 'Garmin Forerunner 265',
    });
    expect(detail.calories).toBeGreaterThan(0);
  });

  it("404s in Strava's shape for an unknown id or another athlete's activity", async () => {
    const notFound = { message: 'Record Not Found', errors: [{ resource: 'Activity', field: 'id', code: 'invalid' }] };
    const unknown = await api(sim, '/activities/1', mayaToken);
    expect(unknown.status).toBe(404);
    expect(await json(unknown)).toEqual(notFound);
    const liams = sim.control.activities(LIAM)[0]!;
    const foreign = await api(sim, `/activities/${liams.id}`, mayaToken);
    expect(foreign.status).toBe(404);
    expect(await json(foreign)).toEqual(notFound);
  });

  it('reflects updates and deletions made through control', async () => {
    const token = sim.control.issueTokens(SOFIA).access_token;
    const target = visibleToActivityRead(SOFIA)[3]!;
    sim.control.updateActivity(target.id, { name: 'Renamed ride', distance: 12345.6 });
    expect(await json(await api(sim, `/activities/${target.id}`, token))).toMatchObject({
      name: 'Renamed ride',
      distance: 12345.6,
    });
    expect(sim.control.deleteActivity(target.id)).toBe(true);
    expect((await api(sim, `/activities/${target.id}`, token)).status).toBe(404);
    expect((await list('?per_page=10', token)).map((a) => a.id)).not.toContain(target.id);
  });
});

describe('unknown API paths', () => {
  it('404 with a Strava body', async () => {
    const response = await api(sim, '/segments/starred', mayaToken);
    expect(response.status).toBe(404);
    expect((await json(response)).message).toBe('Record Not Found');
  });
});
