import { cognitoSignInDeleter } from '../../adapters/cognito/user-directory';
import { httpRoute } from '../../lib/http';
import { accountDeletionDeps, deleteAccount } from '../../usecases/account-deletion';
import { disconnectProvider } from '../../usecases/connections';
import { stravaDeps, type StravaDeps } from '../../usecases/strava-deps';

/** DELETE /api/me — deauthorizes the caller's providers, deletes everything they own and their Cognito user, now. */
export const handler = httpRoute({ auth: 'user' }, async ({ caller, now }) => {
  // Built only when a provider is connected, so deleting an account never depends on provider settings.
  let strava: Promise<StravaDeps> | undefined;
  const disconnect = async (userId: string, provider: Parameters<typeof disconnectProvider>[1]) =>
    disconnectProvider(userId, provider, await (strava ??= stravaDeps()));
  return deleteAccount(caller, now, accountDeletionDeps(disconnect, cognitoSignInDeleter()));
});
