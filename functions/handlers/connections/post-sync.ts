import { httpRoute, respond } from '../http-route';
import { requestOrRunSync } from '../../usecases/connections';
import { ProviderPath } from './provider-path';

/** POST /api/connections/{provider}/sync — 202 with the background import job, or (manual_sync_only) a filed sync request. */
export const handler = httpRoute({ path: ProviderPath }, async ({ caller, path }) => {
  const response = await requestOrRunSync(caller.userId, path.provider);
  return response.kind === 'synced' ? response : respond(202, response);
});
