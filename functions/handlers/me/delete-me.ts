import { cognitoSignInDeleter } from '../../adapters/cognito/user-directory';
import { httpRoute } from '../http-route';
import { accountDeletionDeps, deleteAccount } from '../../usecases/account-deletion';
import { connectionDeps } from '../../usecases/providers/registry';
import { withdrawConnection } from '../../usecases/disconnect';

/** DELETE /api/me — deauthorizes the caller's providers, deletes everything they own and their Cognito user, now. */
export const handler = httpRoute({}, async ({ caller, now }) => {
  // Each provider's deps are built only when it is connected: deleting an account never depends on provider settings.
  const deps = connectionDeps();
  const disconnect = async (userId: string, provider: Parameters<typeof withdrawConnection>[1]) => {
    await withdrawConnection(userId, provider, deps, now);
  };
  return deleteAccount(caller, now, accountDeletionDeps(disconnect, cognitoSignInDeleter()));
});
