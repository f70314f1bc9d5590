import type { GroupActivityStatus } from './schemas/group-activities';

/**
 * Seat rules of group activities, shared by the server's use cases and demo mode.
 *
 * Seats: the organizer takes one of the activity's seats, so `participantCount` counts everyone taking part,
 * organizer included, and a 4-person activity seats the organizer and 3 more.
 */

export function seatsLeft(participantCount: number, maxParticipants: number): number {
  return Math.max(0, maxParticipants - participantCount);
}

/**
 * The status the spec shows (§4), derived from seats: full → confirmed (the group is set),
 * exactly one seat left → almost_full, otherwise open.
 */
export function seatStatus(participantCount: number, maxParticipants: number): GroupActivityStatus {
  const left = seatsLeft(participantCount, maxParticipants);
  if (left === 0) return 'confirmed';
  if (left === 1) return 'almost_full';
  return 'open';
}

/** Spec §4: the Join button appears only while participants are below the maximum. */
export function hasRoom(participantCount: number, maxParticipants: number): boolean {
  return participantCount < maxParticipants;
}

/** Editing may not leave more people than seats: the message for the maxParticipants field, if it would. */
export function maxParticipantsIssue(newMax: number, participantCount: number): string | undefined {
  if (newMax >= participantCount) return undefined;
  return `${participantCount} people are already taking part; choose a maximum of at least ${participantCount}.`;
}
