import { DeleteCommand, PutCommand, paginateQuery } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../lib/config';
import { dynamo } from '../lib/dynamo';
import { liveConnectionKeys } from './keys';

/**
 * API Gateway closes a WebSocket connection after 2 hours at most (checked 2026-11-29, "Amazon API Gateway quotas for
 * WebSocket APIs"), so an item older than that is one whose $disconnect never arrived: TTL takes it away.
 */
export const LIVE_CONNECTION_LIFETIME_SECONDS = 2 * 60 * 60 + 5 * 60;

/** users: records an open channel of `userId` (written on $connect). */
export async function saveLiveConnection(userId: string, connectionId: string, now: Date): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: tableName('users'),
      Item: {
        ...liveConnectionKeys.liveConnection(connectionId),
        ...liveConnectionKeys.liveConnectionOfUser(userId, connectionId),
        entity: 'LiveConnection',
        userId,
        connectionId,
        connectedAt: now.toISOString(),
        expiresAt: Math.floor(now.getTime() / 1000) + LIVE_CONNECTION_LIFETIME_SECONDS,
      },
    }),
  );
}

/** Forgets a channel ($disconnect, or the gateway answered 410 Gone); deleting one already gone is fine. */
export async function deleteLiveConnection(connectionId: string): Promise<void> {
  await dynamo().send(
    new DeleteCommand({ TableName: tableName('users'), Key: liveConnectionKeys.liveConnection(connectionId) }),
  );
}

/** The ids of `userId`'s open channels (TTL can lag, so expired items are left out here). */
export async function liveConnectionsOf(userId: string, now: Date): Promise<string[]> {
  const { gsi1pk, gsi1sk } = liveConnectionKeys.liveConnectionOfUser(userId, '');
  const ids: string[] = [];
  const pages = paginateQuery(
    { client: dynamo() },
    {
      TableName: tableName('users'),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)',
      ExpressionAttributeValues: { ':pk': gsi1pk, ':prefix': gsi1sk },
      ProjectionExpression: 'connectionId, expiresAt',
    },
  );
  for await (const page of pages)
    for (const item of page.Items ?? [])
      if (typeof item.expiresAt !== 'number' || item.expiresAt > now.getTime() / 1000)
        ids.push(String(item.connectionId));
  return ids;
}
