import type { PushApi } from '../api/push-api';
import { currentSubscription, deviceIdOf } from './browser-push';

/** How long signing out waits for the server before it goes on (the browser's unsubscribe already killed the endpoint). */
export const FORGET_DEVICE_TIMEOUT_MS = 4_000;

/**
 * At sign-out: this browser stops receiving the person's pushes, so the next person at a shared computer never sees
 * them. The server forgets the device (DELETE) and the browser drops its subscription; either one alone is enough
 * (a dropped subscription's endpoint answers 410 and the push job forgets the device), so neither failing stops the
 * sign-out. Nothing happens in a browser that never subscribed.
 */
export async function forgetThisDevicePush(
  api: Pick<PushApi, 'removePushDevice'>,
  { timeoutMs = FORGET_DEVICE_TIMEOUT_MS }: { timeoutMs?: number } = {},
): Promise<void> {
  const subscription = await currentSubscription().catch(() => null);
  if (!subscription) return;
  const deviceId = await deviceIdOf(subscription.endpoint);
  const both = Promise.allSettled([api.removePushDevice(deviceId), subscription.unsubscribe()]);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, timeoutMs);
  });
  await Promise.race([both, timeout]);
  clearTimeout(timer);
}
