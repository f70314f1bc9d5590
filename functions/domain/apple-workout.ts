import type { UnifiedActivity } from '../shared/schemas/activity';
import { workoutActivityLevel } from '../shared/activity-level';
import {
  isProblem,
  readMoment,
  readNumber,
  readQuantity,
  toKilocalories,
  toMetres,
  toSeconds,
  type LocalMoment,
  type Problem,
  type Quantity,
} from './apple-units';

/** Spec §7: Apple Health syncs the last 30 days; older entries are skipped (reported, not stored). */
export const APPLE_SYNC_WINDOW_DAYS = 30;
/** Spec §9 Apple step estimates, used where a figure is missing but steps are known. */
export const METRES_PER_STEP = 0.75;
export const KCAL_PER_STEP = 0.04;
/** A start further ahead than this is a wrong offset or clock, not a workout. */
export const FUTURE_TOLERANCE_MS = 60 * 60 * 1000;
/** Longer than a week is not one workout. */
export const MAX_WORKOUT_SECONDS = 7 * 24 * 60 * 60;
const MAX_HEART_RATE = 300;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The ids we key on: HealthKit UUIDs and Health Auto Export ids, or any id a Shortcut makes up (TrailBuddy's uses the
 * workout's ISO 8601 start, '2026-11-20T07:12:00+01:00'). No '#', which keeps
 * them apart from the daily step ids ('steps#<date>').
 */
const WORKOUT_ID = /^[A-Za-z0-9._:+-]{1,128}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AppleMappingContext {
  userId: string;
  /** The ingest time: the retention clock starts here, and the 30-day window is counted back from it. */
  receivedAt: Date;
}

/**
 * What happened to one entry: stored (the unified activity, with what could not be read of its optional figures),
 * skipped on purpose, or rejected as unreadable.
 */
export type EntryOutcome =
  | { kind: 'activity'; activity: UnifiedActivity; unread: string[] }
  | { kind: 'skipped'; message: string }
  | { kind: 'rejected'; message: string };

const rejected = (message: string): EntryOutcome => ({ kind: 'rejected', message });

/** HKWorkoutActivityType raw values for the types people bring to TrailBuddy; others read as 'Workout'. */
const HK_ACTIVITY_TYPE_NUMBERS: Record<number, string> = {
  9: 'Climbing',
  13: 'Cycling',
  16: 'Elliptical',
  20: 'Functional Strength Training',
  24: 'Hiking',
  31: 'Paddle Sports',
  35: 'Rowing',
  37: 'Running',
  46: 'Swimming',
  50: 'Traditional Strength Training',
  52: 'Walking',
  57: 'Yoga',
  60: 'Cross Country Skiing',
  61: 'Downhill Skiing',
  63: 'High Intensity Interval Training',
  67: 'Snowboarding',
  3000: 'Other',
};

/**
 * A readable activity type from 'HKWorkoutActivityTypeRunning', 'running', 'outdoor_run', 'Outdoor Run' or 37.
 * The activities list filters by words in it (run, cycl, hik, walk, swim), so the words are kept.
 */
export function appleActivityTypeName(value: unknown): string {
  if (typeof value === 'number') return HK_ACTIVITY_TYPE_NUMBERS[value] ?? 'Workout';
  if (typeof value !== 'string' || value.trim() === '') return 'Workout';
  const text = value.trim();
  if (/^\d+$/.test(text)) return HK_ACTIVITY_TYPE_NUMBERS[Number(text)] ?? 'Workout';
  const words = text
    .replace(/^HKWorkoutActivityType/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (words === '') return 'Workout';
  return words
    .split(' ')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ')
    .slice(0, 80);
}

/** The first of `names` the entry has (spec field first, Health Auto Export's after). */
function pick(entry: Record<string, unknown>, ...names: string[]): { name: string; value: unknown } {
  for (const name of names) if (entry[name] !== undefined && entry[name] !== null) return { name, value: entry[name] };
  return { name: names[0]!, value: undefined };
}

/** A quantity, or a Health Auto Export time series of them (`[{ qty, units, date }]`), summed. */
function readQuantityOrSeries(value: unknown, field: string): Quantity[] | null | Problem {
  if (Array.isArray(value)) {
    const parts: Quantity[] = [];
    for (const [i, item] of value.entries()) {
      const part = readQuantity(item, `${field}[${i}]`);
      if (isProblem(part)) return part;
      if (part) parts.push(part);
    }
    return parts;
  }
  const single = readQuantity(value, field);
  return single === null || isProblem(single) ? single : [single];
}

function sumConverted(
  parts: Quantity[],
  field: string,
  convert: (q: Quantity, field: string) => number | Problem,
): number | Problem {
  let total = 0;
  for (const part of parts) {
    const value = convert(part, field);
    if (isProblem(value)) return value;
    total += value;
  }
  return total;
}

function readMetres(entry: Record<string, unknown>, ...names: string[]): number | null | Problem {
  const { name, value } = pick(entry, ...names);
  const parts = readQuantityOrSeries(value, name);
  if (parts === null || isProblem(parts)) return parts;
  return sumConverted(parts, name, toMetres);
}

function readKilocalories(entry: Record<string, unknown>, ...names: string[]): number | null | Problem {
  const { name, value } = pick(entry, ...names);
  const parts = readQuantityOrSeries(value, name);
  if (parts === null || isProblem(parts)) return parts;
  return sumConverted(parts, name, toKilocalories);
}

function readSteps(entry: Record<string, unknown>): number | null | Problem {
  const { name, value } = pick(entry, 'steps', 'stepCount');
  const parts = readQuantityOrSeries(value, name);
  if (parts === null || isProblem(parts)) return parts;
  let total = 0;
  for (const part of parts) {
    if (part.value < 0) return { problem: `${name} must not be negative` };
    total += part.value;
  }
  return Math.round(total);
}

/** Beats per minute from a number, `{ qty }`, or Health Auto Export's `heartRate: { avg, max }`. 0 means "not measured". */
function readHeartRate(entry: Record<string, unknown>, which: 'avg' | 'max'): number | null | Problem {
  const direct = which === 'avg' ? pick(entry, 'averageHeartRate', 'avgHeartRate') : pick(entry, 'maxHeartRate');
  let field = direct.name;
  let value = direct.value;
  if (value === undefined && typeof entry.heartRate === 'object' && entry.heartRate !== null) {
    const summary = entry.heartRate as Record<string, unknown>;
    field = `heartRate.${which}`;
    value = summary[which] ?? summary[which === 'avg' ? 'Avg' : 'Max'];
  }
  const quantity = readQuantity(value, field);
  if (quantity === null || isProblem(quantity)) return quantity;
  if (quantity.value < 0 || quantity.value > MAX_HEART_RATE)
    return { problem: `${field} ${quantity.value} is not a heart rate in beats per minute` };
  return quantity.value === 0 ? null : quantity.value;
}

function readElevationGain(entry: Record<string, unknown>): number | null | Problem {
  if (entry.elevationUp !== undefined && entry.elevationUp !== null) return readMetres(entry, 'elevationUp');
  // Health Auto Export version 1: elevation: { ascent, descent, units }.
  if (typeof entry.elevation === 'object' && entry.elevation !== null) {
    const elevation = entry.elevation as Record<string, unknown>;
    const ascent = readNumber(elevation.ascent, 'elevation.ascent');
    if (ascent === null || isProblem(ascent)) return ascent;
    return toMetres(
      { value: ascent, unit: typeof elevation.units === 'string' ? elevation.units : null },
      'elevation.ascent',
    );
  }
  return null;
}

function readDurationSeconds(
  entry: Record<string, unknown>,
  start: LocalMoment,
  end: LocalMoment | null,
): number | Problem {
  const quantity = readQuantity(entry.duration, 'duration');
  if (isProblem(quantity)) return quantity;
  if (end && end.instant.getTime() < start.instant.getTime()) return { problem: 'endDate is before startDate' };
  // Apple's duration leaves pauses out, so it wins over end − start.
  const seconds = quantity
    ? toSeconds(quantity, 'duration')
    : end
      ? (end.instant.getTime() - start.instant.getTime()) / 1000
      : null;
  if (seconds === null) return { problem: 'duration or endDate is required' };
  if (isProblem(seconds)) return seconds;
  if (seconds > MAX_WORKOUT_SECONDS) return { problem: `duration ${Math.round(seconds)} s is longer than a week` };
  return Math.round(seconds);
}

function readWorkoutId(entry: Record<string, unknown>): string | Problem {
  const { value } = pick(entry, 'id', 'uuid');
  const text =
    typeof value === 'number' && Number.isInteger(value)
      ? String(value)
      : typeof value === 'string'
        ? value.trim()
        : undefined;
  if (text === undefined || text === '') return { problem: 'id or uuid is required' };
  if (!WORKOUT_ID.test(text)) return { problem: "id must be 1 to 128 letters, digits, '.', '_', ':', '+' or '-'" };
  // HealthKit writes UUIDs in upper case and Health Auto Export in lower: one workout, one key.
  return UUID.test(text) ? text.toLowerCase() : text;
}

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/** Whether an instant lies inside the sync window; otherwise why the entry is skipped or rejected. */
export function windowVerdict(start: Date, receivedAt: Date, field: string): EntryOutcome | null {
  if (start.getTime() > receivedAt.getTime() + FUTURE_TOLERANCE_MS)
    return rejected(`${field} is in the future; check the date's time zone offset`);
  if (start.getTime() < receivedAt.getTime() - APPLE_SYNC_WINDOW_DAYS * DAY_MS)
    return { kind: 'skipped', message: `older than the ${APPLE_SYNC_WINDOW_DAYS}-day sync window` };
  return null;
}

/**
 * One workout, in the spec's Apple fields (id/uuid, workoutActivityType, sourceName, startDate, endDate, duration,
 * totalDistance.doubleValue, totalEnergyBurned.doubleValue, averageHeartRate, maxHeartRate, steps) or the Health
 * Auto Export format (id, name, start, end, duration, distance/activeEnergyBurned/activeEnergy {qty, units},
 * heartRate {avg, max}, avgHeartRate/maxHeartRate {qty}, stepCount, elevationUp). Distances become metres, energy
 * kilocalories; missing distance/energy is estimated from steps (spec §9); the level follows spec §9. A user id in
 * the entry is ignored: the owner is always `context.userId`.
 */
export function mapAppleWorkout(input: unknown, { userId, receivedAt }: AppleMappingContext): EntryOutcome {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    return rejected('a workout must be an object');
  const entry = input as Record<string, unknown>;

  const id = readWorkoutId(entry);
  if (isProblem(id)) return rejected(id.problem);
  const startField = pick(entry, 'startDate', 'start');
  const start = readMoment(startField.value, startField.name);
  if (start === null) return rejected('startDate (or start) is required');
  if (isProblem(start)) return rejected(start.problem);
  const endField = pick(entry, 'endDate', 'end');
  const end = readMoment(endField.value, endField.name);
  if (isProblem(end)) return rejected(end.problem);
  const outside = windowVerdict(start.instant, receivedAt, startField.name);
  if (outside) return outside;

  const duration = readDurationSeconds(entry, start, end);
  if (isProblem(duration)) return rejected(duration.problem);
  // A workout is kept when an optional figure cannot be read: the figure is left out, and the reply says which.
  const unread: string[] = [];
  const optional = <T>(value: T | null | Problem): T | null => {
    if (!isProblem(value)) return value;
    unread.push(value.problem);
    return null;
  };
  const measuredDistance = optional(readMetres(entry, 'totalDistance', 'distance'));
  const measuredEnergy = optional(readKilocalories(entry, 'totalEnergyBurned', 'activeEnergyBurned', 'activeEnergy'));
  const steps = optional(readSteps(entry));
  const heartRateAvg = optional(readHeartRate(entry, 'avg'));
  const heartRateMax = optional(readHeartRate(entry, 'max'));
  const elevationGain = optional(readElevationGain(entry));

  const distance = measuredDistance ?? (steps !== null ? steps * METRES_PER_STEP : null);
  const energy = measuredEnergy ?? (steps !== null ? steps * KCAL_PER_STEP : null);
  const averageSpeed = distance !== null && duration > 0 ? distance / duration : null;
  const type = appleActivityTypeName(pick(entry, 'workoutActivityType', 'name').value);

  return {
    kind: 'activity',
    unread,
    activity: {
      user_id: userId,
      provider_type: 'apple_health',
      provider_activity_id: id,
      activity_type: type,
      name: type,
      start_time: start.instant.toISOString(),
      duration_seconds: duration,
      distance_meters: distance === null ? null : round(distance, 1),
      calories_burned: energy === null ? null : round(energy, 1),
      steps,
      heart_rate_avg: heartRateAvg,
      heart_rate_max: heartRateMax,
      activity_level: workoutActivityLevel({
        durationSeconds: duration,
        averageSpeedMps: averageSpeed,
        averageHeartRate: heartRateAvg,
      }),
      elevation_gain_meters: elevationGain === null ? null : round(elevationGain, 1),
      average_speed_mps: averageSpeed === null ? null : round(averageSpeed, 3),
      fetched_at: receivedAt.toISOString(),
    },
  };
}
