import type { APIGatewayProxyResult, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { saveLiveConnection } from '../../repositories/live-connections';

/** What the $connect authorizer hands on (API Gateway passes a Lambda authorizer's `context` here). */
type ConnectEvent = APIGatewayProxyWebsocketEventV2 & {
  requestContext: { authorizer?: { userId?: unknown } };
};

/** $connect: the authorizer has checked the tab's Cognito token; the channel is recorded under its user. */
export async function handler(event: ConnectEvent): Promise<APIGatewayProxyResult> {
  const userId = event.requestContext.authorizer?.userId;
  if (typeof userId !== 'string' || userId === '') return { statusCode: 401, body: 'Unauthorized' };
  await saveLiveConnection(userId, event.requestContext.connectionId, new Date());
  return { statusCode: 200, body: '' };
}
