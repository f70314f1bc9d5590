import * as z from 'zod';
import { switchesOf } from './switches';

/** What a person may have pushed to a device, each chosen on its own. */
export const PUSH_KINDS = ['messages', 'connectionRequests', 'activityChanges', 'reminders'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

export const PUSH_KIND_LABELS: Readonly<Record<PushKind, string>> = {
  messages: 'New messages',
  connectionRequests: 'Partner requests and answers',
  activityChanges: 'Activity and ride changes',
  reminders: 'Reminders before activities you joined',
};

export const PushKinds = switchesOf(PUSH_KINDS);
export type PushKinds = z.infer<typeof PushKinds>;

/** Base64url without padding, as PushSubscription.toJSON() gives the keys. */
const base64url = (max: number) =>
  z
    .string()
    .min(16)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/, 'Not a base64url key.');

/**
 * PUT /api/push/subscriptions: this device's subscription (PushSubscription.toJSON()) and what it should receive.
 * The endpoint is the push service's URL for the device; https only (the local push service is let through by the
 * server's own allow-list, not by this schema).
 */
export const PushSubscriptionUpsert = z
  .object({
    endpoint: z.string().url().max(2048),
    keys: z.object({ p256dh: base64url(128), auth: base64url(64) }).strict(),
    kinds: PushKinds,
  })
  .strict();
export type PushSubscriptionUpsert = z.infer<typeof PushSubscriptionUpsert>;

/** A device is named by the SHA-256 (base64url) of its endpoint, which the browser can work out itself. */
export const PushDevicePath = z
  .object({ deviceId: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Not a device id.') })
  .strict();
export type PushDevicePath = z.infer<typeof PushDevicePath>;

export const PushDevice = z.object({ deviceId: z.string(), kinds: PushKinds });
export type PushDevice = z.infer<typeof PushDevice>;

/** DELETE /api/push/subscriptions/{deviceId}: the same answer whether or not the device was there. */
export const PushDeviceRemoved = z.object({ removed: z.literal(true) });
export type PushDeviceRemoved = z.infer<typeof PushDeviceRemoved>;

/** GET /api/push/config: the VAPID public key the browser subscribes with (never the private one). */
export const PushConfig = z.object({ publicKey: z.string().nullable() });
export type PushConfig = z.infer<typeof PushConfig>;

/** What the service worker receives, decrypted (kept small: push services cap a message at about 4 KB). */
export const PushPayload = z.object({
  title: z.string(),
  body: z.string(),
  link: z.string(),
  tag: z.string().optional(),
});
export type PushPayload = z.infer<typeof PushPayload>;
