import { PLACE_LABELS } from '@shared/places';
import {
  formatWallDate,
  formatWallDateTime,
  formatWallTime,
  type GroupActivitySummary,
  type NearbyArea,
} from '@shared/schemas/group-activities';
import type { RideOffer } from '@shared/schemas/rides';

export const areaName = (area: NearbyArea) => (area === 'elsewhere' ? 'Elsewhere in BC' : PLACE_LABELS[area]);

export const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Meeting times are shown as typed, wall-clock time at the meeting place: formatted from their strings,
 * never converted through the browser's time-zone data (which differs from the server's).
 */
/** 'Sat, Jun 6' for a yyyy-mm-dd calendar date. */
export const formatDate = formatWallDate;
/** '8:00 a.m.' for '08:00'. */
export const formatTime = formatWallTime;
/** 'Thu, Nov 26, 7:15 a.m.': a ride's departure as the driver typed it. */
export const formatDeparture = (offer: Pick<RideOffer, 'departureDate' | 'departureTime'>) =>
  formatWallDateTime(offer.departureDate, offer.departureTime);

const money = new Intl.NumberFormat('en-CA', {
  style: 'currency',
  currency: 'CAD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});
export const formatCost = (cost: number) => (cost === 0 ? 'Free' : money.format(cost));

export function formatDuration(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = minutes / 60;
  return `${Number.isInteger(hours) ? hours : hours.toFixed(1)} h`;
}

/** Whether the Join button shows (spec §4: only below the maximum), and not for those already in or a cancelled activity. */
export function canJoin(activity: GroupActivitySummary): boolean {
  return (
    !activity.cancelledAt && !activity.viewer.isParticipant && activity.participantCount < activity.maxParticipants
  );
}

/** 'and 1 other' / 'and 2 others': people counted but not named for this viewer (a block keeps them apart). */
export const othersNotNamed = (count: number) => `and ${count} ${count === 1 ? 'other' : 'others'}`;

/** Names followed by the people not named, e.g. 'Sam, and 1 other', or '1 other' when nobody is named. */
export function namesWithOthers(names: readonly string[], notNamed: number): string {
  if (notNamed === 0) return names.join(', ');
  if (names.length === 0) return `${notNamed} ${notNamed === 1 ? 'other' : 'others'}`;
  return `${names.join(', ')}, ${othersNotNamed(notNamed)}`;
}
