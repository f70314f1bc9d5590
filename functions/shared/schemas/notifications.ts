import * as z from 'zod';

/** In-app notifications. */
export const NOTIFICATION_TYPES = [
  'partner_request',
  'partner_accepted',
  'partner_declined',
  'message',
  'activity_joined',
  'activity_left',
  'activity_updated',
  'activity_cancelled',
  'activity_removed',
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
  /** Conversations whose latest message is a partner's and came after the caller last opened it (header badge). */
  unreadMessages: z.number().int().nonnegative(),
  nextCursor: z.string().nullable(),
});
export type NotificationsResponse = z.infer<typeof NotificationsResponse>;

export const NOTIFICATIONS_PAGE_SIZE_DEFAULT = 20;
export const NOTIFICATIONS_PAGE_SIZE_MAX = 50;

/** GET /api/notifications */
export const NotificationsQuery = z
  .object({
    cursor: z
      .string()
      .max(512, 'The page token is too long.')
      .regex(/^[A-Za-z0-9_-]+$/, 'The page token is not one TrailBuddy handed out.')
      .optional(),
    limit: z.coerce
      .number({ error: 'The page size must be a number.' })
      .int('The page size must be a whole number.')
      .min(1, 'The page size must be at least 1.')
      .max(NOTIFICATIONS_PAGE_SIZE_MAX, `The page size can be at most ${NOTIFICATIONS_PAGE_SIZE_MAX}.`)
      .default(NOTIFICATIONS_PAGE_SIZE_DEFAULT),
  })
  .strict();
export type NotificationsQuery = z.infer<typeof NotificationsQuery>;

/** Notification ids are ULIDs. */
export const NotificationPath = z
  .object({ notificationId: z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'That is not a notification id.') })
  .strict();
export type NotificationPath = z.infer<typeof NotificationPath>;

/** Answer of marking one or all read. */
export const MarkReadResponse = z.object({ unread: z.number().int().nonnegative() });
export type MarkReadResponse = z.infer<typeof MarkReadResponse>;
