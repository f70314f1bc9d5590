/**
 * This browser's side of Web Push: the push service worker, the permission and the PushSubscription. Nothing here
 * asks for permission or registers the worker but `askPermission` and `subscribeThisBrowser`, which run only when the
 * person turns push on (public pages never load this module).
 *
 * Relied on (read 2026-11-29): MDN "PushManager: subscribe() method" (Chrome and Edge reject unless
 * `userVisibleOnly: true`; applicationServerKey is the VAPID public key as an ArrayBuffer or base64url) and the Push
 * API's subscribe steps (w3c/push-api: NotAllowedError when the person did not allow it); WebKit's "Web Push for Web
 * Apps on iOS and iPadOS" (iOS/iPadOS 16.4): only a web app added to the Home Screen may ask, and only in response to
 * a direct user interaction, so permission is asked first, straight from the click.
 */

import { APP_WORKER_SCOPE, APP_WORKER_URL } from '@/lib/app-worker';

/** Push is handled by the app's one service worker (its handlers: web/public/push-sw.js, imported there). */
export const PUSH_WORKER_URL = APP_WORKER_URL;
const PUSH_WORKER_SCOPE = APP_WORKER_SCOPE;

/** What this browser can do: push, push only once added to the Home Screen (iPhone/iPad), or none. */
export type PushSupport = 'supported' | 'ios-home-screen-only' | 'unsupported';

export type PushPermission = 'default' | 'granted' | 'denied';

/** Why turning push on stopped, each told to the person in its own words. */
export type PushFailureReason = 'blocked' | 'dismissed' | 'subscribe-failed';

export class PushSetupError extends Error {
  override readonly name = 'PushSetupError';
  constructor(
    readonly reason: PushFailureReason,
    message: string,
  ) {
    super(message);
  }
}

/** iPhone, iPad and iPod; iPadOS 13+ says it is a Mac, but a Mac has no touch screen. */
export function isAppleMobile(nav: Pick<Navigator, 'userAgent' | 'maxTouchPoints'> = navigator): boolean {
  if (/iPhone|iPad|iPod/.test(nav.userAgent)) return true;
  return /Macintosh/.test(nav.userAgent) && nav.maxTouchPoints > 1;
}

export function pushSupport(): PushSupport {
  const supported =
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window;
  if (supported) return 'supported';
  return typeof navigator !== 'undefined' && isAppleMobile() ? 'ios-home-screen-only' : 'unsupported';
}

export function pushPermission(): PushPermission {
  return typeof Notification === 'undefined' ? 'default' : Notification.permission;
}

/** The push worker's registration when one exists; never registers it. */
async function existingRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return undefined;
  return navigator.serviceWorker.getRegistration(PUSH_WORKER_SCOPE);
}

/** This browser's push subscription, if it has one (without registering anything). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await existingRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** The device id the server names this subscription by: SHA-256 of the endpoint, base64url without padding. */
export async function deviceIdOf(endpoint: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(endpoint)));
  let binary = '';
  for (const byte of digest) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Asks for permission (call it straight from the person's click); throws PushSetupError unless granted. */
export async function askPermission(): Promise<void> {
  const answer = await Notification.requestPermission();
  if (answer === 'granted') return;
  if (answer === 'denied')
    throw new PushSetupError('blocked', 'Notifications are blocked for TrailBuddy in this browser.');
  throw new PushSetupError('dismissed', 'Notifications were not allowed.');
}

/**
 * A fresh subscription for `publicKey` (the server's VAPID key). An older subscription of this browser is dropped
 * first: it may still be on file for whoever used this browser before, and a new endpoint leaves theirs dead.
 */
export async function subscribeThisBrowser(publicKey: string): Promise<PushSubscription> {
  try {
    await navigator.serviceWorker.register(PUSH_WORKER_URL, { scope: PUSH_WORKER_SCOPE });
    const registration = await navigator.serviceWorker.ready;
    const old = await registration.pushManager.getSubscription();
    if (old) await old.unsubscribe();
    return await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'NotAllowedError')
      throw new PushSetupError('blocked', 'Notifications are blocked for TrailBuddy in this browser.');
    throw new PushSetupError('subscribe-failed', 'This browser could not subscribe to push notifications.');
  }
}

/** The subscription in the shape the server takes (PushSubscription.toJSON()). */
export function subscriptionJson(subscription: PushSubscription): {
  endpoint: string;
  keys: { p256dh: string; auth: string };
} {
  const json = subscription.toJSON();
  return {
    endpoint: json.endpoint ?? subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}
