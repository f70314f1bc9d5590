import { optionalEnv } from './config';

/** Web Push settings the routes read; signing and sending (and the web-push library) stay in lib/push.ts, the job's. */
export const vapidPublicKey = (): string | null => optionalEnv('VAPID_PUBLIC_KEY') ?? null;

export function vapidSubject(): string {
  const subject = optionalEnv('VAPID_SUBJECT') ?? optionalEnv('SITE_URL');
  if (!subject) throw new Error('Missing env VAPID_SUBJECT');
  return subject;
}

/**
 * Plain-http endpoints are accepted only on the local push service; everywhere else a push service is https (and an
 * endpoint naming anything else would make the job post to wherever a caller pointed it).
 */
export function isAllowedPushEndpoint(endpoint: string): boolean {
  const local = optionalEnv('LOCAL_PUSH_SERVICE_URL');
  if (local && endpoint.startsWith(`${local.replace(/\/+$/, '')}/`)) return true;
  try {
    const url = new URL(endpoint);
    return url.protocol === 'https:' && !['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  } catch {
    return false;
  }
}
