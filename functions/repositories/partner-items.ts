import { paginateQuery } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../lib/config';
import { dynamo } from '../lib/dynamo';
import { batchWriteAll } from './batch';

/** Deletes every item of `pk` whose sk starts with `prefix`; returns the count. */
export async function deleteItemsByPrefix({ pk, prefix }: { pk: string; prefix: string }): Promise<number> {
  const TableName = tableName('social');
  const keys: Record<string, unknown>[] = [];
  const pages = paginateQuery(
    { client: dynamo() },
    {
      TableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix },
      ProjectionExpression: 'pk, sk',
    },
  );
  for await (const page of pages) for (const item of page.Items ?? []) keys.push({ pk: item.pk, sk: item.sk });
  await batchWriteAll(
    TableName,
    keys.map((Key) => ({ DeleteRequest: { Key } })),
  );
  return keys.length;
}
