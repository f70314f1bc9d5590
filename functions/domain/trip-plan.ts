import { PLAN_TIME_ZONE } from '../shared/schemas/group-activities';
import { wallClockInstant } from './plan-time';

/**
 * Trip plan timing. Pure: every function takes the time it needs.
 *
 * A plan walks through due stages, one at a time: the party's reminder before expected return, the first overdue
 * alert at return + grace, a second one a further interval later. The stage and its due instant live on the plan
 * item; the scheduled job moves a plan to its next stage with a conditional write, so each happens once.
 */
export const TRIP_REMINDER_BEFORE_MS = 30 * 60_000;
export const SECOND_ALERT_AFTER_MS = 2 * 3_600_000;
/** A contact's link is refused this long after the trip's expected return (and at once when the plan closes). */
export const TRIP_LINK_LIFETIME_MS = 48 * 3_600_000;
/** A closed plan is deleted this long after it closes. */
export const CLOSED_TRIP_RETENTION_MS = 30 * 86_400_000;

export const TRIP_STAGES = ['reminder', 'overdue1', 'overdue2', 'done'] as const;
export type TripStage = (typeof TRIP_STAGES)[number];

export interface TripTimes {
  returnDate: string;
  returnTime: string;
  graceMinutes: number;
  timeZone?: string;
}

export function expectedReturn(plan: TripTimes): Date {
  return wallClockInstant(plan.returnDate, plan.returnTime, plan.timeZone ?? PLAN_TIME_ZONE);
}

/** When `stage` falls due; null for 'done'. */
export function stageDueAt(plan: TripTimes, stage: TripStage): Date | null {
  const back = expectedReturn(plan).getTime();
  const overdue = back + plan.graceMinutes * 60_000;
  if (stage === 'reminder') return new Date(back - TRIP_REMINDER_BEFORE_MS);
  if (stage === 'overdue1') return new Date(overdue);
  if (stage === 'overdue2') return new Date(overdue + SECOND_ALERT_AFTER_MS);
  return null;
}

export function nextStage(stage: TripStage): TripStage {
  return TRIP_STAGES[Math.min(TRIP_STAGES.indexOf(stage) + 1, TRIP_STAGES.length - 1)]!;
}

/**
 * The stage a plan restarts at when "Running late" moves its return: the overdue clock runs on the new time, so a
 * plan whose first alert already went out alerts again at the new return + grace (not two hours after it). The
 * party's reminder comes again only while it is still ahead.
 */
export function stageAfterMove(moved: TripTimes, now: Date): TripStage {
  return stageDueAt(moved, 'reminder')!.getTime() > now.getTime() ? 'reminder' : 'overdue1';
}

/** Overdue alerts already sent when a plan is at `stage`. */
export function alertsSentAt(stage: TripStage): number {
  return stage === 'overdue2' ? 1 : stage === 'done' ? 2 : 0;
}

/** A contact link works while the plan is open and until 48 h after its (latest) expected return. */
export function linkIsValid(plan: TripTimes & { status: 'open' | 'closed' }, now: Date): boolean {
  return plan.status === 'open' && now.getTime() < expectedReturn(plan).getTime() + TRIP_LINK_LIFETIME_MS;
}

/** Checks the times of a new plan or a late return: the return must be later than now and than the start. */
export function returnIsInFuture(plan: TripTimes, now: Date): boolean {
  return expectedReturn(plan).getTime() > now.getTime();
}

/** Plans one person may file per day (British Columbia). */
export const TRIP_PLANS_PER_DAY = 5;
/** Addresses one person may name as a contact for the first time per day (British Columbia). */
export const NEW_TRIP_CONTACTS_PER_DAY = 5;
/** How long a stop link in a contact email works. */
export const TRIP_STOP_LINK_LIFETIME_MS = 180 * 86_400_000;

/** Which of a plan's contact addresses are new to its filer (their first email is the fixed-text notice). */
export function newContactAddresses(addresses: readonly string[], known: ReadonlySet<string>): string[] {
  return [...new Set(addresses)].filter((address) => !known.has(address));
}
