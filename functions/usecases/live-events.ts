import {
  ApiGatewayManagementApiClient,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { optionalEnv } from '../lib/config';
import { logger } from '../lib/logger';
import { deleteLiveConnection, liveConnectionsOf } from '../repositories/live-connections';
import type { LiveEvent } from '../shared/schemas/live';

/** Delivers one frame to one open channel; 'gone' when the channel no longer exists. */
export type LiveSender = (connectionId: string, data: string) => Promise<'sent' | 'gone'>;

/** A push is a hint, never worth holding a request up: the tab polls while it hears nothing. */
const PUSH_TIMEOUT_MS = 1_500;

let managementClient: ApiGatewayManagementApiClient | undefined;

/**
 * PostToConnection on the management endpoint of the WebSocket API's stage (LIVE_ENDPOINT; locally the API host
 * serves the same `POST /@connections/{id}`). API Gateway answers 410 GoneException for a connection that is closed
 * (checked 2026-11-29, API Gateway developer guide, "Use @connections commands in your backend service").
 */
function managementApiSender(endpoint: string): LiveSender {
  managementClient ??= new ApiGatewayManagementApiClient({ endpoint, maxAttempts: 1 });
  const client = managementClient;
  return async (connectionId, data) => {
    try {
      await client.send(
        new PostToConnectionCommand({ ConnectionId: connectionId, Data: new TextEncoder().encode(data) }),
        {
          abortSignal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
        },
      );
      return 'sent';
    } catch (error) {
      if (error instanceof GoneException || (error as { name?: string }).name === 'GoneException') return 'gone';
      throw error;
    }
  };
}

/** The sender for this deployment, or none when the channel is not configured (no pushes; tabs keep polling). */
export function configuredLiveSender(): LiveSender | undefined {
  const endpoint = optionalEnv('LIVE_ENDPOINT');
  return endpoint ? managementApiSender(endpoint) : undefined;
}

/**
 * Tells every open tab of each user that something changed. Never throws: a failed push must not fail the write it
 * follows (the data is stored; the tab catches up on reconnect or by polling). Channels the gateway reports gone are
 * forgotten.
 */
export async function publishLiveEvent(
  userIds: readonly string[],
  event: LiveEvent,
  now: Date,
  send: LiveSender | undefined = configuredLiveSender(),
): Promise<void> {
  if (!send) return;
  const data = JSON.stringify(event);
  await Promise.all(
    [...new Set(userIds)].map(async (userId) => {
      try {
        const connections = await liveConnectionsOf(userId, now);
        await Promise.all(
          connections.map(async (connectionId) => {
            try {
              if ((await send(connectionId, data)) === 'gone') await deleteLiveConnection(connectionId);
            } catch (error) {
              logger.warn('live push failed', { type: event.type, error: (error as Error).name });
            }
          }),
        );
      } catch (error) {
        logger.warn('live connections unreadable', { type: event.type, error: (error as Error).name });
      }
    }),
  );
}
