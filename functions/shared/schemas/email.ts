import * as z from 'zod';
import { switchesOf } from './switches';

/** Which optional emails a user wants. Trip plan alerts to emergency contacts are not optional. */
export const EMAIL_CATEGORIES = [
  'connectionRequests',
  'messagesDigest',
  'activityChanges',
  'rideBookings',
  'reminders',
] as const;
export type EmailCategory = (typeof EMAIL_CATEGORIES)[number];

export const EMAIL_CATEGORY_LABELS: Readonly<Record<EmailCategory, string>> = {
  connectionRequests: 'Partner requests',
  messagesDigest: 'New messages (a daily digest)',
  activityChanges: 'Activity changes and cancellations',
  rideBookings: 'Ride bookings',
  reminders: 'Reminders (activities and trip check-ins)',
};

export const EmailPreferences = switchesOf(EMAIL_CATEGORIES);
export type EmailPreferences = z.infer<typeof EmailPreferences>;

/** On by default: each is something the user asked for by using the feature. */
export const DEFAULT_EMAIL_PREFERENCES: EmailPreferences = {
  connectionRequests: true,
  messagesDigest: true,
  activityChanges: true,
  rideBookings: true,
  reminders: true,
};

/** PUT /api/email-preferences: any subset; the rest stays. */
export const EmailPreferencesUpdate = EmailPreferences.partial().strict();
export type EmailPreferencesUpdate = z.infer<typeof EmailPreferencesUpdate>;

/** POST /api/email/unsubscribe?token=… (RFC 8058 one-click; the token names the user and the category). */
export const UnsubscribeQuery = z
  .object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Not an unsubscribe link.') })
  .strict();
export const UnsubscribeResponse = z.object({ unsubscribed: z.enum(EMAIL_CATEGORIES) });
export type UnsubscribeResponse = z.infer<typeof UnsubscribeResponse>;
