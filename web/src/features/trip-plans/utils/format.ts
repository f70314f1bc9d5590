import type { SharedTripPlan, TripPlan } from '@shared/schemas/trip-plans';

/** `2026-07-04` + `18:30` → "Sat, Jul 4, 2026 at 6:30 PM", read as the wall-clock time the plan was typed in. */
export function formatTripTime(date: string, time: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [h, min] = time.split(':').map(Number) as [number, number];
  const at = new Date(Date.UTC(y, m - 1, d, h, min));
  const day = at.toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const clock = at.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
  return `${day} at ${clock}`;
}

export function formatGrace(minutes: number): string {
  return minutes < 60 ? `${minutes} minutes` : `${minutes / 60} hour${minutes === 60 ? '' : 's'}`;
}

const CHECK_IN_WORDS = {
  filed: 'filed the plan',
  late: 'said they are running late',
  back: 'checked in: back',
} as const;

/**
 * "Jordan filed the plan (Jul 4, 2026, 7:00 AM Pacific time)": in the plan's zone, like its start and return, so the
 * party and a contact in another zone read the same time.
 */
export function describeCheckIn(checkIn: TripPlan['lastCheckIn'], timeZone: string): string {
  const at = new Date(checkIn.at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone });
  return `${checkIn.by} ${CHECK_IN_WORDS[checkIn.kind]} (${at} Pacific time)`;
}

/** The view both the party and a contact's link show: names only. */
export function asShared(plan: TripPlan): SharedTripPlan {
  const { ownerId: _o, activityId: _a, contacts: _c, party, ...rest } = plan;
  const byName = party.find((m) => m.userId === plan.lastCheckIn.by)?.name ?? plan.lastCheckIn.by;
  return { ...rest, party: party.map((m) => m.name), lastCheckIn: { ...plan.lastCheckIn, by: byName } };
}

/** 'YYYY-MM-DDTHH:MM' of `now` on the wall clock of `timeZone`. */
function wallClockNow(now: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

export type TripStatus = 'back' | 'overdue' | 'planned' | 'out';

/** What the plan's status word says, from the plan and the time: nobody is "out on the trail" before the start. */
export function tripStatus(
  plan: Pick<SharedTripPlan, 'status' | 'overdueAlertsSent' | 'startDate' | 'startTime' | 'timeZone'>,
  now: Date,
): TripStatus {
  if (plan.status === 'closed') return 'back';
  if (plan.overdueAlertsSent > 0) return 'overdue';
  return wallClockNow(now, plan.timeZone) < `${plan.startDate}T${plan.startTime}` ? 'planned' : 'out';
}
