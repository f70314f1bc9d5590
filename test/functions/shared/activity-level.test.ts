import { describe, expect, it } from 'vitest';
import {
  dailyStepsActivityLevel,
  sessionActivityLevel,
  workoutActivityLevel,
  type WorkoutIntensity,
} from '../../../functions/shared/activity-level';
import type { ActivityLevel } from '../../../functions/shared/schemas/activity';

describe('workoutActivityLevel (spec §9, Apple and Strava)', () => {
  const cases: Array<[string, WorkoutIntensity, ActivityLevel]> = [
    // The short-workout rule comes first, whatever the speed or heart rate.
    [
      '599 s at 5 m/s and 180 bpm is still light',
      { durationSeconds: 599, averageSpeedMps: 5, averageHeartRate: 180 },
      'light',
    ],
    ['0 s is light', { durationSeconds: 0, averageSpeedMps: 10, averageHeartRate: 190 }, 'light'],
    ['unknown duration counts as 0 s', { durationSeconds: null, averageSpeedMps: 5, averageHeartRate: 170 }, 'light'],
    ['undefined duration counts as 0 s', { durationSeconds: undefined, averageHeartRate: 170 }, 'light'],
    ['NaN duration counts as 0 s', { durationSeconds: Number.NaN, averageHeartRate: 170 }, 'light'],
    // Duration thresholds are strict "over".
    ['exactly 600 s with nothing else is light', { durationSeconds: 600 }, 'light'],
    ['900 s is light', { durationSeconds: 900 }, 'light'],
    ['901 s is moderate', { durationSeconds: 901 }, 'moderate'],
    ['1800 s is moderate', { durationSeconds: 1800 }, 'moderate'],
    ['1801 s is active', { durationSeconds: 1801 }, 'active'],
    ['3600 s is active', { durationSeconds: 3600 }, 'active'],
    ['3601 s is very_active', { durationSeconds: 3601 }, 'very_active'],
    // Speed thresholds (m/s), from 600 s up.
    ['600 s at 2.0 m/s is light', { durationSeconds: 600, averageSpeedMps: 2.0 }, 'light'],
    ['600 s at 2.01 m/s is active', { durationSeconds: 600, averageSpeedMps: 2.01 }, 'active'],
    ['600 s at 4.0 m/s is active', { durationSeconds: 600, averageSpeedMps: 4.0 }, 'active'],
    ['600 s at 4.01 m/s is very_active', { durationSeconds: 600, averageSpeedMps: 4.01 }, 'very_active'],
    [
      'speed alone never gives moderate: 700 s at 1.9 m/s is light',
      { durationSeconds: 700, averageSpeedMps: 1.9 },
      'light',
    ],
    // Heart-rate thresholds (bpm).
    ['600 s at 100 bpm is light', { durationSeconds: 600, averageHeartRate: 100 }, 'light'],
    ['600 s at 101 bpm is moderate', { durationSeconds: 600, averageHeartRate: 101 }, 'moderate'],
    ['600 s at 120 bpm is moderate', { durationSeconds: 600, averageHeartRate: 120 }, 'moderate'],
    ['600 s at 121 bpm is active', { durationSeconds: 600, averageHeartRate: 121 }, 'active'],
    ['600 s at 150 bpm is active', { durationSeconds: 600, averageHeartRate: 150 }, 'active'],
    ['600 s at 151 bpm is very_active', { durationSeconds: 600, averageHeartRate: 151 }, 'very_active'],
    // Any one criterion lifts the level; the highest wins.
    [
      'long but slow and calm is very_active by duration',
      { durationSeconds: 4000, averageSpeedMps: 1, averageHeartRate: 90 },
      'very_active',
    ],
    [
      'moderate duration with a hard heart rate is very_active',
      { durationSeconds: 1000, averageHeartRate: 160 },
      'very_active',
    ],
    ['moderate duration with a brisk speed is active', { durationSeconds: 1000, averageSpeedMps: 3 }, 'active'],
    // Missing speed or heart rate never counts.
    [
      'missing speed and heart rate fall back to duration',
      { durationSeconds: 1000, averageSpeedMps: null, averageHeartRate: null },
      'moderate',
    ],
    ['non-finite heart rate is ignored', { durationSeconds: 700, averageHeartRate: Number.POSITIVE_INFINITY }, 'light'],
  ];

  it.each(cases)('%s', (_label, input, expected) => {
    expect(workoutActivityLevel(input)).toBe(expected);
  });
});

describe('sessionActivityLevel (spec §9, Google sessions by duration)', () => {
  it.each<[number | null, ActivityLevel]>([
    [null, 'light'],
    [0, 'light'],
    [900, 'light'],
    [901, 'moderate'],
    [1800, 'moderate'],
    [1801, 'active'],
    [3600, 'active'],
    [3601, 'very_active'],
  ])('%s s -> %s', (duration, expected) => {
    expect(sessionActivityLevel(duration)).toBe(expected);
  });

  it('has no short-workout rule of its own: 599 s is light only because it is under 900', () => {
    expect(sessionActivityLevel(599)).toBe('light');
  });
});

describe('dailyStepsActivityLevel (spec §9)', () => {
  it.each<[number | null | undefined, ActivityLevel]>([
    [undefined, 'light'],
    [null, 'light'],
    [0, 'light'],
    [5000, 'light'],
    [5001, 'moderate'],
    [10000, 'moderate'],
    [10001, 'active'],
    [25000, 'active'],
  ])('%s steps -> %s', (steps, expected) => {
    expect(dailyStepsActivityLevel(steps)).toBe(expected);
  });
});
