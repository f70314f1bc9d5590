import type { APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { liveAuthorizer } from '../../../functions/handlers/live/authorize';

const event = (token?: string) =>
  ({
    type: 'REQUEST',
    methodArn: 'arn:aws:execute-api:ca-central-1:123456789012:abc/live/$connect',
    queryStringParameters: token === undefined ? {} : { token },
  }) as unknown as APIGatewayRequestAuthorizerEvent;

/** A verifier that knows one good token, as Cognito's would know only tokens it signed. */
const authorize = liveAuthorizer(() => ({
  verify: async (token: string) => {
    if (token !== 'signed-by-the-pool') throw new Error('Token signature invalid');
    return { sub: 'user-1' };
  },
}));

describe('$connect authorizer', () => {
  it('refuses a missing or bad token with Unauthorized (API Gateway answers 401)', async () => {
    await expect(authorize(event())).rejects.toThrow('Unauthorized');
    await expect(authorize(event('forged'))).rejects.toThrow('Unauthorized');
  });

  it('allows a token the pool signed and hands its user on to $connect', async () => {
    const result = await authorize(event('signed-by-the-pool'));
    expect(result.principalId).toBe('user-1');
    expect(result.context).toEqual({ userId: 'user-1' });
    expect(result.policyDocument.Statement[0]).toMatchObject({ Effect: 'Allow' });
  });
});
