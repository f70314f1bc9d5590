import { ApiError } from '@/lib/api/api-error';
import { userMessage } from '@/lib/error-messages';
import { compatibilityBand, type CompatibilityBand } from '@shared/schemas/partners';
import {
  AVAILABILITY_SLOT_LABELS,
  HOME_AREA_LABELS,
  OUTDOOR_ACTIVITY_LABELS,
  type AvailabilitySlot,
  type HomeArea,
  type OutdoorActivity,
} from '@shared/schemas/profile';

/** Spec core-app §9 colour bands, on tints that keep the text readable (WCAG AA). */
const BAND_STYLES: Record<CompatibilityBand, string> = {
  green: 'bg-green-100 text-green-800 ring-green-600/30',
  blue: 'bg-blue-100 text-blue-800 ring-blue-600/30',
  yellow: 'bg-yellow-100 text-yellow-800 ring-yellow-600/30',
  red: 'bg-red-100 text-red-800 ring-red-600/30',
};

export function compatibilityStyle(percent: number): string {
  return BAND_STYLES[compatibilityBand(percent)];
}

export const areaLabel = (area: HomeArea) => HOME_AREA_LABELS[area];
export const activityLabel = (activity: OutdoorActivity) => OUTDOOR_ACTIVITY_LABELS[activity];
export const availabilityLabel = (slot: AvailabilitySlot) => AVAILABILITY_SLOT_LABELS[slot];

/** Initials for the avatar circle. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return ((words[0]?.[0] ?? '') + (words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '')).toUpperCase() || '?';
}

/**
 * Ends a sentence whose last word may be a name: 'You blocked Maya W' + '.' but 'You blocked Maya W.' stays
 * as it is — never 'W..' or 'W.!' (a name ending in punctuation closes the sentence itself).
 */
export function sentence(text: string, end: '.' | '!' = '.'): string {
  return /[.!?…]$/.test(text) ? text : `${text}${end}`;
}

/** The spec's toast after Connect (core-app §4). */
export const connectToast = (name: string) =>
  `${sentence(`Connection request sent to ${name}`, '!')} They'll be notified.`;
export const blockedToast = (name: string) => sentence(`You blocked ${name}`);
export const unblockedToast = (name: string) => sentence(`You unblocked ${name}`);

/** The server's own words for refusals it explains (quota, blocked, not partners); the generic copy otherwise. */
export function actionMessage(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401)
    return error.message;
  return userMessage(error);
}

export const memberPath = (userId: string) => `/find-partners/${encodeURIComponent(userId)}`;
export const conversationPath = (userId: string) => `/messages?with=${encodeURIComponent(userId)}`;
