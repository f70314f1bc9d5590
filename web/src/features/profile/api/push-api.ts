import { PushConfig, PushDevice, PushDeviceRemoved, type PushSubscriptionUpsert } from '@shared/schemas/push';
import { ApiError } from '@/lib/api/api-error';
import type { ApiTransport } from '@/lib/api/transport';

/** Web Push for this device: the server's public key and what this device receives. */
export interface PushApi {
  /** The VAPID public key to subscribe with; null when the server offers no push. */
  pushConfig(): Promise<PushConfig>;
  /** This device's subscription and kinds (saving the same again changes nothing). */
  savePushDevice(subscription: PushSubscriptionUpsert): Promise<PushDevice>;
  /** What the device receives, or null when the server has no such device for this person. */
  pushDevice(deviceId: string): Promise<PushDevice | null>;
  removePushDevice(deviceId: string): Promise<PushDeviceRemoved>;
}

const devicePath = (deviceId: string) => `/push/subscriptions/${encodeURIComponent(deviceId)}`;

export function createPushHttpApi({ request }: ApiTransport): PushApi {
  return {
    pushConfig: () => request('/push/config', PushConfig, { auth: true }),
    savePushDevice: (body) => request('/push/subscriptions', PushDevice, { auth: true, method: 'PUT', body }),
    pushDevice: async (deviceId) => {
      try {
        return await request(devicePath(deviceId), PushDevice, { auth: true });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    removePushDevice: (deviceId) => request(devicePath(deviceId), PushDeviceRemoved, { auth: true, method: 'DELETE' }),
  };
}

declare module '@/lib/api-client' {
  /** This feature's part of the one API client (assembled in app/api-client.ts and app/demo-api-client.ts). */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges the part in
  interface ApiClient extends PushApi {}
}
