import type { PushApi } from '../api/push-api';
import { ApiError } from '@/lib/api/api-error';

/**
 * Web Push in demo mode: like a server without a VAPID key, it offers none (a demo has no server to push from), so
 * the opt-in section says push is not available and nothing asks the browser for permission.
 */
export function createPushDemoApi(): PushApi {
  return {
    async pushConfig() {
      return { publicKey: null };
    },
    async savePushDevice() {
      throw new ApiError(400, 'bad_request', 'Push notifications are not set up on this server.');
    },
    async pushDevice() {
      return null;
    },
    async removePushDevice() {
      return { removed: true };
    },
  };
}
