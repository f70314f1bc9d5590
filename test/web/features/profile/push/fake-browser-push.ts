import { createHash } from 'node:crypto';
import { vi } from 'vitest';

/** What a browser's PushSubscription looks like to the app. */
export interface FakeSubscription {
  endpoint: string;
  toJSON(): { endpoint: string; keys: { p256dh: string; auth: string } };
  unsubscribe: ReturnType<typeof vi.fn<() => Promise<boolean>>>;
}

export const P256DH = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
export const AUTH = 'tBHItJI5svbpez7KI4CCXg';

export function fakeSubscription(endpoint = 'https://push.example.com/send/abc123'): FakeSubscription {
  return {
    endpoint,
    toJSON: () => ({ endpoint, keys: { p256dh: P256DH, auth: AUTH } }),
    unsubscribe: vi.fn(async () => true),
  };
}

/** The server's device id for an endpoint, worked out as the server does (functions/usecases/push.ts). */
export const serverDeviceIdOf = (endpoint: string) => createHash('sha256').update(endpoint, 'utf8').digest('base64url');

export interface FakeBrowserOptions {
  /** Notification.permission at the start. */
  permission?: NotificationPermission;
  /** What the person answers when asked. */
  answer?: NotificationPermission;
  /** A subscription the browser already has (its worker registered). */
  existing?: FakeSubscription | null;
  /** PushManager.subscribe fails (the push service cannot be reached). */
  subscribeFails?: boolean;
  userAgent?: string;
}

/**
 * A browser with the Push API (service worker container, PushManager, Notification), faked where jsdom has none.
 * `remove()` takes it away again.
 */
export function installFakeBrowserPush(options: FakeBrowserOptions = {}) {
  const { permission = 'default', answer = 'granted', existing = null, subscribeFails = false } = options;
  const state = { current: existing, registered: existing !== null };
  const fresh = fakeSubscription('https://push.example.com/send/fresh-device');
  fresh.unsubscribe.mockImplementation(async () => {
    if (state.current === fresh) state.current = null;
    return true;
  });
  existing?.unsubscribe.mockImplementation(async () => {
    if (state.current === existing) state.current = null;
    return true;
  });
  const pushManager = {
    getSubscription: vi.fn(async () => state.current),
    subscribe: vi.fn(async (_options: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }) => {
      if (subscribeFails) throw new DOMException('Registration failed - push service error', 'AbortError');
      state.current = fresh;
      return fresh;
    }),
  };
  const registration = { pushManager };
  const serviceWorker = {
    register: vi.fn(async (_url: string, _options?: { scope: string }) => {
      state.registered = true;
      return registration;
    }),
    ready: Promise.resolve(registration),
    getRegistration: vi.fn(async () => (state.registered ? registration : undefined)),
  };
  const notification = {
    permission,
    requestPermission: vi.fn(async () => {
      notification.permission = answer;
      return answer;
    }),
  };
  Object.defineProperty(navigator, 'serviceWorker', { value: serviceWorker, configurable: true });
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', notification);
  const userAgent = vi.spyOn(navigator, 'userAgent', 'get');
  if (options.userAgent) userAgent.mockReturnValue(options.userAgent);
  else userAgent.mockRestore();
  return {
    serviceWorker,
    pushManager,
    notification,
    fresh,
    state,
    remove() {
      delete (navigator as unknown as Record<string, unknown>).serviceWorker;
      vi.unstubAllGlobals();
      userAgent.mockRestore();
    },
  };
}

export const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
