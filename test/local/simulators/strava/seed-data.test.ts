import { afterAll, describe, expect, it } from 'vitest';
import {
  startStravaSimulator,
  type SimActivity,
  type StravaSimulator,
} from '../../../../infra/local/simulators/strava';
import { decodePolyline } from '../../../../infra/local/simulators/strava/polyline';
import { LIAM, MAYA, NOAH, SOFIA } from './helpers';

const NOW = new Date('2025-07-10T20:00:00Z');
const started: StravaSimulator[] = [];
afterAll(() => Promise.all(started.map((s) => s.stop())));

async function world(seed: number, now = NOW): Promise<StravaSimulator> {
  const sim = await startStravaSimulator({ seed, clock: () => now });
  started.push(sim);
  return sim;
}

const allActivities = (sim: StravaSimulator) => [MAYA, LIAM, SOFIA, NOAH].flatMap((id) => sim.control.activities(id));
const DAY = 24 * 60 * 60 * 1000;

describe('seeded athletes', () => {
  it('are British Columbians from Vancouver, Squamish and Victoria (plus one with no history)', async () => {
    const sim = await world(1);
    expect(sim.control.athletes().map((a) => `${a.firstname} ${a.lastname}, ${a.city}`)).toEqual([
      'Maya Thompson, Vancouver',
      'Liam Chen, Squamish',
      'Sofia Martinez, Victoria',
      'Noah Wilson, Kelowna',
    ]);
    expect(sim.control.activities(NOAH)).toEqual([]);
  });
});

describe('seeded histories', () => {
  it('are the same for the same seed and clock', async () => {
    const [a, b] = await Promise.all([world(42), world(42)]);
    expect(allActivities(a)).toEqual(allActivities(b));
  });

  it('differ for another seed', async () => {
    const [a, b] = await Promise.all([world(42), world(43)]);
    expect(allActivities(a).map((x) => x.start_date)).not.toEqual(allActivities(b).map((x) => x.start_date));
  });

  it('cover about six months up to the day before the clock, and move with it', async () => {
    const sim = await world(5);
    const later = await world(5, new Date(NOW.getTime() + 30 * DAY));
    for (const id of [MAYA, LIAM, SOFIA]) {
      const activities = sim.control.activities(id);
      expect(activities.length).toBeGreaterThan(100);
      const newest = Date.parse(activities[0]!.start_date);
      const oldest = Date.parse(activities.at(-1)!.start_date);
      expect(newest).toBeLessThan(NOW.getTime());
      expect(NOW.getTime() - newest).toBeLessThan(4 * DAY);
      expect(NOW.getTime() - oldest).toBeGreaterThan(170 * DAY);
      expect(NOW.getTime() - oldest).toBeLessThan(184 * DAY);
      const laterNewest = Date.parse(later.control.activities(id)[0]!.start_date);
      expect(laterNewest).toBeGreaterThan(NOW.getTime() + 25 * DAY);
    }
  });

  it('have unique ids that grow with start time', async () => {
    const sim = await world(9);
    const byStart = allActivities(sim).sort((a, b) => a.start_date.localeCompare(b.start_date) || a.id - b.id);
    const ids = byStart.map((a) => a.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
  });

  it('include runs, trail runs, rides, mountain bike rides, hikes, walks and swims', async () => {
    const sim = await world(11);
    const sports = new Set(allActivities(sim).map((a) => a.sport_type));
    expect([...sports].sort()).toEqual(['Hike', 'MountainBikeRide', 'Ride', 'Run', 'Swim', 'TrailRun', 'Walk']);
  });

  // Plausible envelopes per sport: distance (m), average speed (m/s), climb (m).
  const envelopes: Record<
    string,
    { distance: [number, number]; speed: [number, number]; climb: [number, number]; type: string }
  > = {
    Run: { distance: [4000, 16000], speed: [2.5, 3.7], climb: [0, 250], type: 'Run' },
    TrailRun: { distance: [6000, 23000], speed: [1.8, 2.8], climb: [150, 1600], type: 'Run' },
    Ride: { distance: [20000, 90000], speed: [6, 8.5], climb: [100, 1500], type: 'Ride' },
    MountainBikeRide: { distance: [12000, 40000], speed: [3, 5], climb: [300, 1900], type: 'Ride' },
    Hike: { distance: [4000, 18000], speed: [0.85, 1.35], climb: [200, 2000], type: 'Hike' },
    Walk: { distance: [1000, 7000], speed: [1.1, 1.7], climb: [0, 80], type: 'Walk' },
    Swim: { distance: [900, 3100], speed: [0.5, 0.9], climb: [0, 0], type: 'Swim' },
  };

  it('are physically plausible for their sport', async () => {
    const sim = await world(13);
    for (const activity of allActivities(sim)) {
      const envelope = envelopes[activity.sport_type]!;
      const label = `${activity.sport_type} ${activity.id}`;
      expect(activity.type, label).toBe(envelope.type);
      expect(activity.distance, label).toBeGreaterThanOrEqual(envelope.distance[0]);
      expect(activity.distance, label).toBeLessThanOrEqual(envelope.distance[1]);
      expect(activity.average_speed, label).toBeGreaterThanOrEqual(envelope.speed[0]);
      expect(activity.average_speed, label).toBeLessThanOrEqual(envelope.speed[1]);
      expect(activity.average_speed, label).toBeCloseTo(activity.distance / activity.moving_time, 2);
      expect(activity.total_elevation_gain, label).toBeGreaterThanOrEqual(envelope.climb[0]);
      expect(activity.total_elevation_gain, label).toBeLessThanOrEqual(envelope.climb[1]);
      expect(activity.elapsed_time, label).toBeGreaterThanOrEqual(activity.moving_time);
      expect(activity.max_speed, label).toBeGreaterThan(activity.average_speed);
      expect(activity.calories, label).toBeGreaterThan(0);
    }
  });

  it('have heart rate on some activities only, in a human range', async () => {
    const sim = await world(17);
    const withHr = allActivities(sim).filter((a) => a.has_heartrate);
    const withoutHr = allActivities(sim).filter((a) => !a.has_heartrate);
    expect(withHr.length).toBeGreaterThan(50);
    expect(withoutHr.length).toBeGreaterThan(50);
    for (const a of withHr) {
      expect(a.average_heartrate!).toBeGreaterThan(80);
      expect(a.average_heartrate!).toBeLessThan(175);
      expect(a.max_heartrate!).toBeGreaterThan(a.average_heartrate!);
      expect(a.max_heartrate!).toBeLessThan(200);
    }
    for (const a of withoutHr) expect(a.average_heartrate).toBeNull();
    expect(sim.control.activities(SOFIA).every((a) => !a.has_heartrate)).toBe(true);
  });

  it('record local time and the Pacific offset (PDT in summer, PST in winter) as Strava does', async () => {
    const sim = await world(19);
    const check = (a: SimActivity) => {
      expect(Date.parse(a.start_date_local) - Date.parse(a.start_date)).toBe(a.utc_offset * 1000);
      expect(a.start_date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      expect(a.timezone).toBe('(GMT-08:00) America/Vancouver');
    };
    const activities = allActivities(sim);
    activities.forEach(check);
    const january = activities.find((a) => a.start_date.startsWith('2025-01-2'));
    const june = activities.find((a) => a.start_date.startsWith('2025-06-2'));
    expect(january?.utc_offset).toBe(-28800);
    expect(june?.utc_offset).toBe(-25200);
    // People train in daylight: local start hours between 6 and 20.
    for (const a of activities) {
      const hour = Number(a.start_date_local.slice(11, 13));
      expect(hour).toBeGreaterThanOrEqual(6);
      expect(hour).toBeLessThanOrEqual(20);
    }
  });

  it('draw a route near home that starts at start_latlng (pool swims have none)', async () => {
    const sim = await world(23);
    const maya = sim.control.activities(MAYA);
    for (const a of maya) {
      if (a.sport_type === 'Swim') {
        expect(a.summary_polyline).toBe('');
        expect(a.start_latlng).toEqual([]);
        continue;
      }
      const points = decodePolyline(a.summary_polyline);
      expect(points.length).toBeGreaterThan(5);
      expect(points[0]).toEqual(a.start_latlng);
      const [lat, lng] = points[0]!;
      expect(Math.abs(lat - 49.28)).toBeLessThan(0.1);
      expect(Math.abs(lng + 123.12)).toBeLessThan(0.1);
    }
  });
});
