import type { APIGatewayAuthorizerResult, APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { CognitoJwtVerifier } from 'aws-jwt-verify';
import { requiredEnv } from '../../lib/config';
import { LIVE_TOKEN_PARAMETER } from '../../shared/live-routes';

type IdTokenVerifier = { verify(token: string): Promise<{ sub: string }> };
let verifier: IdTokenVerifier | undefined;

const idTokenVerifier = (): IdTokenVerifier =>
  (verifier ??= CognitoJwtVerifier.create({
    userPoolId: requiredEnv('USER_POOL_ID'),
    clientId: requiredEnv('USER_POOL_CLIENT_ID'),
    tokenUse: 'id',
  }));

/**
 * The WebSocket API's $connect authorizer (REQUEST type, identity source `route.request.querystring.token`): the
 * site's Cognito ID token, checked like the HTTP API's authorizer checks it. Throwing 'Unauthorized' is how a Lambda
 * authorizer answers 401 (checked 2026-11-29, API Gateway developer guide, "Control access to WebSocket APIs with
 * AWS Lambda REQUEST authorizers"); the user id travels on as context.userId to $connect.
 */
export function liveAuthorizer(verify: () => IdTokenVerifier = idTokenVerifier) {
  return async (event: APIGatewayRequestAuthorizerEvent): Promise<APIGatewayAuthorizerResult> => {
    const token = event.queryStringParameters?.[LIVE_TOKEN_PARAMETER];
    if (!token) throw new Error('Unauthorized');
    let sub: string;
    try {
      ({ sub } = await verify().verify(token));
    } catch {
      throw new Error('Unauthorized');
    }
    return {
      principalId: sub,
      policyDocument: {
        Version: '2012-10-17',
        Statement: [{ Action: 'execute-api:Invoke', Effect: 'Allow', Resource: event.methodArn }],
      },
      context: { userId: sub },
    };
  };
}

export const handler = liveAuthorizer();
