import { localDateOf, localMidnightMs, shiftDate } from '../../../../functions/domain/google-health-time';
import { deriveSeed, seededRandom, type Random } from '../strava/prng';
import type { ExerciseType, HourSample, SimExercise, SimGoogleUser } from './types';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** The sports the seeded people do, and the reference's Exercise.exerciseType for each. */
export const EXERCISE_TYPES = {
  walking: 'WALKING',
  running: 'RUNNING',
  cycling: 'BIKING',
  gym: 'STRENGTH_TRAINING',
  swimming: 'SWIMMING',
  hiking: 'HIKING',
  yoga: 'YOGA',
  aerobics: 'HIIT',
} as const satisfies Record<string, ExerciseType>;
export type SportKey = keyof typeof EXERCISE_TYPES;

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
  yoga: {
    names: ['Morning yoga', 'Yoga flow'],
    stepsPerMinute: 0,
    metresPerMinute: 0,
    activeKcalPerMinute: 3,
    heartRate: [85, 105],
  },
  aerobics: {
    names: ['Dance cardio', 'HIIT class'],
    stepsPerMinute: 60,
    metresPerMinute: 0,
    activeKcalPerMinute: 7,
    heartRate: [120, 150],
  },
};

/** What a seeded day holds: nothing at all, a little (≤ 1000 steps), steps without workouts, workouts, or exactly two. */
export type DayKind = 'zero' | 'low' | 'steps' | 'workout' | 'double';

interface UserSeed {
  user: SimGoogleUser;
  /** Day kinds, cycled from today backwards, so every kind appears within any two weeks. */
  days: readonly DayKind[];
  sports: readonly SportKey[];
}

const USER_SEEDS: readonly UserSeed[] = [
  {
    user: {
      sub: '104729384756102938475',
      healthUserId: 'A7kR2mQ9xL4',
      email: 'avery.brooks@example.com',
      name: 'Avery Brooks',
      givenName: 'Avery',
      familyName: 'Brooks',
      city: 'North Vancouver',
      timeZone: 'America/Vancouver',
      heartRate: true,
      device: { formFactor: 'WATCH', manufacturer: 'Google', displayName: 'Pixel Watch 3' },
    },
    days: ['workout', 'steps', 'workout', 'zero', 'steps', 'workout', 'low', 'steps', 'workout', 'workout'],
    sports: ['running', 'hiking', 'running', 'walking'],
  },
  {
    user: {
      sub: '117364528190736452819',
      healthUserId: 'J3pW8nT1vB6',
      email: 'jordan.lee@example.com',
      name: 'Jordan Lee',
      givenName: 'Jordan',
      familyName: 'Lee',
      city: 'Burnaby',
      timeZone: 'America/Vancouver',
      heartRate: false,
      device: { formFactor: 'PHONE', manufacturer: 'Google', displayName: 'Pixel 9' },
    },
    days: ['steps', 'steps', 'low', 'steps', 'zero', 'steps', 'workout', 'steps', 'low'],
    sports: ['walking', 'aerobics'],
  },
  {
    user: {
      sub: '109283746501928374650',
      healthUserId: 'P5sH4cY7zD2',
      email: 'priya.singh@example.com',
      name: 'Priya Singh',
      givenName: 'Priya',
      familyName: 'Singh',
      city: 'Victoria',
      timeZone: 'America/Vancouver',
      heartRate: true,
      device: { formFactor: 'FITNESS_BAND', manufacturer: 'Fitbit', displayName: 'Fitbit Charge 6' },
    },
    days: ['workout', 'low', 'workout', 'steps', 'workout', 'zero', 'workout', 'steps'],
    sports: ['cycling', 'swimming', 'gym', 'cycling', 'hiking', 'yoga'],
  },
  {
    // Two workouts a day most days: 600+ exercises over the seeded history, so every listing spans many pages.
    user: {
      sub: '112233445566778899001',
      healthUserId: 'S9tM6kF3wQ8',
      email: 'sam.okafor@example.com',
      name: 'Sam Okafor',
      givenName: 'Sam',
      familyName: 'Okafor',
      city: 'Squamish',
      timeZone: 'America/Vancouver',
      heartRate: true,
      device: { formFactor: 'WATCH', manufacturer: 'Google', displayName: 'Pixel Watch 3' },
    },
    days: ['double', 'double', 'double', 'steps', 'double', 'double', 'double'],
    sports: ['running', 'cycling', 'hiking', 'swimming', 'gym', 'yoga'],
  },
];

export const SEEDED_USER_SUBS: readonly string[] = USER_SEEDS.map((seed) => seed.user.sub);

/** Workout lengths in minutes, chosen so every duration level (light … very_active) shows up. */
const DURATIONS = [12, 25, 40, 55, 75, 95, 140] as const;

export interface SeededWorld {
  users: SimGoogleUser[];
  exercises: SimExercise[];
  samples: HourSample[];
}

export function seedWorld(seed: number, now: Date, historyDays: number): SeededWorld {
  const world: SeededWorld = { users: [], exercises: [], samples: [] };
  USER_SEEDS.forEach((userSeed, index) => {
    const rng = seededRandom(deriveSeed(seed, 3000 + index));
    world.users.push({ ...userSeed.user, device: { ...userSeed.user.device } });
    const today = localDateOf(now.getTime(), userSeed.user.timeZone);
    for (let back = 0; back < historyDays; back++) {
      const date = shiftDate(today, -back);
      const kind = userSeed.days[back % userSeed.days.length] as DayKind;
      const day = buildDay(rng, userSeed, date, kind);
      // Nothing from the future: today holds only what has happened so far.
      world.exercises.push(...day.exercises.filter((e) => e.endMs <= now.getTime()));
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
): { exercises: SimExercise[]; samples: HourSample[] } {
  if (kind === 'zero') return { exercises: [], samples: [] };
  const { user } = seed;
  const midnight = localMidnightMs(date, user.timeZone);
  const samples: HourSample[] = Array.from({ length: 24 }, (_, hour) => ({
    sub: user.sub,
    startMs: midnight + hour * HOUR_MS,
    endMs: midnight + (hour + 1) * HOUR_MS,
    steps: 0,
    calories: round1(rng.between(55, 68)),
    distance: 0,
  }));

  const dailySteps = kind === 'low' ? rng.int(150, 950) : kind === 'steps' ? stepsDay(rng) : rng.int(2000, 9000);
  spreadSteps(rng, samples, dailySteps);

  const exercises: SimExercise[] = [];
  if (kind === 'workout' || kind === 'double') {
    const count = kind === 'double' || rng.chance(0.25) ? 2 : 1;
    const startHours = count === 2 ? [rng.pick([6, 7, 12]), rng.pick([17, 18])] : [rng.pick([6, 7, 12, 17, 18])];
    for (const hour of startHours) {
      const sport = rng.pick(seed.sports);
      const minutes = rng.pick(DURATIONS);
      const startMs = midnight + hour * HOUR_MS + rng.int(0, 3) * 5 * MINUTE_MS;
      const exercise = buildExercise(rng, seed.user, sport, startMs, minutes);
      exercises.push(exercise);
      addExerciseToSamples(samples, exercise, sport);
    }
  }
  return { exercises, samples };
}

/** The exercise's data point id: a long integer, unique per person and start. */
function exerciseIdOf(user: SimGoogleUser, startMs: number, sport: SportKey): string {
  const sportIndex = Object.keys(EXERCISE_TYPES).indexOf(sport);
  return `${startMs}${user.sub.slice(-3)}${sportIndex}`;
}

export function buildExercise(
  rng: Random,
  user: SimGoogleUser,
  sport: SportKey,
  startMs: number,
  minutes: number,
  name?: string,
): SimExercise {
  const profile = SPORTS[sport];
  const endMs = startMs + minutes * MINUTE_MS;
  const activeMinutes = minutes * rng.between(0.9, 1);
  return {
    id: exerciseIdOf(user, startMs, sport),
    sub: user.sub,
    displayName: name ?? rng.pick(profile.names),
    exerciseType: EXERCISE_TYPES[sport],
    startMs,
    endMs,
    activeMs: Math.round(activeMinutes * MINUTE_MS),
    distanceMm: Math.round(profile.metresPerMinute * activeMinutes * 1000),
    caloriesKcal: round1(profile.activeKcalPerMinute * activeMinutes),
    steps: Math.round(profile.stepsPerMinute * activeMinutes),
    averageHeartRate: user.heartRate ? rng.int(...profile.heartRate) : null,
    elevationGainMm: sport === 'hiking' ? rng.int(150, 900) * 1000 : sport === 'running' ? rng.int(10, 120) * 1000 : 0,
    updateMs: endMs + 2 * MINUTE_MS,
  };
}

/** The exercise's steps, distance and active calories, spread over the hours it spans (the daily roll-up counts them). */
export function addExerciseToSamples(samples: HourSample[], exercise: SimExercise, sport: SportKey): void {
  const profile = SPORTS[sport];
  const minutes = (exercise.endMs - exercise.startMs) / MINUTE_MS;
  for (const sample of samples) {
    const overlapMs = Math.min(sample.endMs, exercise.endMs) - Math.max(sample.startMs, exercise.startMs);
    if (overlapMs <= 0) continue;
    const share = overlapMs / MINUTE_MS / minutes;
    sample.steps += Math.round(profile.stepsPerMinute * minutes * share);
    sample.distance = round1(sample.distance + profile.metresPerMinute * minutes * share);
    sample.calories = round1(sample.calories + profile.activeKcalPerMinute * minutes * share);
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

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

export { SPORTS };
