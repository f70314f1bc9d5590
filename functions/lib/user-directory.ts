import { AdminDisableUserCommand, CognitoIdentityProviderClient, UserNotFoundException } from '@aws-sdk/client-cognito-identity-provider';

let client: CognitoIdentityProviderClient | undefined;

/** The user pool's admin API (COGNITO_ENDPOINT points it at cognito-local; in AWS it is unset). */
function cognito(): CognitoIdentityProviderClient {
  client ??= new CognitoIdentityProviderClient({ endpoint: process.env.COGNITO_ENDPOINT || undefined, maxAttempts: 3 });
  return client;
}

function userPoolId(): string {
  const id = process.env.USER_POOL_ID;
  if (!id) throw new Error('USER_POOL_ID is not set');
  return id;
}

/** Stops a user from signing in (Cognito AdminDisableUser; the pool accepts the `sub` as the username). A user already gone is fine. */
export async function disableUser(userId: string): Promise<void> {
  try {
    await cognito().send(new AdminDisableUserCommand({ UserPoolId: userPoolId(), Username: userId }));
  } catch (error) {
    if (error instanceof UserNotFoundException || (error instanceof Error && error.name === 'UserNotFoundException')) return;
    throw error;
  }
}
