import type { APIGatewayProxyResult } from 'aws-lambda';
import { LIVE_PONG } from '../../shared/schemas/live';

/** The tab's heartbeat: the answer (a route response) tells it the channel still carries frames both ways. */
export async function handler(): Promise<APIGatewayProxyResult> {
  return { statusCode: 200, body: LIVE_PONG };
}
