import { httpRoute } from '../../lib/http';
import { requestOrRunSync } from '../../usecases/connections';
import { stravaDeps } from '../../usecases/strava-deps';
import { ProviderPath } from './provider-path';

/** POST /api/connections/{provider}/sync — sync now, or (manual_sync_only) file a sync request. */
export const handler = httpRoute({ auth: 'user', path: ProviderPath }, async ({ caller, path }) => requestOrRunSync(caller.userId, path.provider, await stravaDeps()));
