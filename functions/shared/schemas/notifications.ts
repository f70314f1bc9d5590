import { z } from 'zod';

/** Issue 6: in-app notifications. */
export const NOTIFICATION_TYPES = [
  'partner_request',
  'partner_accepted',
  'partner_declined',
  'message',
  'activity_joined',
  'activity_left',
  'activity_updated',
  'activity_cancelled',
  'ride_booked',
  'ride_cancelled',
  'ride_offered',
  'activity_reminder',
] as const;
export const NotificationType = z.enum(NOTIFICATION_TYPES);
export type NotificationType = z.infer<typeof NotificationType>;

export const Notification = z.object({
  id: z.string().min(1),
  type: NotificationType,
  /** Ready-to-show text, e.g. 'Sam joined Sunday Grouse Grind'. Never another user's activity numbers. */
  message: z.string().min(1).max(500),
  /** In-app path the notification leads to, e.g. '/plan-activity/abc'. */
  link: z.string().startsWith('/').max(300).nullable(),
  createdAt: z.iso.datetime(),
  readAt: z.iso.datetime().nullable(),
});
export type Notification = z.infer<typeof Notification>;

export const NotificationsResponse = z.object({
  notifications: z.array(Notification),
  unread: z.number().int().nonnegative(),
  nextCursor: z.string().nullable(),
});
export type NotificationsResponse = z.infer<typeof NotificationsResponse>;
