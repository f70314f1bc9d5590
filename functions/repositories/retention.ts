import { paginateScan, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../lib/config';
import { dynamo, isConditionalCheckFailure } from '../lib/dynamo';
import type { TableId } from '../shared/tables';
import { batchWriteAll } from './batch';

/** Tables whose provider-sourced items carry `fetchedAt` and fall under the 7-day rule. */
const PROVIDER_DATA_TABLES: readonly TableId[] = ['activities'];

/**
 * Deletes every provider-sourced item last fetched before `cutoff`; returns how many.
 * A scan is acceptable here: the job runs hourly off the request path, and TTL does the bulk.
 */
export async function deleteProviderDataFetchedBefore(cutoff: Date): Promise<number> {
  let deleted = 0;
  for (const table of PROVIDER_DATA_TABLES) {
    const TableName = tableName(table);
    const pages = paginateScan(
      { client: dynamo() },
      {
        TableName,
        ProjectionExpression: 'pk, sk',
        FilterExpression: 'attribute_exists(fetchedAt) AND fetchedAt < :cutoff',
        ExpressionAttributeValues: { ':cutoff': cutoff.toISOString() },
      },
    );
    for await (const page of pages) {
      const items = page.Items ?? [];
      await batchWriteAll(
        TableName,
        items.map((item) => ({ DeleteRequest: { Key: { pk: item.pk, sk: item.sk } } })),
      );
      deleted += items.length;
    }
  }
  return deleted;
}

/**
 * Inactive connections keep no provider secrets or provider data: tokens (and the athlete name) are removed.
 * Disconnect and deauthorization already do this; the purge catches anything a failure left behind.
 */
export async function clearInactiveConnectionSecrets(): Promise<number> {
  const TableName = tableName('connections');
  let cleared = 0;
  const pages = paginateScan(
    { client: dynamo() },
    {
      TableName,
      ProjectionExpression: 'pk, sk',
      FilterExpression:
        'entity = :entity AND is_active = :false AND (attribute_exists(accessTokenEnc) OR attribute_exists(refreshTokenEnc) OR attribute_exists(connection_data))',
      ExpressionAttributeValues: { ':entity': 'HealthConnection', ':false': false },
    },
  );
  for await (const page of pages) {
    for (const item of page.Items ?? []) {
      await dynamo()
        .send(
          new UpdateCommand({
            TableName,
            Key: { pk: item.pk, sk: item.sk },
            UpdateExpression:
              'REMOVE accessTokenEnc, refreshTokenEnc, token_expires_at, connection_data, refreshLeaseUntil',
            // Reconnected in the meantime: those are live tokens now.
            ConditionExpression: 'is_active = :false',
            ExpressionAttributeValues: { ':false': false },
          }),
        )
        .then(
          () => (cleared += 1),
          (error: unknown) => {
            if (!isConditionalCheckFailure(error)) throw error;
          },
        );
    }
  }
  return cleared;
}
