import { GetCommand, paginateQuery, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { tableName } from '../lib/config';
import { dynamo } from '../lib/dynamo';
import { SyncRequest } from '../shared/schemas/connections';
import { keys } from './keys';

/** Spec user_sync_preferences.manual_sync_only (users table); absent means false. */
export async function isManualSyncOnly(userId: string): Promise<boolean> {
  const result = await dynamo().send(
    new GetCommand({
      TableName: tableName('users'),
      Key: keys.syncPreferences(userId),
      ProjectionExpression: 'manual_sync_only',
    }),
  );
  return result.Item?.manual_sync_only === true;
}

export async function setManualSyncOnly(userId: string, manualSyncOnly: boolean, now: Date): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: tableName('users'),
      Item: {
        ...keys.syncPreferences(userId),
        entity: 'SyncPreferences',
        user_id: userId,
        manual_sync_only: manualSyncOnly,
        updated_at: now.toISOString(),
      },
    }),
  );
}

/** Spec strava_sync_requests, in the rateLimits table; sk sorts by request time. */
export async function createSyncRequest(userId: string, now: Date): Promise<SyncRequest> {
  const request: SyncRequest = {
    id: ulid(now.getTime()),
    request_type: 'activities_sync',
    status: 'pending',
    requested_at: now.toISOString(),
    updated_at: now.toISOString(),
    completed_at: null,
    error_message: null,
  };
  await dynamo().send(
    new PutCommand({
      TableName: tableName('rateLimits'),
      Item: {
        ...keys.syncRequest(userId, request.requested_at, request.id),
        entity: 'StravaSyncRequest',
        user_id: userId,
        ...request,
      },
    }),
  );
  return request;
}

/** The user's sync requests, newest first. */
export async function listSyncRequests(userId: string, limit = 50): Promise<SyncRequest[]> {
  const { pk, skPrefix } = keys.syncRequestsOfUser(userId);
  const result = await dynamo().send(
    new QueryCommand({
      TableName: tableName('rateLimits'),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (result.Items ?? []).map((item) => SyncRequest.parse(item));
}

export async function pendingSyncRequests(userId: string): Promise<SyncRequest[]> {
  const { pk, skPrefix } = keys.syncRequestsOfUser(userId);
  const found: SyncRequest[] = [];
  const pages = paginateQuery(
    { client: dynamo() },
    {
      TableName: tableName('rateLimits'),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      FilterExpression: '#status = :pending',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix, ':pending': 'pending' },
    },
  );
  for await (const page of pages) for (const item of page.Items ?? []) found.push(SyncRequest.parse(item));
  return found;
}

/** pending → completed (sets completed_at) or failed (with the error message shown to the user). */
export async function finishSyncRequest(
  userId: string,
  request: SyncRequest,
  outcome: { status: 'completed' } | { status: 'failed'; errorMessage: string },
  now: Date,
): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName('rateLimits'),
      Key: keys.syncRequest(userId, request.requested_at, request.id),
      UpdateExpression: 'SET #status = :status, updated_at = :now, completed_at = :completedAt, error_message = :error',
      ConditionExpression: '#status = :pending',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':status': outcome.status,
        ':now': now.toISOString(),
        ':completedAt': outcome.status === 'completed' ? now.toISOString() : null,
        ':error': outcome.status === 'failed' ? outcome.errorMessage : null,
        ':pending': 'pending',
      },
    }),
  );
}
