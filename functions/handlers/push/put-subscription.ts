import { httpRoute } from '../http-route';
import { PushSubscriptionUpsert } from '../../shared/schemas/push';
import { savePushDevice } from '../../usecases/push';

/** PUT /api/push/subscriptions — this device's subscription and the kinds it receives. */
export const handler = httpRoute({ body: PushSubscriptionUpsert }, async ({ caller, body, now }) =>
  savePushDevice(caller.userId, body, now),
);
