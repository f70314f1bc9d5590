import {
  BatchGetCommand,
  BatchWriteCommand,
  type DeleteCommand,
  PutCommand,
  UpdateCommand,
  paginateQuery,
} from '@aws-sdk/lib-dynamodb';
import { dynamo, isConditionalCheckFailure } from '../lib/dynamo';

type WriteRequest =
  { PutRequest: { Item: Record<string, unknown> } } | { DeleteRequest: { Key: Record<string, unknown> } };
const WRITE_BATCH = 25;
const GET_BATCH = 100;
const MAX_ATTEMPTS = 10;

const backoff = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.min(2000, 50 * 2 ** attempt)));

/** Chunks in flight at once: enough to hide round trips, few enough not to provoke throttling. */
const CONCURRENT_CHUNKS = 4;

/** BatchWrite in chunks of 25 (a few at a time), retrying UnprocessedItems with back-off until all are written. */
export async function batchWriteAll(table: string, requests: readonly WriteRequest[]): Promise<void> {
  const chunks: WriteRequest[][] = [];
  for (let i = 0; i < requests.length; i += WRITE_BATCH) chunks.push(requests.slice(i, i + WRITE_BATCH));
  await forEachConcurrently(chunks, CONCURRENT_CHUNKS, async (chunk) => {
    let pending = chunk;
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt >= MAX_ATTEMPTS) throw new Error(`BatchWrite left ${pending.length} items unprocessed after retries`);
      if (attempt > 0) await backoff(attempt);
      const result = await dynamo().send(new BatchWriteCommand({ RequestItems: { [table]: pending } }));
      pending = (result.UnprocessedItems?.[table] ?? []) as WriteRequest[];
    }
  });
}

async function forEachConcurrently<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** BatchGet in chunks of 100, retrying UnprocessedKeys; returns the items found (projection as given). */
export async function batchGetAll(
  table: string,
  keys: readonly Record<string, unknown>[],
  projection?: string,
): Promise<Record<string, unknown>[]> {
  const found: Record<string, unknown>[] = [];
  for (let i = 0; i < keys.length; i += GET_BATCH) {
    let pending: Record<string, unknown>[] = keys.slice(i, i + GET_BATCH);
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt >= MAX_ATTEMPTS) throw new Error(`BatchGet left ${pending.length} keys unprocessed after retries`);
      if (attempt > 0) await backoff(attempt);
      const result = await dynamo().send(
        new BatchGetCommand({
          RequestItems: { [table]: { Keys: pending, ...(projection ? { ProjectionExpression: projection } : {}) } },
        }),
      );
      found.push(...((result.Responses?.[table] ?? []) as Record<string, unknown>[]));
      pending = (result.UnprocessedKeys?.[table]?.Keys ?? []) as Record<string, unknown>[];
    }
  }
  return found;
}

/** Sends a conditional write: false when its condition refused it (someone got there first, or nothing to do), not an error. */
export async function writeIfCondition(command: PutCommand | UpdateCommand | DeleteCommand): Promise<boolean> {
  try {
    // One call per kind: the client's send is overloaded per command, not typed for a union of them.
    if (command instanceof PutCommand) await dynamo().send(command);
    else if (command instanceof UpdateCommand) await dynamo().send(command);
    else await dynamo().send(command);
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

/** Every item of `pk` whose sort key starts with `prefix`, page after page (a Query answers at most 1 MB at a time). */
export async function itemsByPrefix(
  table: string,
  { pk, prefix }: { pk: string; prefix: string },
  options: { attributes?: readonly string[]; consistent?: boolean } = {},
): Promise<Record<string, unknown>[]> {
  const names = options.attributes?.map((_, i) => `#a${i}`);
  const pages = paginateQuery(
    { client: dynamo() },
    {
      TableName: table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix },
      ...(options.attributes && names
        ? {
            ProjectionExpression: names.join(', '),
            ExpressionAttributeNames: Object.fromEntries(names.map((name, i) => [name, options.attributes![i]!])),
          }
        : {}),
      ConsistentRead: options.consistent ?? false,
    },
  );
  const items: Record<string, unknown>[] = [];
  for await (const page of pages) items.push(...(page.Items ?? []));
  return items;
}

/**
 * Deletes every item of `pk` whose sort key starts with `prefix` and returns them (with `attributes`, and always their
 * keys). The read is strongly consistent, so an item written just before is deleted too.
 */
export async function deleteItemsByPrefix(
  table: string,
  key: { pk: string; prefix: string },
  attributes: readonly string[] = [],
): Promise<Record<string, unknown>[]> {
  const items = await itemsByPrefix(table, key, { attributes: ['pk', 'sk', ...attributes], consistent: true });
  await batchWriteAll(
    table,
    items.map((item) => ({ DeleteRequest: { Key: { pk: item.pk, sk: item.sk } } })),
  );
  return items;
}
