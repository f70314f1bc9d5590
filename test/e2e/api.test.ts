import { randomUUID } from 'node:crypto';
import {
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, inject, it } from 'vitest';
import { ROUTES } from '../../functions/shared/routes';
import { confirmationCodeFor } from '../support/mailbox';

const stack = inject('stack');

async function signedInTokens(): Promise<{ idToken: string; accessToken: string; email: string }> {
  const email = `api-${randomUUID().slice(0, 8)}@example.com`;
  const cognito = new CognitoIdentityProviderClient({
    endpoint: stack.cognitoEndpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  await cognito.send(
    new SignUpCommand({
      ClientId: stack.clientId,
      Username: email,
      Password: 'Trail-Buddy-2026',
      UserAttributes: [{ Name: 'email', Value: email }],
    }),
  );
  await cognito.send(
    new ConfirmSignUpCommand({
      ClientId: stack.clientId,
      Username: email,
      ConfirmationCode: await confirmationCodeFor(stack.cognitoDataDir, stack.userPoolId, email),
    }),
  );
  const auth = await cognito.send(
    new InitiateAuthCommand({
      ClientId: stack.clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: 'Trail-Buddy-2026' },
    }),
  );
  cognito.destroy();
  return { idToken: auth.AuthenticationResult!.IdToken!, accessToken: auth.AuthenticationResult!.AccessToken!, email };
}

describe('the local API host', () => {
  it('serves the public health check with every table reachable', async () => {
    const res = await fetch(`${stack.url}/api/health`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { status: string };
    expect(body.status).toBe('ok');
  });

  it('guards every non-public route with the JWT authorizer', async () => {
    for (const route of ROUTES.filter((r) => !r.public)) {
      const path = route.path.replace(/\{\w+\}/g, 'x');
      const res = await fetch(`${stack.url}${path}`, {
        method: route.method,
        headers: { authorization: 'Bearer forged.token.value' },
      });
      expect(res.status, `${route.method} ${route.path}`).toBe(401);
    }
  });

  it('knows the caller from the ID token only', async () => {
    const { idToken, email } = await signedInTokens();
    const res = await fetch(`${stack.url}/api/me`, { headers: { authorization: `Bearer ${idToken}` } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ email });
  });

  it('answers unknown API paths with a JSON 404, never the SPA', async () => {
    const res = await fetch(`${stack.url}/api/nope`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
  });
});
