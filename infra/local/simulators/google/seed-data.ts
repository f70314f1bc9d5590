import { localDateOf, localMidnightMs, shiftDate } from '../../../../functions/domain/google-fit-time';
import { deriveSeed, seededRandom, type Random } from '../strava/prng';
import type { HourSample, SimGoogleUser, SimSession } from './types';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * Activity type codes as the product spec (§9) reads them: 7 walking, 8 running, 1 cycling, 72 gym, 109 swimming,
 * 112 hiking; 9 (aerobics) stands for "anything else". (Google's own table gives 72, 109 and 112 to sleep stages;
 * the simulator follows the spec so the seeded workouts show as the sports they are meant to be.)
 */
export const ACTIVITY_TYPES = {
  walking: 7,
  running: 8,
  cycling: 1,
  gym: 72,
  swimming: 109,
  hiking: 112,
  aerobics: 9,
} as const;
export type SportKey = keyof typeof ACTIVITY_TYPES;

interface SportProfile {
  names: readonly string[];
  stepsPerMinute: number;
  metresPerMinute: number;
  activeKcalPerMinute: number;
  heartRate: readonly [number, number];
}

const SPORTS: Readonly<Record<SportKey, SportProfile>> = {
  walking: {
    names: ['Lunch walk', 'Evening walk', 'Seawall walk'],
    stepsPerMinute: 110,
    metresPerMinute: 80,
    activeKcalPerMinute: 4,
    heartRate: [92, 112],
  },
  running: {
    names: ['Morning run', 'Tempo run', 'Stanley Park loop'],
    stepsPerMinute: 165,
    metresPerMinute: 170,
    activeKcalPerMinute: 11,
    heartRate: [142, 166],
  },
  cycling: {
    names: ['Commute ride', 'Evening ride', 'Galloping Goose ride'],
    stepsPerMinute: 0,
    metresPerMinute: 380,
    activeKcalPerMinute: 9,
    heartRate: [124, 150],
  },
  gym: {
    names: ['Gym session', 'Strength training'],
    stepsPerMinute: 15,
    metresPerMinute: 0,
    activeKcalPerMinute: 6,
    heartRate: [105, 135],
  },
  swimming: {
    names: ['Pool swim', 'Crystal Pool laps'],
    stepsPerMinute: 0,
    metresPerMinute: 38,
    activeKcalPerMinute: 8,
    heartRate: [118, 146],
  },
  hiking: {
    names: ['Grouse Grind hike', 'Quarry Rock hike', 'Lynn Peak hike'],
    stepsPerMinute: 95,
    metresPerMinute: 60,
    activeKcalPerMinute: 7,
    heartRate: [108, 138],
  },
  aerobics: {
    names: ['Dance cardio', 'Aerobics class'],
    stepsPerMinute: 60,
    metresPerMinute: 0,
    activeKcalPerMinute: 7,
    heartRate: [120, 150],
  },
};

/** What a seeded day holds: nothing at all, a little (≤ 1000 steps), steps without workouts, or workouts. */
export type DayKind = 'zero' | 'low' | 'steps' | 'workout';

interface UserSeed {
  user: SimGoogleUser;
  /** Day kinds, cycled from today backwards, so every kind appears within any two weeks. */
  days: readonly DayKind[];
  sports: readonly SportKey[];
  app: string;
}

const USER_SEEDS: readonly UserSeed[] = [
  {
    user: {
      sub: '104729384756102938475',
      email: 'avery.brooks@example.com',
      name: 'Avery Brooks',
      givenName: 'Avery',
      familyName: 'Brooks',
      city: 'North Vancouver',
      timeZone: 'America/Vancouver',
      heartRate: true,
    },
    days: ['workout', 'steps', 'workout', 'zero', 'steps', 'workout', 'low', 'steps', 'workout', 'workout'],
    sports: ['running', 'hiking', 'running', 'walking'],
    app: 'com.google.android.apps.fitness',
  },
  {
    user: {
      sub: '117364528190736452819',
      email: 'jordan.lee@example.com',
      name: 'Jordan Lee',
      givenName: 'Jordan',
      familyName: 'Lee',
      city: 'Burnaby',
      timeZone: 'America/Vancouver',
      heartRate: false,
    },
    days: ['steps', 'steps', 'low', 'steps', 'zero', 'steps', 'workout', 'steps', 'low'],
    sports: ['walking', 'aerobics'],
    app: 'com.google.android.apps.fitness',
  },
  {
    user: {
      sub: '109283746501928374650',
      email: 'priya.singh@example.com',
      name: 'Priya Singh',
      givenName: 'Priya',
      familyName: 'Singh',
      city: 'Victoria',
      timeZone: 'America/Vancouver',
      heartRate: true,
    },
    days: ['workout', 'low', 'workout', 'steps', 'workout', 'zero', 'workout', 'steps'],
    sports: ['cycling', 'swimming', 'gym', 'cycling', 'hiking'],
    app: 'com.garmin.android.apps.connectmobile',
  },
];

export const SEEDED_USER_SUBS: readonly string[] = USER_SEEDS.map((seed) => seed.user.sub);

/** Workout lengths in minutes, chosen so every duration level (light … very_active) shows up. */
const DURATIONS = [12, 25, 40, 55, 75, 95, 140] as const;

export interface SeededWorld {
  users: SimGoogleUser[];
  sessions: SimSession[];
  samples: HourSample[];
}

export function seedWorld(seed: number, now: Date, historyDays: number): SeededWorld {
  const world: SeededWorld = { users: [], sessions: [], samples: [] };
  USER_SEEDS.forEach((userSeed, index) => {
    const rng = seededRandom(deriveSeed(seed, 3000 + index));
    world.users.push({ ...userSeed.user });
    const today = localDateOf(now.getTime(), userSeed.user.timeZone);
    for (let back = 0; back < historyDays; back++) {
      const date = shiftDate(today, -back);
      const kind = userSeed.days[back % userSeed.days.length] as DayKind;
      const day = buildDay(rng, userSeed, date, kind);
      // Nothing from the future: today holds only what has happened so far.
      world.sessions.push(...day.sessions.filter((s) => s.endTimeMillis <= now.getTime()));
      world.samples.push(
        ...day.samples
          .filter((s) => s.startMs < now.getTime())
          .map((s) => (s.endMs > now.getTime() ? { ...s, endMs: now.getTime() } : s)),
      );
    }
  });
  return world;
}

function buildDay(
  rng: Random,
  seed: UserSeed,
  date: string,
  kind: DayKind,
): { sessions: SimSession[]; samples: HourSample[] } {
  if (kind === 'zero') return { sessions: [], samples: [] };
  const { user } = seed;
  const midnight = localMidnightMs(date, user.timeZone);
  const samples: HourSample[] = Array.from({ length: 24 }, (_, hour) => ({
    sub: user.sub,
    startMs: midnight + hour * HOUR_MS,
    endMs: midnight + (hour + 1) * HOUR_MS,
    steps: 0,
    calories: round1(rng.between(55, 68)),
    distance: 0,
    heartRate: user.heartRate ? restingHeartRate(rng, hour) : null,
  }));

  const dailySteps = kind === 'low' ? rng.int(150, 950) : kind === 'steps' ? stepsDay(rng) : rng.int(2000, 9000);
  spreadSteps(rng, samples, dailySteps);

  const sessions: SimSession[] = [];
  if (kind === 'workout') {
    const count = rng.chance(0.25) ? 2 : 1;
    const startHours = count === 2 ? [rng.pick([6, 7, 12]), rng.pick([17, 18])] : [rng.pick([6, 7, 12, 17, 18])];
    for (const hour of startHours) {
      const sport = rng.pick(seed.sports);
      const minutes = rng.pick(DURATIONS);
      const startMs = midnight + hour * HOUR_MS + rng.int(0, 3) * 5 * MINUTE_MS;
      const session = buildSession(rng, seed, sport, startMs, minutes);
      sessions.push(session);
      addSessionToSamples(rng, samples, session, sport);
    }
  }
  return { sessions, samples };
}

export function buildSession(
  rng: Random,
  seed: UserSeed | { user: SimGoogleUser; app: string },
  sport: SportKey,
  startMs: number,
  minutes: number,
  name?: string,
): SimSession {
  const endMs = startMs + minutes * MINUTE_MS;
  return {
    id: `${startMs}-${ACTIVITY_TYPES[sport]}-${seed.user.sub.slice(-6)}`,
    sub: seed.user.sub,
    name: name ?? rng.pick(SPORTS[sport].names),
    description: '',
    activityType: ACTIVITY_TYPES[sport],
    startTimeMillis: startMs,
    endTimeMillis: endMs,
    modifiedTimeMillis: endMs + 2 * MINUTE_MS,
    ...(rng.chance(0.5) ? { activeTimeMillis: Math.round(minutes * MINUTE_MS * 0.95) } : {}),
    application: { packageName: seed.app },
  };
}

/** The session's steps, distance, active calories and (for watch wearers) heart rate, spread over the hours it spans. */
export function addSessionToSamples(rng: Random, samples: HourSample[], session: SimSession, sport: SportKey): void {
  const profile = SPORTS[sport];
  const minutes = (session.endTimeMillis - session.startTimeMillis) / MINUTE_MS;
  for (const sample of samples) {
    const overlapMs = Math.min(sample.endMs, session.endTimeMillis) - Math.max(sample.startMs, session.startTimeMillis);
    if (overlapMs <= 0) continue;
    const share = overlapMs / MINUTE_MS / minutes;
    sample.steps += Math.round(profile.stepsPerMinute * minutes * share);
    sample.distance = round1(sample.distance + profile.metresPerMinute * minutes * share);
    sample.calories = round1(sample.calories + profile.activeKcalPerMinute * minutes * share);
    if (sample.heartRate) {
      const average = rng.int(...profile.heartRate);
      sample.heartRate = {
        average,
        max: average + rng.int(10, 22),
        min: Math.min(sample.heartRate.min, rng.int(62, 75)),
      };
    }
  }
}

/** A steps-only day: light, moderate or active by the daily-steps rule (spec §9). */
function stepsDay(rng: Random): number {
  const [min, max] = rng.pick([
    [1200, 4800],
    [5200, 9800],
    [10200, 16000],
  ] as const);
  return rng.int(min, max);
}

function spreadSteps(rng: Random, samples: HourSample[], steps: number): void {
  const waking = samples.slice(7, 22);
  const weights = waking.map(() => rng.between(0.3, 1.7));
  const total = weights.reduce((sum, w) => sum + w, 0);
  let left = steps;
  waking.forEach((sample, i) => {
    const share = i === waking.length - 1 ? left : Math.min(left, Math.round((steps * (weights[i] as number)) / total));
    left -= share;
    sample.steps += share;
    sample.distance = round1(sample.distance + share * 0.75);
    sample.calories = round1(sample.calories + share * 0.04);
  });
}

function restingHeartRate(rng: Random, hour: number): { average: number; max: number; min: number } {
  const asleep = hour < 7 || hour > 22;
  const average = asleep ? rng.int(52, 60) : rng.int(66, 82);
  return { average, max: average + rng.int(asleep ? 4 : 14, asleep ? 9 : 30), min: average - rng.int(3, 9) };
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

export { SPORTS };
