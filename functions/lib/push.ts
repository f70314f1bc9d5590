import webpush from 'web-push';
import { vapidPublicKey, vapidSubject } from './push-config';
import { vapidPrivateKey } from './secrets';

/**
 * Sending one Web Push message. The `web-push` library (3.6.7; its README and src/web-push-lib.js, read 2026-11-29)
 * builds the request: the payload encrypted with the subscription's keys as RFC 8291 says (Content-Encoding
 * aes128gcm, RFC 8188), and the VAPID Authorization header of RFC 8292 (`vapid t=<ES256 JWT>, k=<public key>`, the
 * JWT naming the push service's origin as `aud`, expiring within 24 hours, with our contact as `sub`). We send it
 * with fetch rather than the library's sendNotification, which speaks only https: the local push service is plain
 * http. RFC 8030 §5: 201 Created is accepted; 404 and 410 mean the subscription is gone for good (§7.3), so the
 * caller forgets the device; anything else is a failure of this attempt.
 */
export type PushOutcome = 'sent' | 'gone' | 'failed';

export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** How long the push service keeps an undelivered message (RFC 8030 §5.2): a day, as the news is about today. */
export const PUSH_TTL_SECONDS = 86_400;

export async function sendPush(
  target: PushTarget,
  payload: string,
  options: { urgency?: 'low' | 'normal' | 'high'; topic?: string } = {},
): Promise<PushOutcome> {
  const publicKey = vapidPublicKey();
  if (!publicKey) throw new Error('Missing env VAPID_PUBLIC_KEY');
  const request = webpush.generateRequestDetails(target, payload, {
    vapidDetails: { subject: vapidSubject(), publicKey, privateKey: await vapidPrivateKey() },
    TTL: PUSH_TTL_SECONDS,
    contentEncoding: 'aes128gcm',
    urgency: options.urgency ?? 'normal',
    ...(options.topic ? { topic: options.topic } : {}),
  });
  const response = await fetch(request.endpoint, {
    method: request.method,
    headers: request.headers as Record<string, string>,
    body: new Uint8Array(request.body),
    signal: AbortSignal.timeout(10_000),
  });
  await response.body?.cancel();
  if (response.status === 404 || response.status === 410) return 'gone';
  return response.ok ? 'sent' : 'failed';
}
