import { httpRoute, respond } from '../http-route';
import { exportUserData } from '../../usecases/data-export';

/** GET /api/me/export — everything TrailBuddy keeps about the caller, as a JSON file to save. */
export const handler = httpRoute({}, async ({ caller, now }) =>
  respond(200, await exportUserData(caller, now), {
    'content-disposition': `attachment; filename="trailbuddy-data-${now.toISOString().slice(0, 10)}.json"`,
    'cache-control': 'no-store',
  }),
);
