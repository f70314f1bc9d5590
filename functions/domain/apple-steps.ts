import type { UnifiedActivity } from '../shared/schemas/activity';
import { dailyStepsActivityLevel } from '../shared/activity-level';
import { isProblem, readDay, readNumber } from './apple-units';
import { KCAL_PER_STEP, METRES_PER_STEP, windowVerdict, type AppleMappingContext } from './apple-workout';

/** Spec §5: a day's steps become an activity only above this many. */
export const DAILY_STEPS_THRESHOLD = 1000;

export interface StepEntryIssue {
  /** Position in the step entries as read (see readHealthData). */
  index: number;
  kind: 'rejected' | 'skipped';
  message: string;
}

/** The key of a day's steps; '#' never occurs in a workout id, so the two cannot collide. */
export const dailyStepsActivityId = (localDate: string) => `steps#${localDate}`;

interface Day {
  localDate: string;
  firstIndex: number;
  earliest: Date;
  steps: number;
}

type StepReading = { localDate: string; instant: Date; steps: number } | Omit<StepEntryIssue, 'index'>;

function readStepEntry(input: unknown, receivedAt: Date): StepReading {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    return { kind: 'rejected', message: 'a step entry must be an object' };
  const entry = input as Record<string, unknown>;
  const present = (...names: string[]) =>
    names.find((name) => entry[name] !== undefined && entry[name] !== null) ?? names[0]!;
  const dateField = present('date', 'startDate', 'start');
  const day = readDay(entry[dateField], dateField);
  if (day === null) return { kind: 'rejected', message: 'date is required' };
  if (isProblem(day)) return { kind: 'rejected', message: day.problem };
  const stepsField = present('steps', 'qty', 'value');
  const steps = readNumber(entry[stepsField], stepsField);
  if (steps === null) return { kind: 'rejected', message: 'steps is required' };
  if (isProblem(steps)) return { kind: 'rejected', message: steps.problem };
  if (steps < 0) return { kind: 'rejected', message: `${stepsField} must not be negative` };
  const outside = windowVerdict(day.instant, receivedAt, dateField);
  if (outside?.kind === 'rejected' || outside?.kind === 'skipped')
    return { kind: outside.kind, message: outside.message };
  return { localDate: day.localDate, instant: day.instant, steps };
}

/**
 * Step entries (`{ date, steps }`, or Health Auto Export's step_count data `{ date, qty }`) summed per calendar day
 * as the sender wrote it, so hourly parts add up to the day. A day above 1000 steps becomes one 'Walking' activity
 * with the spec §9 estimates (0.75 m and 0.04 kcal per step) and the daily-steps level; its id is the date, so a
 * re-post replaces the day's figure. Days at or below 1000 and days outside the window are skipped.
 */
export function mapAppleDailySteps(
  entries: readonly unknown[],
  { userId, receivedAt }: AppleMappingContext,
): { activities: UnifiedActivity[]; issues: StepEntryIssue[] } {
  const issues: StepEntryIssue[] = [];
  const days = new Map<string, Day>();
  entries.forEach((input, index) => {
    const reading = readStepEntry(input, receivedAt);
    if ('kind' in reading) {
      issues.push({ index, ...reading });
      return;
    }
    const known = days.get(reading.localDate);
    if (!known) {
      days.set(reading.localDate, {
        localDate: reading.localDate,
        firstIndex: index,
        earliest: reading.instant,
        steps: reading.steps,
      });
      return;
    }
    known.steps += reading.steps;
    if (reading.instant < known.earliest) known.earliest = reading.instant;
  });

  const activities: UnifiedActivity[] = [];
  for (const day of days.values()) {
    const steps = Math.round(day.steps);
    if (steps <= DAILY_STEPS_THRESHOLD) {
      issues.push({
        index: day.firstIndex,
        kind: 'skipped',
        message: `${day.localDate}: ${steps} steps; days with ${DAILY_STEPS_THRESHOLD} or fewer are not stored as an activity`,
      });
      continue;
    }
    activities.push({
      user_id: userId,
      provider_type: 'apple_health',
      provider_activity_id: dailyStepsActivityId(day.localDate),
      activity_type: 'Walking',
      name: 'Daily steps',
      start_time: day.earliest.toISOString(),
      duration_seconds: 0,
      distance_meters: Math.round(steps * METRES_PER_STEP * 10) / 10,
      calories_burned: Math.round(steps * KCAL_PER_STEP * 10) / 10,
      steps,
      heart_rate_avg: null,
      heart_rate_max: null,
      activity_level: dailyStepsActivityLevel(steps),
      elevation_gain_meters: null,
      average_speed_mps: null,
      fetched_at: receivedAt.toISOString(),
    });
  }
  return { activities, issues: issues.sort((a, b) => a.index - b.index) };
}
