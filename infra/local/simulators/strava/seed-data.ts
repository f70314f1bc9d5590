import { encodePolyline } from './polyline';
import { deriveSeed, seededRandom, type Random } from './prng';
import type { SimActivity, SimAthlete } from './types';

export type SportKey = 'Run' | 'TrailRun' | 'Ride' | 'MountainBikeRide' | 'Hike' | 'Walk' | 'Swim';

interface SportProfile {
  /** Strava's legacy `type` (TrailRun is a Run, MountainBikeRide a Ride there). */
  type: string;
  label: string;
  workoutType: number | null;
  distanceMeters: readonly [number, number];
  speedMps: readonly [number, number];
  climbPerKm: readonly [number, number];
  elapsedFactor: readonly [number, number];
  maxSpeedFactor: readonly [number, number];
  heartRate: readonly [number, number];
  /** Metabolic equivalent, for a plausible calorie estimate. */
  met: number;
  gps: boolean;
}

export const SPORTS: Readonly<Record<SportKey, SportProfile>> = {
  Run: {
    type: 'Run',
    label: 'Run',
    workoutType: 0,
    distanceMeters: [4800, 14500],
    speedMps: [2.65, 3.55],
    climbPerKm: [3, 14],
    elapsedFactor: [1.01, 1.08],
    maxSpeedFactor: [1.3, 1.7],
    heartRate: [138, 163],
    met: 9.8,
    gps: true,
  },
  TrailRun: {
    type: 'Run',
    label: 'Trail Run',
    workoutType: 0,
    distanceMeters: [7000, 22000],
    speedMps: [1.85, 2.7],
    climbPerKm: [30, 70],
    elapsedFactor: [1.04, 1.18],
    maxSpeedFactor: [1.5, 2.1],
    heartRate: [140, 166],
    met: 10.5,
    gps: true,
  },
  Ride: {
    type: 'Ride',
    label: 'Ride',
    workoutType: 10,
    distanceMeters: [24000, 88000],
    speedMps: [6.2, 8.4],
    climbPerKm: [5, 16],
    elapsedFactor: [1.03, 1.2],
    maxSpeedFactor: [1.6, 2.3],
    heartRate: [124, 150],
    met: 8,
    gps: true,
  },
  MountainBikeRide: {
    type: 'Ride',
    label: 'Mountain Bike Ride',
    workoutType: 10,
    distanceMeters: [13000, 38000],
    speedMps: [3.1, 4.8],
    climbPerKm: [25, 48],
    elapsedFactor: [1.08, 1.3],
    maxSpeedFactor: [2, 3],
    heartRate: [134, 160],
    met: 8.5,
    gps: true,
  },
  Hike: {
    type: 'Hike',
    label: 'Hike',
    workoutType: null,
    distanceMeters: [5000, 17000],
    speedMps: [0.9, 1.3],
    climbPerKm: [50, 115],
    elapsedFactor: [1.12, 1.4],
    maxSpeedFactor: [1.8, 2.6],
    heartRate: [104, 136],
    met: 6,
    gps: true,
  },
  Walk: {
    type: 'Walk',
    label: 'Walk',
    workoutType: null,
    distanceMeters: [1500, 6500],
    speedMps: [1.2, 1.6],
    climbPerKm: [2, 12],
    elapsedFactor: [1.02, 1.15],
    maxSpeedFactor: [1.4, 1.9],
    heartRate: [86, 110],
    met: 3.5,
    gps: true,
  },
  Swim: {
    type: 'Swim',
    label: 'Swim',
    workoutType: null,
    distanceMeters: [1000, 3000],
    speedMps: [0.55, 0.85],
    climbPerKm: [0, 0],
    elapsedFactor: [1.1, 1.3],
    maxSpeedFactor: [1.2, 1.5],
    heartRate: [118, 146],
    met: 7,
    gps: false,
  },
};

interface PlanEntry {
  sport: SportKey;
  /** Chance per weekday / per weekend day. */
  weekday: number;
  weekend: number;
  /** Local start hours to pick from. */
  hours: readonly number[];
}

interface AthleteSeed {
  athlete: SimAthlete;
  plan: readonly PlanEntry[];
  heartRateShare: number;
  device: (sport: SportKey) => string;
  routes: Partial<Record<SportKey, readonly string[]>>;
}

const CREATED = '2019-04-02T17:12:44Z';

const ATHLETE_SEEDS: readonly AthleteSeed[] = [
  {
    athlete: {
      id: 40100001,
      username: 'maya_runs_yvr',
      firstname: 'Maya',
      lastname: 'Thompson',
      bio: 'Seawall miles and North Shore trails.',
      city: 'Vancouver',
      state: 'British Columbia',
      country: 'Canada',
      sex: 'F',
      weight: 58,
      premium: true,
      created_at: CREATED,
      timeZone: 'America/Vancouver',
      home: [49.2827, -123.1207],
      baseElevation: 8,
    },
    plan: [
      { sport: 'Walk', weekday: 0.7, weekend: 0.7, hours: [7, 8, 12, 18, 19] },
      { sport: 'Run', weekday: 0.5, weekend: 0.2, hours: [6, 7, 17, 18] },
      { sport: 'TrailRun', weekday: 0.05, weekend: 0.5, hours: [8, 9, 10] },
      { sport: 'Swim', weekday: 0.16, weekend: 0.1, hours: [6, 12, 19] },
    ],
    heartRateShare: 0.92,
    device: () => 'Garmin Forerunner 265',
    routes: {
      Run: ['Seawall loop', 'Stanley Park Seawall', 'False Creek tempo', 'Kits to Jericho', 'Hastings Park intervals'],
      TrailRun: ['Pacific Spirit trails', 'Baden-Powell: Deep Cove to Quarry Rock', 'Lynn Canyon loop'],
      Walk: ['Walk with Juno', 'Trout Lake loop'],
      Swim: ['Vancouver Aquatic Centre laps', 'Kits Pool'],
    },
  },
  {
    athlete: {
      id: 40100002,
      username: 'liam_sends_squamish',
      firstname: 'Liam',
      lastname: 'Chen',
      bio: 'Squamish. Bikes, big hikes, coffee.',
      city: 'Squamish',
      state: 'British Columbia',
      country: 'Canada',
      sex: 'M',
      weight: 74,
      premium: false,
      created_at: CREATED,
      timeZone: 'America/Vancouver',
      home: [49.7016, -123.1558],
      baseElevation: 15,
    },
    plan: [
      { sport: 'MountainBikeRide', weekday: 0.25, weekend: 0.55, hours: [8, 10, 16, 17] },
      { sport: 'Ride', weekday: 0.12, weekend: 0.15, hours: [6, 17] },
      { sport: 'Hike', weekday: 0.07, weekend: 0.5, hours: [7, 8, 9] },
      { sport: 'TrailRun', weekday: 0.15, weekend: 0.1, hours: [7, 17, 18] },
      { sport: 'Walk', weekday: 0.2, weekend: 0.15, hours: [12, 19] },
    ],
    heartRateShare: 0.6,
    device: (sport) => (sport === 'Ride' || sport === 'MountainBikeRide' ? 'Garmin Edge 540' : 'COROS VERTIX 2'),
    routes: {
      MountainBikeRide: ['Half Nelson laps', 'Diamond Head loop', 'Alice Lake trails', 'Angry Midget and Pseudo-Tsuga'],
      Ride: ['Sea to Sky to Britannia Beach', 'Squamish Valley Road'],
      Hike: ['Stawamus Chief - all three peaks', 'Garibaldi Lake', 'Sea to Summit Trail', 'Elfin Lakes'],
      TrailRun: ['Smoke Bluffs loop', 'Mamquam FSR tempo'],
      Walk: ['Estuary walk'],
    },
  },
  {
    athlete: {
      id: 40100003,
      username: 'sofia_pedals_yyj',
      firstname: 'Sofia',
      lastname: 'Martinez',
      bio: 'Bike commuter, pool regular.',
      city: 'Victoria',
      state: 'British Columbia',
      country: 'Canada',
      sex: 'F',
      weight: 63,
      premium: false,
      created_at: CREATED,
      timeZone: 'America/Vancouver',
      home: [48.4284, -123.3656],
      baseElevation: 20,
    },
    plan: [
      { sport: 'Ride', weekday: 0.4, weekend: 0.45, hours: [7, 8, 16, 17] },
      { sport: 'Swim', weekday: 0.3, weekend: 0.15, hours: [6, 7, 12] },
      { sport: 'Walk', weekday: 0.25, weekend: 0.45, hours: [12, 18, 19] },
      { sport: 'Run', weekday: 0.1, weekend: 0.15, hours: [7, 18] },
    ],
    heartRateShare: 0,
    device: () => 'Strava App',
    routes: {
      Ride: ['Galloping Goose commute', 'Dallas Road spin', 'Lochside Trail', 'Munro loop'],
      Swim: ['Saanich Commonwealth Place'],
      Walk: ['Dallas Road walk', 'Beacon Hill Park'],
      Run: ['Ogden Point out and back'],
    },
  },
  {
    // Just joined Strava: no activities yet (the empty-sync case).
    athlete: {
      id: 40100004,
      username: 'noah_w',
      firstname: 'Noah',
      lastname: 'Wilson',
      bio: '',
      city: 'Kelowna',
      state: 'British Columbia',
      country: 'Canada',
      sex: 'M',
      weight: 80,
      premium: false,
      created_at: CREATED,
      timeZone: 'America/Vancouver',
      home: [49.888, -119.496],
      baseElevation: 344,
    },
    plan: [],
    heartRateShare: 0,
    device: () => 'Strava App',
    routes: {},
  },
];

export const SEEDED_ATHLETE_IDS = ATHLETE_SEEDS.map((seed) => seed.athlete.id);

const formatters = new Map<string, Intl.DateTimeFormat>();

interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function localParts(utcMs: number, timeZone: string): LocalParts {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(new Date(utcMs)).map((part) => [part.type, part.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** Seconds to add to UTC to get local time in `timeZone` at `utcMs`. */
export function utcOffsetSeconds(utcMs: number, timeZone: string): number {
  const p = localParts(utcMs, timeZone);
  const localAsUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((localAsUtc - Math.floor(utcMs / 1000) * 1000) / 1000);
}

function localToUtcMs(local: LocalParts, timeZone: string): number {
  const guess = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second);
  const first = guess - utcOffsetSeconds(guess, timeZone) * 1000;
  return guess - utcOffsetSeconds(first, timeZone) * 1000;
}

/** Strava's dates have whole seconds and a Z; start_date_local is local wall time, also written with a Z. */
export function stravaDate(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

function timezoneLabel(timeZone: string, year: number): string {
  const standard = utcOffsetSeconds(Date.UTC(year, 0, 1), timeZone);
  const sign = standard < 0 ? '-' : '+';
  const minutes = Math.abs(standard) / 60;
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `(GMT${sign}${hh}:${mm}) ${timeZone}`;
}

/** Strava's default names: "Morning Run", "Lunch Ride", "Evening Walk"... */
export function defaultActivityName(localHour: number, sport: SportKey): string {
  const label = SPORTS[sport].label;
  if (localHour < 5) return `Night ${label}`;
  if (localHour < 11) return `Morning ${label}`;
  if (localHour < 14) return `Lunch ${label}`;
  if (localHour < 17) return `Afternoon ${label}`;
  if (localHour < 21) return `Evening ${label}`;
  return `Night ${label}`;
}

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

function loopAround(rng: Random, start: readonly [number, number], distanceMeters: number): Array<[number, number]> {
  const radius = Math.min(distanceMeters, 60_000) / (2 * Math.PI);
  const latPerMeter = 1 / 111_320;
  const lngPerMeter = 1 / (111_320 * Math.cos((start[0] * Math.PI) / 180));
  const heading = rng.between(0, 2 * Math.PI);
  const center: [number, number] = [
    start[0] + Math.sin(heading) * radius * latPerMeter,
    start[1] + Math.cos(heading) * radius * lngPerMeter,
  ];
  const points: Array<[number, number]> = [];
  const steps = 14;
  for (let i = 0; i <= steps; i += 1) {
    const angle = heading + Math.PI + (i / steps) * 2 * Math.PI;
    const wobble = i === 0 || i === steps ? 1 : rng.between(0.85, 1.15);
    points.push([
      round(center[0] + Math.sin(angle) * radius * wobble * latPerMeter, 5),
      round(center[1] + Math.cos(angle) * radius * wobble * lngPerMeter, 5),
    ]);
  }
  return points;
}

export type GeneratedActivity = Omit<SimActivity, 'id' | 'upload_id' | 'external_id'>;

export interface BuildOptions {
  withHeartRate: boolean;
  name?: string;
  device: string;
  visibility?: SimActivity['visibility'];
}

/** One plausible activity of `sport` for `athlete` starting at `startMs` (UTC). */
export function buildActivity(
  rng: Random,
  athlete: SimAthlete,
  sport: SportKey,
  startMs: number,
  options: BuildOptions,
): GeneratedActivity {
  const profile = SPORTS[sport];
  const distance = round(rng.between(...profile.distanceMeters), 1);
  const speed = rng.between(...profile.speedMps);
  const movingTime = Math.max(60, Math.round(distance / speed));
  const averageSpeed = round(distance / movingTime, 3);
  const elapsedTime = Math.round(movingTime * rng.between(...profile.elapsedFactor));
  const climb = round((distance / 1000) * rng.between(...profile.climbPerKm), 1);
  const offset = utcOffsetSeconds(startMs, athlete.timeZone);
  const local = localParts(startMs, athlete.timeZone);
  const heartRate = options.withHeartRate ? round(rng.between(...profile.heartRate), 1) : null;
  const start: [number, number] = [
    round(athlete.home[0] + rng.between(-0.03, 0.03), 5),
    round(athlete.home[1] + rng.between(-0.04, 0.04), 5),
  ];
  const route = profile.gps ? loopAround(rng, start, distance) : [];
  const first = route[0];
  const last = route[route.length - 1];
  return {
    athleteId: athlete.id,
    name: options.name ?? defaultActivityName(local.hour, sport),
    type: profile.type,
    sport_type: sport,
    workout_type: profile.workoutType,
    start_date: stravaDate(startMs),
    start_date_local: stravaDate(startMs + offset * 1000),
    timezone: timezoneLabel(athlete.timeZone, local.year),
    utc_offset: offset,
    distance,
    moving_time: movingTime,
    elapsed_time: elapsedTime,
    total_elevation_gain: climb,
    elev_high: profile.gps ? round(athlete.baseElevation + climb * rng.between(0.4, 0.9), 1) : null,
    elev_low: profile.gps ? round(Math.max(0, athlete.baseElevation + rng.between(-5, 5)), 1) : null,
    average_speed: averageSpeed,
    max_speed: round(averageSpeed * rng.between(...profile.maxSpeedFactor), 1),
    has_heartrate: heartRate !== null,
    average_heartrate: heartRate,
    max_heartrate: heartRate === null ? null : Math.round(heartRate + rng.between(10, 26)),
    calories: round(profile.met * athlete.weight * (movingTime / 3600), 1),
    start_latlng: first ? [first[0], first[1]] : [],
    end_latlng: last ? [last[0], last[1]] : [],
    summary_polyline: encodePolyline(route),
    kudos_count: rng.int(0, 22),
    comment_count: rng.int(0, 2),
    athlete_count: rng.chance(0.2) ? rng.int(2, 4) : 1,
    achievement_count: rng.int(0, 5),
    pr_count: rng.int(0, 2),
    trainer: false,
    commute: false,
    manual: false,
    visibility: options.visibility ?? 'everyone',
    device_name: options.device,
    description: null,
  };
}

export interface SeededWorld {
  athletes: SimAthlete[];
  activities: SimActivity[];
  /** The last id handed out; new activities continue from here. */
  lastActivityId: number;
}

const FIRST_ACTIVITY_ID = 13_000_000_000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Athletes with `historyDays` of activities ending the day before `now`; the same seed and `now` give the same world. */
export function seedWorld(seed: number, now: Date, historyDays: number): SeededWorld {
  const generated = ATHLETE_SEEDS.flatMap((athleteSeed, index) =>
    historyOf(athleteSeed, seededRandom(deriveSeed(seed, index)), now, historyDays),
  );
  generated.sort((a, b) => a.start_date.localeCompare(b.start_date) || a.athleteId - b.athleteId);
  const idRng = seededRandom(deriveSeed(seed, 1000));
  let lastActivityId = FIRST_ACTIVITY_ID + idRng.int(0, 999_999);
  const activities = generated.map((activity) => {
    lastActivityId += idRng.int(40_000, 160_000);
    return withIds(activity, lastActivityId);
  });
  return { athletes: ATHLETE_SEEDS.map((s) => ({ ...s.athlete })), activities, lastActivityId };
}

/** One athlete's `historyDays` of activities ending the day before `now`, following their weekly plan. */
function historyOf(athleteSeed: AthleteSeed, rng: Random, now: Date, historyDays: number): GeneratedActivity[] {
  const generated: GeneratedActivity[] = [];
  const { athlete } = athleteSeed;
  for (let daysAgo = historyDays; daysAgo >= 1; daysAgo -= 1) {
    const day = localParts(now.getTime() - daysAgo * DAY_MS, athlete.timeZone);
    const weekday = new Date(Date.UTC(day.year, day.month - 1, day.day)).getUTCDay();
    const weekend = weekday === 0 || weekday === 6;
    for (const entry of athleteSeed.plan) {
      if (!rng.chance(weekend ? entry.weekend : entry.weekday)) continue;
      const startMs = localToUtcMs(
        { ...day, hour: rng.pick(entry.hours), minute: rng.int(0, 59), second: rng.int(0, 59) },
        athlete.timeZone,
      );
      const routes = athleteSeed.routes[entry.sport];
      const name = routes && rng.chance(0.4) ? rng.pick(routes) : undefined;
      const roll = rng.next();
      const visibility = roll < 0.04 ? 'only_me' : roll < 0.1 ? 'followers_only' : 'everyone';
      generated.push(
        buildActivity(rng, athlete, entry.sport, startMs, {
          withHeartRate: rng.chance(athleteSeed.heartRateShare),
          name,
          device: athleteSeed.device(entry.sport),
          visibility,
        }),
      );
    }
  }
  return generated;
}

/**
 * A new athlete who trains like the seeded athlete `likeId` (same plan, devices, routes and home; a history of their
 * own from `rng`), with the id `id` and a username of their own. Activities come oldest first, without ids.
 */
export function athleteLike(
  likeId: number,
  id: number,
  rng: Random,
  now: Date,
  historyDays: number,
): { athlete: SimAthlete; history: GeneratedActivity[] } {
  const template = ATHLETE_SEEDS.find((s) => s.athlete.id === likeId);
  if (!template) throw new Error(`No seeded athlete ${likeId} to copy`);
  const athleteSeed = {
    ...template,
    athlete: { ...template.athlete, id, username: `${template.athlete.username}_${id}` },
  };
  const history = historyOf(athleteSeed, rng, now, historyDays).sort((a, b) =>
    a.start_date.localeCompare(b.start_date),
  );
  return { athlete: athleteSeed.athlete, history };
}

export function withIds(activity: GeneratedActivity, id: number): SimActivity {
  const uploadId = id + 1_070_000_000;
  return { ...activity, id, upload_id: uploadId, external_id: externalIdFor(activity.device_name, uploadId) };
}

/**
 * Strava's `external_id` as each uploader names it: Garmin Connect's automatic sync uploads `garmin_ping_<n>`,
 * other head units upload a .fit file, and the Strava app's own recordings have none.
 */
function externalIdFor(deviceName: string, uploadId: number): string | null {
  if (deviceName === 'Strava App') return null;
  if (deviceName.startsWith('Garmin ')) return `garmin_ping_${uploadId}`;
  const slug = deviceName.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return `${slug}-${uploadId}.fit`;
}

export function deviceFor(athleteId: number, sport: SportKey): string {
  return ATHLETE_SEEDS.find((s) => s.athlete.id === athleteId)?.device(sport) ?? 'Strava App';
}
