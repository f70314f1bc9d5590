import { describe, expect, it } from 'vitest';
import {
  activityTypeLabel,
  formatDistance,
  formatDuration,
  formatElevation,
  formatRelativeDate,
  formatSpeed,
} from '@/lib/activity-format';

// Local wall-clock times, so the calendar-day rules hold in any time zone.
const now = new Date(2026, 2, 10, 9, 0, 0);
const local = (month: number, day: number, hour: number) => new Date(2026, month, day, hour).toISOString();

describe('formatRelativeDate (spec health-connections §2)', () => {
  it.each([
    [local(2, 10, 0), 'Today'],
    [local(2, 10, 8), 'Today'],
    [local(2, 9, 23), 'Yesterday'],
    [local(2, 9, 0), 'Yesterday'],
    [local(2, 8, 23), 'Mar 8'],
    [local(1, 28, 12), 'Feb 28'],
    [local(0, 1, 7), 'Jan 1'],
  ])('%s -> %s', (iso, expected) => {
    expect(formatRelativeDate(iso, now)).toBe(expected);
  });
});

describe('formatDistance', () => {
  it.each([
    [null, '-'],
    [undefined, '-'],
    [0, '-'],
    [1, '1 m'],
    [999.4, '999 m'],
    [1000, '1.0 km'],
    [1049, '1.0 km'],
    [1050, '1.1 km'],
    [8200, '8.2 km'],
    [42_195, '42.2 km'],
  ])('%s m -> %s', (meters, expected) => {
    expect(formatDistance(meters)).toBe(expected);
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '0:00'],
    [59, '0:59'],
    [61, '1:01'],
    [599, '9:59'],
    [3599, '59:59'],
    [3600, '1:00:00'],
    [3661, '1:01:01'],
    [11_400, '3:10:00'],
    [36_005, '10:00:05'],
  ])('%s s -> %s', (seconds, expected) => {
    expect(formatDuration(seconds)).toBe(expected);
  });
});

describe('formatElevation and formatSpeed', () => {
  it.each([
    [null, '-'],
    [0, '0 m'],
    [853.4, '853 m'],
  ])('elevation %s -> %s', (meters, expected) => {
    expect(formatElevation(meters)).toBe(expected);
  });

  it.each([
    [null, '-'],
    [0, '0.0 km/h'],
    [2.5, '9.0 km/h'],
    [3.178, '11.4 km/h'],
    [10, '36.0 km/h'],
  ])('speed %s m/s -> %s (m/s × 3.6)', (mps, expected) => {
    expect(formatSpeed(mps)).toBe(expected);
  });
});

describe('activityTypeLabel: one vocabulary across providers', () => {
  it.each([
    ['Run', 'Run'],
    ['TrailRun', 'Run'],
    ['MountainBikeRide', 'Ride'],
    ['EBikeRide', 'Ride'],
    ['HKWorkoutActivityTypeHiking', 'Hike'],
    ['HKWorkoutActivityTypeTraditionalStrengthTraining', 'Strength'],
    ['walking', 'Walk'],
    ['Walking', 'Walk'],
    ['open_water_swim', 'Swim'],
    ['Walk', 'Walk'],
    ['Elliptical', 'Workout'],
  ])('%s -> %s', (type, expected) => {
    expect(activityTypeLabel(type)).toBe(expected);
  });
});
