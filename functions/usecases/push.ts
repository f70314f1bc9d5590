import { createHash } from 'node:crypto';
import { BadRequestError, NotFoundError } from '../lib/errors';
import { logger } from '../lib/logger';
import { isAllowedPushEndpoint, vapidPublicKey } from '../lib/push-config';
import { deletePushDevice, listPushDevices, putPushDevice, queuePush } from '../repositories/push';
import type { Notification, NotificationType } from '../shared/schemas/notifications';
import type {
  PushConfig,
  PushDevice,
  PushDeviceRemoved,
  PushKind,
  PushPayload,
  PushSubscriptionUpsert,
} from '../shared/schemas/push';

/** Which notifications may also be pushed, under which of the person's per-device choices. */
const PUSH_KIND_OF: Readonly<Record<NotificationType, PushKind>> = {
  message: 'messages',
  partner_request: 'connectionRequests',
  partner_accepted: 'connectionRequests',
  partner_declined: 'connectionRequests',
  activity_joined: 'activityChanges',
  activity_left: 'activityChanges',
  activity_updated: 'activityChanges',
  activity_cancelled: 'activityChanges',
  activity_removed: 'activityChanges',
  ride_booked: 'activityChanges',
  ride_cancelled: 'activityChanges',
  ride_offered: 'activityChanges',
  activity_reminder: 'reminders',
};

/** The browser names its device the same way (web/src/features/profile/push/browser-push.ts). */
export const deviceIdOf = (endpoint: string) => createHash('sha256').update(endpoint, 'utf8').digest('base64url');

export const pushConfig = (): PushConfig => ({ publicKey: vapidPublicKey() });

/** PUT /api/push/subscriptions: this device receives these kinds from now on (the same call again changes nothing). */
export async function savePushDevice(userId: string, input: PushSubscriptionUpsert, now: Date): Promise<PushDevice> {
  if (!vapidPublicKey()) throw new BadRequestError('Push notifications are not set up on this server.');
  if (!isAllowedPushEndpoint(input.endpoint))
    throw new BadRequestError('That is not a push service this app can reach.', {
      endpoint: 'A push subscription endpoint is an https URL.',
    });
  const deviceId = deviceIdOf(input.endpoint);
  await putPushDevice(userId, { deviceId, endpoint: input.endpoint, keys: input.keys, kinds: input.kinds }, now);
  return { deviceId, kinds: input.kinds };
}

export async function pushDeviceOf(userId: string, deviceId: string): Promise<PushDevice> {
  const device = (await listPushDevices(userId)).find((d) => d.deviceId === deviceId);
  if (!device) throw new NotFoundError('This device does not receive push notifications.');
  return { deviceId, kinds: device.kinds };
}

/** DELETE /api/push/subscriptions/{deviceId}: idempotent, so a retried unsubscribe answers the same. */
export async function removePushDevice(userId: string, deviceId: string): Promise<PushDeviceRemoved> {
  await deletePushDevice(userId, deviceId);
  return { removed: true };
}

function payloadOf(notification: Notification): PushPayload {
  return {
    title: 'TrailBuddy',
    body: notification.message,
    link: notification.link ?? '/dashboard',
    tag: notification.id,
  };
}

/**
 * After a notification was added: queues its push when a device of the person wants its kind. Keyed by the
 * notification's id, so it is queued once. Never throws into the caller's request (the notification is there; a push
 * is a courtesy on top of it); a failure is logged.
 */
export async function queuePushFor(userId: string, notification: Notification, now: Date): Promise<boolean> {
  try {
    const kind = PUSH_KIND_OF[notification.type];
    const devices = await listPushDevices(userId);
    if (!devices.some((device) => device.kinds[kind])) return false;
    return await queuePush({ userId, notificationId: notification.id, kind, payload: payloadOf(notification) }, now);
  } catch (error) {
    logger.error('push not queued', { error: error instanceof Error ? error.message : String(error) });
    return false;
  }
}
