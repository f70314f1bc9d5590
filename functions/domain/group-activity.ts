import { formatWallDate, formatWallTime } from '../shared/schemas/group-activities';
import { sentence } from '../shared/sentences';

/** Rules of group activities, free of I/O. The seat rules are shared with demo mode (functions/shared). */
export { hasRoom, maxParticipantsIssue, seatsLeft, seatStatus } from '../shared/group-activity-seats';

/** Whether an activity starting at `startsAt` can still be joined, left or changed at `now`. */
export function hasStarted(startsAt: string, now: Date): boolean {
  return Date.parse(startsAt) <= now.getTime();
}

/** How long before an activity its participants are reminded (spec §9: confirm 24 h before). */
export const REMINDER_LEAD_MS = 24 * 60 * 60 * 1000;

/**
 * Activities starting in (now, now + 24 h] are due for their reminder. Reminding anything inside the window
 * (not only those exactly 24 h away) means a missed run or an activity created for tomorrow still gets one;
 * the per-participant marker keeps it to exactly one.
 */
export function reminderWindow(now: Date): { from: string; to: string } {
  return { from: now.toISOString(), to: new Date(now.getTime() + REMINDER_LEAD_MS).toISOString() };
}

/** 'Sat, Jun 6' for a yyyy-mm-dd date (a calendar date, no zone involved). */
export const shortDate = formatWallDate;

/** Notification texts. Names and titles only: never anyone's activity numbers. */
export const activityMessages = {
  joined: (name: string, title: string) => sentence(`${name} joined ${title}`),
  left: (name: string, title: string) => sentence(`${name} left ${title}`),
  updated: (title: string, date: string, time: string) =>
    `${title} was updated by the organizer: now ${shortDate(date)} at ${formatWallTime(time)}`,
  cancelled: (title: string, date: string) => `${title} on ${shortDate(date)} was cancelled by the organizer.`,
  removed: (title: string) => `${sentence(`You were removed from ${title}`)} You can no longer join it.`,
  /**
   * After a block between a participant and the organiser: neutral, it names no one and no reason, nor the title
   * (the organiser's words).
   */
  noLongerTakingPart: (activityType: string, date: string) =>
    `You no longer take part in the ${activityType} activity on ${shortDate(date)}; your seat and any rides you had for it are released.`,
  reminder: (title: string, date: string, time: string, location: string) =>
    sentence(`Reminder: ${title} is on ${shortDate(date)} at ${formatWallTime(time)}, ${location}`),
} as const;

export const activityLink = (activityId: string) => `/plan-activity/${activityId}`;

/** Stands in for the organizer of an activity whose organizer deleted their account: no one's id. */
export const DELETED_ORGANIZER_ID = 'deleted-user';

/** What a deleted organizer's cancelled activity keeps: nothing they wrote. */
export const SCRUBBED_ACTIVITY = {
  title: 'Cancelled activity',
  description: '',
  location: 'Not given',
  equipment: '',
  notes: '',
} as const;

/** What the participants of a deleted organizer's activity are told: no title, the organizer as 'Deleted user'. */
export const deletedOrganizerMessage = (date: string, deletedUser: string) =>
  `The activity on ${shortDate(date)} was cancelled: its organizer (${deletedUser}) deleted their account.`;
