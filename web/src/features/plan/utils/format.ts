import { HOME_AREAS } from '@shared/schemas/profile';
import type { GroupActivitySummary, NearbyArea } from '@shared/schemas/group-activities';

const AREA_NAMES: Record<NearbyArea, string> = {
  vancouver: 'Vancouver',
  'north-vancouver': 'North Vancouver',
  'west-vancouver': 'West Vancouver',
  burnaby: 'Burnaby',
  richmond: 'Richmond',
  surrey: 'Surrey',
  elsewhere: 'Elsewhere in BC',
};

export const areaName = (area: NearbyArea) => AREA_NAMES[area];
export const AREA_OPTIONS = HOME_AREAS.map((area) => ({ value: area, label: AREA_NAMES[area] }));

export const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const dateFormat = new Intl.DateTimeFormat('en-CA', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** 'Sat, Jun 6' for a yyyy-mm-dd calendar date. */
export function formatDate(date: string): string {
  return dateFormat.format(new Date(`${date}T00:00:00Z`));
}

const departureFormat = new Intl.DateTimeFormat('en-CA', { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'America/Vancouver' });
export const formatDeparture = (iso: string) => departureFormat.format(new Date(iso));

const money = new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD', minimumFractionDigits: 0, maximumFractionDigits: 2 });
export const formatCost = (cost: number) => (cost === 0 ? 'Free' : money.format(cost));

export function formatDuration(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = minutes / 60;
  return `${Number.isInteger(hours) ? hours : hours.toFixed(1)} h`;
}

/** Whether the Join button shows (spec §4: only below the maximum), and not for those already in or a cancelled activity. */
export function canJoin(activity: GroupActivitySummary): boolean {
  return !activity.cancelledAt && !activity.viewer.isParticipant && activity.participantCount < activity.maxParticipants;
}
