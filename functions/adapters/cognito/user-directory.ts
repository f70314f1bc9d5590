import {
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { optionalEnv } from '../../lib/config';
import { logger } from '../../lib/logger';

/** Deletes a sign-in from the user pool (by username or sub); resolves when it is gone, including when it already was. */
export type DeleteSignIn = (username: string) => Promise<void>;

let client: CognitoIdentityProviderClient | undefined;

/** The user pool's admin API. COGNITO_ENDPOINT points it at the local emulator; in AWS it is unset. */
function cognito(): CognitoIdentityProviderClient {
  client ??= new CognitoIdentityProviderClient({
    endpoint: optionalEnv('COGNITO_ENDPOINT'),
    maxAttempts: 3,
    ...(optionalEnv('COGNITO_ENDPOINT')
      ? {
          region: optionalEnv('AWS_REGION') ?? 'local',
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        }
      : {}),
  });
  return client;
}

/** Sends an admin command for a user; a user who is already gone is fine (deletion and suspension are both idempotent). */
async function sendForUser(
  command: AdminDeleteUserCommand | AdminDisableUserCommand | AdminUserGlobalSignOutCommand,
): Promise<void> {
  try {
    await cognito().send(command as AdminDeleteUserCommand);
  } catch (error) {
    if (error instanceof Error && error.name === 'UserNotFoundException') return;
    throw error;
  }
}

/**
 * Cognito's AdminDeleteUser on USER_POOL_ID (the CDK grants it to DELETE /api/me only). Without USER_POOL_ID (test
 * harnesses that have no user pool) there is no sign-in to delete, which is logged.
 */
export function cognitoSignInDeleter(): DeleteSignIn {
  return async (username) => {
    const userPoolId = optionalEnv('USER_POOL_ID');
    if (!userPoolId) {
      logger.warn('USER_POOL_ID is not set: no user pool to delete the sign-in from');
      return;
    }
    await sendForUser(new AdminDeleteUserCommand({ UserPoolId: userPoolId, Username: username }));
  };
}

function requiredUserPoolId(): string {
  const userPoolId = optionalEnv('USER_POOL_ID');
  if (!userPoolId) throw new Error('USER_POOL_ID is not set');
  return userPoolId;
}

/**
 * Stops a user from signing in (Cognito AdminDisableUser) and signs them out everywhere (AdminUserGlobalSignOut:
 * every refresh token Cognito issued them stops working, so no device gets a new ID token). The pool accepts the
 * `sub` as the username. Tokens already issued stay valid for API Gateway until they expire (Cognito API reference,
 * AdminUserGlobalSignOut, read 2026-11-28: "Other requests might be valid until your user's token expires"):
 * functions/lib/http.ts refuses those on every request.
 */
export async function disableAndSignOut(userId: string): Promise<void> {
  const userPoolId = requiredUserPoolId();
  await sendForUser(new AdminDisableUserCommand({ UserPoolId: userPoolId, Username: userId }));
  await sendForUser(new AdminUserGlobalSignOutCommand({ UserPoolId: userPoolId, Username: userId }));
}
