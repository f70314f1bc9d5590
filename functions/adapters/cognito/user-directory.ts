import { AdminDeleteUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { logger } from '../../lib/logger';

/** Deletes a sign-in from the user pool (by username or sub); resolves when it is gone, including when it already was. */
export type DeleteSignIn = (username: string) => Promise<void>;

let client: CognitoIdentityProviderClient | undefined;

/**
 * Cognito's AdminDeleteUser on USER_POOL_ID (the CDK grants it to DELETE /api/me only). COGNITO_ENDPOINT points
 * the client at the local emulator; in AWS it is unset. Without USER_POOL_ID (test harnesses that have no user
 * pool) there is no sign-in to delete, which is logged.
 */
export function cognitoSignInDeleter(): DeleteSignIn {
  return async (username) => {
    const userPoolId = process.env.USER_POOL_ID;
    if (!userPoolId) {
      logger.warn('USER_POOL_ID is not set: no user pool to delete the sign-in from');
      return;
    }
    client ??= new CognitoIdentityProviderClient({
      endpoint: process.env.COGNITO_ENDPOINT || undefined,
      maxAttempts: 3,
      ...(process.env.COGNITO_ENDPOINT ? { region: process.env.AWS_REGION ?? 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
    });
    try {
      await client.send(new AdminDeleteUserCommand({ UserPoolId: userPoolId, Username: username }));
    } catch (error) {
      if (error instanceof Error && error.name === 'UserNotFoundException') return;
      throw error;
    }
  };
}
