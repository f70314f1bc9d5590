import { httpRoute } from '../http-route';
import { PushDevicePath } from '../../shared/schemas/push';
import { pushDeviceOf } from '../../usecases/push';

/** GET /api/push/subscriptions/{deviceId} — what this device receives (404: nothing). */
export const handler = httpRoute({ path: PushDevicePath }, async ({ caller, path }) =>
  pushDeviceOf(caller.userId, path.deviceId),
);
