import { httpRoute, respond } from '../http-route';
import { disconnectProvider } from '../../usecases/connections';
import { ProviderPath } from './provider-path';

/** DELETE /api/connections/{provider} — deauthorize, deactivate, delete tokens and the provider's activities. */
export const handler = httpRoute({ path: ProviderPath }, async ({ caller, path, now }) => {
  await disconnectProvider(caller.userId, path.provider, now);
  return respond(204);
});
