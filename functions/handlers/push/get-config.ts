import { httpRoute } from '../http-route';
import { pushConfig } from '../../usecases/push';

/** GET /api/push/config — the VAPID public key the browser subscribes with. */
export const handler = httpRoute({}, async () => pushConfig());
