import { httpRoute } from '../http-route';
import { PushDevicePath } from '../../shared/schemas/push';
import { removePushDevice } from '../../usecases/push';

/** DELETE /api/push/subscriptions/{deviceId} — this device stops receiving pushes. */
export const handler = httpRoute({ path: PushDevicePath }, async ({ caller, path }) =>
  removePushDevice(caller.userId, path.deviceId),
);
