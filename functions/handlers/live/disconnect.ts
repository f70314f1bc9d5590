import type { APIGatewayProxyResult, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { deleteLiveConnection } from '../../repositories/live-connections';

/** $disconnect (best effort on API Gateway: a missed one is caught by a 410 on the next push, or by TTL). */
export async function handler(event: APIGatewayProxyWebsocketEventV2): Promise<APIGatewayProxyResult> {
  await deleteLiveConnection(event.requestContext.connectionId);
  return { statusCode: 200, body: '' };
}
