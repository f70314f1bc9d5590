import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { tableName } from '../../../functions/lib/config';
import { dynamo } from '../../../functions/lib/dynamo';
import {
  batchWriteAll,
  deleteItemsByPrefix,
  itemsByPrefix,
  writeIfCondition,
} from '../../../functions/repositories/batch';

const key = () => ({ pk: `TEST#${randomUUID()}`, sk: 'WRITE_IF_CONDITION' });
const read = async (k: Record<string, string>) =>
  (await dynamo().send(new GetCommand({ TableName: tableName('rateLimits'), Key: k, ConsistentRead: true }))).Item;

describe('writeIfCondition', () => {
  it('answers true for a write that happened and false for one its condition refused, which changed nothing', async () => {
    const k = key();
    const putOnce = () =>
      writeIfCondition(
        new PutCommand({
          TableName: tableName('rateLimits'),
          Item: { ...k, count: 1 },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    expect(await putOnce()).toBe(true);
    expect(await putOnce()).toBe(false);

    const raiseTo = (count: number) =>
      writeIfCondition(
        new UpdateCommand({
          TableName: tableName('rateLimits'),
          Key: k,
          UpdateExpression: 'SET #count = :count',
          ConditionExpression: '#count < :count',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: { ':count': count },
        }),
      );
    expect(await raiseTo(5)).toBe(true);
    expect(await raiseTo(3)).toBe(false);
    expect(await read(k)).toMatchObject({ count: 5 });

    const deleteAt = (count: number) =>
      writeIfCondition(
        new DeleteCommand({
          TableName: tableName('rateLimits'),
          Key: k,
          ConditionExpression: '#count = :count',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: { ':count': count },
        }),
      );
    expect(await deleteAt(4)).toBe(false);
    expect(await read(k)).toBeDefined();
    expect(await deleteAt(5)).toBe(true);
    expect(await read(k)).toBeUndefined();
  });

  it('throws every other failure', async () => {
    await expect(
      writeIfCondition(
        new PutCommand({ TableName: 'no-such-table', Item: key(), ConditionExpression: 'attribute_not_exists(pk)' }),
      ),
    ).rejects.toThrow();
  });
});

describe('itemsByPrefix and deleteItemsByPrefix', () => {
  it('read and delete every item under the prefix past a 1 MB Query page, and nothing beside it', async () => {
    const pk = `TEST#${randomUUID()}`;
    // 30 items of 40 kB: about 1.2 MB, more than one Query answers at a time.
    const padding = 'x'.repeat(40_000);
    await batchWriteAll(tableName('rateLimits'), [
      ...Array.from({ length: 30 }, (_, i) => ({
        PutRequest: { Item: { pk, sk: `BOOKING#${String(i).padStart(2, '0')}`, userId: `user-${i}`, padding } },
      })),
      { PutRequest: { Item: { pk, sk: 'OFFER', userId: 'driver' } } },
    ]);

    const listed = await itemsByPrefix(tableName('rateLimits'), { pk, prefix: 'BOOKING#' }, { attributes: ['userId'] });
    expect(listed.map((item) => item.userId).sort()).toEqual(Array.from({ length: 30 }, (_, i) => `user-${i}`).sort());
    expect(listed[0]).not.toHaveProperty('padding');

    const deleted = await deleteItemsByPrefix(tableName('rateLimits'), { pk, prefix: 'BOOKING#' }, ['userId']);
    expect(deleted).toHaveLength(30);
    expect(deleted.every((item) => typeof item.userId === 'string' && !('padding' in item))).toBe(true);
    expect(await itemsByPrefix(tableName('rateLimits'), { pk, prefix: 'BOOKING#' })).toEqual([]);
    expect(await read({ pk, sk: 'OFFER' })).toMatchObject({ userId: 'driver' });
  });
});
