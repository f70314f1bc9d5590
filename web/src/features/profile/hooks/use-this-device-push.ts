import { useState } from 'react';
import type { PushConfig, PushKinds } from '@shared/schemas/push';
import { useApiClient } from '@/lib/api-client-context';
import { queryKeys } from '@/lib/query-keys';
import { useServerQuery, type QueryState } from '@/lib/server-query';
import {
  askPermission,
  currentSubscription,
  deviceIdOf,
  isAppleMobile,
  pushPermission,
  pushSupport,
  subscribeThisBrowser,
  subscriptionJson,
  type PushPermission,
  type PushSupport,
} from '../push/browser-push';

/** What this browser's subscription receives, as the server has it. */
export interface ThisDevice {
  deviceId: string;
  kinds: PushKinds;
}

export interface ThisDevicePush {
  support: PushSupport;
  /** iPhone or iPad, where push needs the Home Screen app (on 16.4 or later). */
  appleMobile: boolean;
  permission: PushPermission;
  config: QueryState<PushConfig> & { reload: () => void };
  /** null: push is off on this device for this person. */
  device: QueryState<ThisDevice | null> & { reload: () => void };
  /** Turns push on (asks permission, subscribes, saves) or, when on, saves new kinds. */
  save: (kinds: PushKinds) => Promise<void>;
  turnOff: () => Promise<void>;
}

/**
 * Push on this device: the server's key (a query), what this browser's subscription receives (a query that reads
 * the browser's subscription, then the server's device for it), and the changes. The person's browser state
 * (permission) is read again after each change, as only a change made here can alter it while the page is open.
 */
export function useThisDevicePush(): ThisDevicePush {
  const api = useApiClient();
  const [support] = useState(pushSupport);
  const [appleMobile] = useState(() => typeof navigator !== 'undefined' && isAppleMobile());
  const [permission, setPermission] = useState(pushPermission);
  // A browser without push never asks the server.
  const config = useServerQuery(queryKeys.push.config, async () =>
    support === 'supported' ? api.pushConfig() : { publicKey: null },
  );
  const device = useServerQuery<ThisDevice | null>(queryKeys.push.thisDevice, async () => {
    if (support !== 'supported') return null;
    const subscription = await currentSubscription();
    if (!subscription) return null;
    return api.pushDevice(await deviceIdOf(subscription.endpoint));
  });

  async function turnOn(kinds: PushKinds): Promise<void> {
    const publicKey = config.status === 'success' ? config.data.publicKey : null;
    if (!publicKey) throw new Error('Push notifications are not available on this server.');
    try {
      await askPermission();
    } finally {
      setPermission(pushPermission());
    }
    const subscription = await subscribeThisBrowser(publicKey).finally(() => setPermission(pushPermission()));
    try {
      const saved = await api.savePushDevice({ ...subscriptionJson(subscription), kinds });
      device.set({ deviceId: saved.deviceId, kinds: saved.kinds });
    } catch (error) {
      // Not on file: a subscription the server never pushes to would only confuse the next try.
      await subscription.unsubscribe().catch(() => undefined);
      throw error;
    }
  }

  async function save(kinds: PushKinds): Promise<void> {
    const on = device.status === 'success' ? device.data : null;
    const subscription = on ? await currentSubscription() : null;
    if (!on || !subscription) return turnOn(kinds);
    const saved = await api.savePushDevice({ ...subscriptionJson(subscription), kinds });
    device.set({ deviceId: saved.deviceId, kinds: saved.kinds });
  }

  async function turnOff(): Promise<void> {
    const on = device.status === 'success' ? device.data : null;
    if (on) await api.removePushDevice(on.deviceId);
    await (await currentSubscription())?.unsubscribe();
    device.set(null);
  }

  return { support, appleMobile, permission, config, device, save, turnOff };
}
