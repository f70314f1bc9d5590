import { describe, expect, it } from 'vitest';
import { localDateOf } from '../../../../functions/domain/google-health-time';
import { SEEDED_USER_SUBS } from '../../../../infra/local/simulators/google';
import { SAM } from './helpers';
import { seedWorld } from '../../../../infra/local/simulators/google/seed-data';

const NOW = new Date('2026-05-20T19:30:00.000Z');
const ZONE = 'America/Vancouver';

describe('seeded Google accounts', () => {
  const world = seedWorld(7, NOW, 45);

  it('has four accounts with Google-style 21-digit ids and Health user ids of 1-63 letters, digits and hyphens', () => {
    expect(world.users.map((u) => u.sub)).toEqual(SEEDED_USER_SUBS);
    expect(world.users).toHaveLength(4);
    for (const user of world.users) {
      expect(user.sub).toMatch(/^\d{21}$/);
      expect(user.healthUserId).toMatch(/^[A-Za-z0-9-]{1,63}$/);
    }
  });

  it('gives one account 600+ exercises over the default 400 days, so every listing spans many pages of 25', () => {
    const year = seedWorld(7, NOW, 400);
    const sams = year.exercises.filter((e) => e.sub === SAM);
    expect(sams.length).toBeGreaterThanOrEqual(600);
    expect(new Set(sams.map((e) => e.id)).size).toBe(sams.length);
    for (const exercise of sams) expect(exercise.id).toMatch(/^\d+$/);
  });

  it('is deterministic for a seed', () => {
    expect(seedWorld(7, NOW, 45)).toEqual(world);
    expect(seedWorld(8, NOW, 45)).not.toEqual(world);
  });

  it.each(SEEDED_USER_SUBS.filter((sub) => sub !== SAM))(
    'account %s covers every kind of day within 45 days, and nothing in the future',
    (sub) => {
      const steps = new Map<string, number>();
      for (const sample of world.samples.filter((s) => s.sub === sub)) {
        expect(sample.startMs).toBeLessThan(NOW.getTime());
        const date = localDateOf(sample.startMs, ZONE);
        steps.set(date, (steps.get(date) ?? 0) + sample.steps);
      }
      const workoutDays = new Set(
        world.exercises.filter((e) => e.sub === sub).map((e) => localDateOf(e.startMs, ZONE)),
      );
      for (const exercise of world.exercises) expect(exercise.endMs).toBeLessThanOrEqual(NOW.getTime());
      const dates = Array.from({ length: 45 }, (_, i) => localDateOf(NOW.getTime() - i * 86_400_000, ZONE));
      const zero = dates.filter((d) => !steps.has(d));
      const low = dates.filter((d) => steps.has(d) && steps.get(d)! <= 1000 && !workoutDays.has(d));
      const stepsOnly = dates.filter((d) => (steps.get(d) ?? 0) > 1000 && !workoutDays.has(d));
      expect(zero.length, 'days with no data').toBeGreaterThan(0);
      expect(low.length, 'days with 1000 steps or fewer').toBeGreaterThan(0);
      expect(stepsOnly.length, 'days over 1000 steps without a workout').toBeGreaterThan(0);
      expect(workoutDays.size, 'days with a workout').toBeGreaterThan(0);
    },
  );

  it('has workouts of every duration level and many exercise types between the accounts', () => {
    const minutes = new Set(world.exercises.map((e) => (e.endMs - e.startMs) / 60_000));
    expect([...minutes].some((m) => m <= 15)).toBe(true);
    expect([...minutes].some((m) => m > 15 && m <= 30)).toBe(true);
    expect([...minutes].some((m) => m > 30 && m <= 60)).toBe(true);
    expect([...minutes].some((m) => m > 60)).toBe(true);
    expect(new Set(world.exercises.map((e) => e.exerciseType))).toEqual(
      new Set(['RUNNING', 'WALKING', 'BIKING', 'SWIMMING', 'HIKING', 'YOGA', 'HIIT', 'STRENGTH_TRAINING']),
    );
  });
});
